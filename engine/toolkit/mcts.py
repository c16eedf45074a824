"""``mcts``: information-set Monte-Carlo tree search for every game that supports search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). Each iteration

1. samples a full state consistent with the bot's observation (its search's
   ``sample``, the game's unless a subclass gives its own): the bot never sees the live
   state or hidden truth;
2. descends one tree shared by all samples, whose edges are (seat, option): at each
   node only the options legal in this sample count, and a child is chosen by UCB1 with
   its *availability* (how often it could have been chosen) in place of the parent's
   visits; simultaneous decisions are taken one seat after another;
3. adds one untried child, then plays a rollout with the game's fast policy (uniform
   random without one) to the end, or to the game's ``horizon`` where ``evaluate``
   scores it (a one-seat game's end is scored by ``evaluate`` too, if the game has one);
4. backs the per-seat rewards in [0, 1] up the path, each edge keeping the reward of
   the seat that chose it.

The move is the root option visited most. Budget: ``iterations`` per decision and/or
``ms`` milliseconds per decision (0 = no limit of that kind; the first limit reached
stops). With only an iteration budget the bot is deterministic for its rng stream.

``tree=self`` branches only on the searching seat's own decisions: other seats decide by
the rollout policy inside the tree too, so the tree holds the bot's own plans against a
model of the others (the game's policy) rather than against a uniformly exploring table.

``tree=root`` keeps only the root: each iteration plays one root option and then the
rollout policy for every seat (flat Monte Carlo over samples). The bot's own later
decisions are then played by the policy rather than explored by UCB, which in a short
search spreads a root option's visits over weak continuations.

``seen=true`` keeps the searching seat's own decision nodes (below the root) apart by
what it has seen, the game's ``Search.seen`` key: a move after a look at a hidden hand
is then chosen for what that look showed, not averaged over every sample, so the search
can value gaining information. The tree splits, so it needs more iterations.

``expand=m`` (default 1) leaves a decision below the root to the rollout policy until
descents have reached it ``m`` times (per ``seen`` key): a node that few samples reach
then plays the policy's move instead of a random untried one. With ``seen=true`` most of
the searching seat's later decision nodes are reached once in a short search.

``crn=true`` (common random numbers) tries every root option on the same sample with the
same random stream: one sample per sweep, one rollout per root option. The options are
then compared on the same hidden cards and the same luck, which removes most of the noise
when outcomes vary a lot from deal to deal (the budget still counts rollouts).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engine.core.decision import Decision
from engine.core.game import Game, GameState
from engine.core.result import Result
from engine.core.rng import GameRng


class Node:
    """A tree node: the edge into it (chosen by ``mover``) and its statistics."""

    __slots__ = ("available", "by_seen", "children", "mover", "reached", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[tuple[int, Hashable], Node] = {}
        # With seen=true: the children of the searching seat's decision, per what it saw.
        self.by_seen: dict[Hashable, dict[tuple[int, Hashable], Node]] = {}
        # With expand > 1: how often a descent reached this node's decision, per seen key.
        self.reached: dict[Hashable, int] = {}


def rank_rewards(result: Result) -> tuple[float, ...]:
    """1 for first place, 0 for last, linear between (ties share the better rank)."""
    n = len(result.ranks)
    if n < 2:
        return (1.0,) * n
    return tuple((n - r) / (n - 1) for r in result.ranks)


class MctsBot:
    """See the module docstring. Parameters come from a spec such as
    ``mcts:iterations=200,ms=50,c=0.7,rollout=0``; ``rollout`` caps the decisions of one
    rollout (0: no cap; a capped rollout without ``evaluate`` scores 0.5 for everyone)."""

    name = "mcts"
    needs_observation = True

    def __init__(
        self, game: Game, iterations: int = 200, ms: float = 0.0, c: float = 0.7,
        rollout: int = 0, tree: str = "all", crn: bool = False, seen: bool = False,
        expand: int = 1,
    ) -> None:
        if game.search is None:
            raise ValueError(f"{game.game_id} does not support search")
        if seen and game.search.seen is None:
            raise ValueError(f"{game.game_id} has no seen key: seen must be false")
        if iterations < 0 or ms < 0 or rollout < 0 or c < 0:
            raise ValueError("iterations, ms, c and rollout must not be negative")
        if expand < 1:
            raise ValueError("expand must be at least 1")
        if iterations == 0 and ms == 0:
            raise ValueError("give a budget: iterations > 0 or ms > 0")
        if tree not in ("all", "self", "root"):
            raise ValueError(f"tree must be all, self or root, got {tree!r}")
        self.tree_all = tree == "all"
        self.flat = tree == "root"
        self.crn = crn
        self.split_seen = seen
        self.expand = expand
        self.game = game
        self.search = game.search
        self.iterations = iterations
        self.ms = ms
        self.c = c
        self.rollout = rollout
        self.clock: Callable[[], float] = time.perf_counter
        self.last_iterations = 0
        self.last_root: Node | None = None  # the tree of the last search (for inspection)
        # Root options the search may try (None: all); a subclass sets it per decision.
        self.root_allowed: frozenset[Hashable] | None = None

    def choose(self, observation: Any, decision: Decision, rng: GameRng) -> int:
        options = decision.options
        if len(options) == 1:
            return 0
        seat = decision.seat
        root = Node(seat)
        fixed = None if self.game.info.hidden_information else self.search.sample(
            observation, rng)
        deadline = self.clock() + self.ms / 1000 if self.ms else math.inf
        allowed = self.root_allowed
        tried = [i for i, o in enumerate(options) if allowed is None or o in allowed]
        sweep = len(tried) if self.crn else 1  # rollouts per sample
        done = 0
        while (not self.iterations or done == 0 or done + sweep <= self.iterations) and (
            done == 0 or not self.ms or self.clock() < deadline
        ):
            state = fixed.clone() if fixed is not None else self.search.sample(
                observation, rng)
            if self.crn:
                luck = rng.randrange(1 << 30)
                for k, i in enumerate(tried):
                    twin = state.clone() if k < sweep - 1 else state
                    self._iterate(root, twin, seat, GameRng(luck), first=i)
            else:
                self._iterate(root, state, seat, rng)
            done += sweep
        self.last_iterations = done
        self.last_root = root
        children = root.children

        def score(i: int) -> tuple[int, float]:
            child = children.get((seat, options[i]))
            if child is None or not child.visits:
                return (0, 0.0)
            return (child.visits, child.total / child.visits)

        return max(range(len(options)), key=score)

    # ------------------------------------------------------------------ one iteration
    def _iterate(
        self, root: Node, state: GameState, seat: int, rng: GameRng, first: int = -1
    ) -> None:
        """One descent, expansion, rollout and backup; ``first`` forces the root option."""
        search = self.search
        seen = search.seen if self.split_seen else None
        start = state.clone() if search.horizon is not None else state
        path: list[Node] = []
        node = root
        c = self.c
        expand = self.expand
        while not state.is_terminal():
            pending = state.pending_seats()
            mover = seat if seat in pending and (node is root or not self.tree_all) \
                else pending[0]
            if mover != seat and not self.tree_all:
                state.apply(mover, self._policy(state, mover, rng))
                continue
            options = state.decision(mover).options
            children = node.children
            if node is not root:
                split = seen if mover == seat else None  # the seat's own: kept apart
                key = split(state, seat) if split is not None else None
                if expand > 1:
                    reached = node.reached[key] = node.reached.get(key, 0) + 1
                    if reached < expand:
                        break  # too new to branch on: the rollout policy plays from here
                if split is not None:
                    children = node.by_seen.setdefault(key, {})
            if node is root and first >= 0:
                untried = [] if (mover, options[first]) in children else [first]
                for option in options:
                    child = children.get((mover, option))
                    if child is not None:
                        child.available += 1
                if untried:
                    child = self._expand(children, mover, options[first], state, first)
                    path.append(child)
                    break
                chosen = children[(mover, options[first])]
                state.apply(mover, first)
                path.append(chosen)
                if self.flat:
                    break
                node = chosen
                continue
            untried = []
            best_i, best_v, best_child = -1, -math.inf, None
            only = self.root_allowed if node is root and mover == seat else None
            if only is not None and not any(o in only for o in options):
                only = None
            for i, option in enumerate(options):
                if only is not None and option not in only:
                    continue
                child = children.get((mover, option))
                if child is None:
                    untried.append(i)
                    continue
                child.available += 1
                if not untried:
                    v = child.total / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits)
                    if v > best_v:
                        best_i, best_v, best_child = i, v, child
            if untried:
                i = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                path.append(self._expand(children, mover, options[i], state, i))
                break
            assert best_child is not None
            state.apply(mover, best_i)
            path.append(best_child)
            if self.flat and node is root:
                break
            node = best_child
        rewards = self._rollout(start, state, rng)
        for visited in path:
            visited.visits += 1
            visited.total += 0.5 if rewards is None else rewards[visited.mover]

    @staticmethod
    def _expand(children: dict[tuple[int, Hashable], Node], mover: int, option: Hashable,
                state: GameState, index: int) -> Node:
        """A new child for an untried option, which is then played."""
        child = Node(mover)
        child.available = 1
        children[(mover, option)] = child
        state.apply(mover, index)
        return child

    def _rollout(
        self, start: GameState, state: GameState, rng: GameRng
    ) -> Sequence[float] | None:
        """Play on; per-seat rewards, or None (no score: 0.5 for everyone)."""
        search = self.search
        horizon = search.horizon
        cap = self.rollout
        steps = 0
        while not state.is_terminal():
            if horizon is not None and horizon(start, state):
                break
            if cap and steps >= cap:
                break
            who = state.pending_seats()[0]
            state.apply(who, self._policy(state, who, rng))
            steps += 1
        if state.is_terminal():
            result = state.result()
            if len(result.ranks) > 1 or search.evaluate is None:
                return rank_rewards(result)
            # One seat (a solo game) always ranks first: only the game can tell a
            # good end from a bad one.
            return search.evaluate(start, state)
        if search.evaluate is not None:
            return search.evaluate(start, state)
        return None

    def _policy(self, state: GameState, seat: int, rng: GameRng) -> int:
        """The game's fast policy, or a uniformly random option."""
        policy = self.search.policy
        if policy is not None:
            return policy(state, seat, rng)
        return rng.randrange(len(state.decision(seat).options))
