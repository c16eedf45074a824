"""One test per animal card (401-528): set the zoo up, play the card, check its effect.

Every animal gives its printed appeal, CP and reputation (spec 8.2 step 6) and its icons
(spec 9); each ability keyword (spec 19) has its own expectation below, written from the
spec, and is checked for every card that carries it.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ark_nova.cards.abilities import INVENTIVE_BY_CARD
from engine.ark_nova.cards.catalog import (
    ACTION_NAMES,
    ANIMALS,
    BEAR,
    ICON,
    PETTING,
    PREDATOR,
    PRIMATE,
    Ability,
    Card,
    load_cards,
)
from engine.ark_nova.cards.effects import Digging, Magnet, Perception, Resistance, TakeBaseProject
from engine.ark_nova.map.buildings import AVIARY_T, ENC_T, KIOSK_T, PAVILION_T
from engine.ark_nova.model.state import FLOCK
from engine.ark_nova.model.steps import DECLINE, Decline, Option
from engine.ark_nova.rules import zoo
from engine.ark_nova.rules.act_animals import HouseIn
from engine.ark_nova.rules.cardflow import KeepCard
from engine.ark_nova.rules.custom import DigFolder, DigHandCard, Give, TakeBaseProjectCard
from engine.ark_nova.rules.turn import (
    CardToSlot,
    ChooseAction,
    UseCard,
)
from tests.ark_nova.cardscene import (
    FILLER,
    Scene,
    add_fitting,
    first_not_decline,
    meet_conditions,
    play_animal,
    scene,
)
from tests.ark_nova.helpers import (
    check_invariants,
    give,
    options,
    pick,
    push,
    run_effects,
    take_out,
    to_display,
)
from tests.ark_nova.helpers import (
    kind as step_kind,
)

CARDS = load_cards()
ANIMAL_IDS = CARDS.animals


def printed(card: Card) -> dict[str, int]:
    return {"appeal": card.appeal, "cp": card.cp, "rep": card.reputation}


# ----------------------------------------------------------------------------- per keyword
# Each entry: (prepare the scene, policy, check after play). ``extra`` collects gains that
# the ability adds to the printed appeal / money / x so the generic check can add them.


def _others_have(sc: Scene) -> None:
    """An opponent that interactive effects can reach: more appeal and CP than me."""
    sc.o.appeal = 30
    sc.o.cp = 5
    sc.o.money = 40


def check_ability(sc: Scene, card: Card, a: Ability, extra: dict[str, int]) -> None:
    s, p, o = sc.s, sc.p, sc.o
    k = a.keyword
    n = a.param
    if k == "petting":
        extra["appeal"] += 3 * p.icons[PETTING]
    elif k in ("boost", "clever"):
        assert "MOVE_ACTION_CARD" in sc.asked  # asked after the Animals card moved
        if k == "boost":
            # to slot 1, or to slot 5 when it already is in slot 1 (boost:animals)
            assert p.order[4 if n == ANIMALS else 0] == n
    elif k == "sunbathing":
        extra["money"] += 4 * min(n, len(FILLER))
    elif k == "multiplier":
        if n == ANIMALS:
            assert p.mult_active[n] == 1  # activated at step 5
        else:
            assert p.mult_active[n] == 1
    elif k == "flock":
        pass  # a housing rule: test_flock_animal_shares_a_herbivore_enclosure
    elif k == "scavenging":
        assert sc.delta("discard") == -1 and "KEEP_CARD" in sc.asked
    elif k == "hunter":
        assert 402 in p.hand and sc.delta("deck") == -n
    elif k == "inventive":
        if card.id == 411:
            extra["x"] += min(3, sum(q.icons[BEAR] for q in s.players))
        elif card.id in (459, 464):
            prim = p.icons[PRIMATE]
            extra["x"] += 3 if prim >= 5 else 2 if prim >= 3 else 1 if prim >= 1 else 0
        else:
            extra["x"] += n or 1
    elif k == "iconic":
        extra["appeal"] += min(8, sum(q.icons[n] for q in s.players))
    elif k == "pouch":
        extra["appeal"] += 2 * n
        assert len(p.pouched[card.id]) == n
    elif k == "digging":
        assert sc.delta("discard") == n
    elif k == "snapping":
        assert sc.asked.count("SNAP") >= 1
        extra["hand"] += n
    elif k == "posturing":
        built = [b.code for b in p.bld[sc.before["buildings"]:]]
        assert len(built) == n and set(built) <= {KIOSK_T, PAVILION_T}
        extra["appeal"] += built.count(PAVILION_T)
    elif k == "sprint":
        extra["hand"] += n
    elif k == "pack":
        extra["appeal"] += p.icons[PREDATOR]
    elif k == "action":
        assert "CHOOSE_ACTION" in sc.asked
    elif k == "jumping":
        assert sc.delta("break") == n
        extra["money"] += n
    elif k == "full-throated":
        assert sc.delta("workers") == 1
    elif k == "venom":
        assert all(o.venom[a] == 1 for a in o.order[:n])
        assert not any(o.venom[a] for a in o.order[n:])
    elif k == "pilfering":
        assert o.money == 40 - 5 * n  # his hand is empty: he must give 5 money
        extra["money"] += 5 * n
    elif k == "constriction":
        assert o.constriction[o.order[4]] == 1 and o.constriction[o.order[3]] == 1
    elif k == "perception":
        extra["hand"] += 2
        assert sc.delta("discard") == n - 2
    elif k == "resistance":
        assert sc.delta("finals") == 1
    elif k == "assertion":
        assert any(101 <= c <= 112 for c in p.hand)
        extra["hand"] += 1
    elif k == "magnet":
        extra["hand"] += 2  # two sponsors were put in the display
    elif k == "hypnosis" or k == "determination":
        assert "CHOOSE_ACTION" in sc.asked
    elif k == "dominance":
        assert 108 in p.hand
        extra["hand"] += 1
    elif k == "peacocking":
        assert any(b.code == AVIARY_T for b in p.bld)
    else:  # pragma: no cover
        raise AssertionError(k)


def placement_bonuses(sc: Scene, extra: dict[str, int]) -> None:
    """What the placement bonuses under buildings placed by the ability gave (spec 7.6)."""
    p = sc.p
    for b in p.bld[sc.before["buildings"]:]:
        for c in b.cells:
            bonus = p.map.bonus[c]
            if bonus == "x_token":
                extra["x"] += 1
            elif bonus and bonus.startswith("reputation_"):
                extra["rep"] += int(bonus[-1])
            elif bonus and bonus.startswith("money_"):
                extra["money"] += int(bonus.split("_")[1])
            elif bonus == "card_deck_or_range":
                extra["hand"] += 1


def prepare(card: Card) -> Callable[[Scene], None]:
    def setup(sc: Scene) -> None:
        s, p = sc.s, sc.p
        keys = {a.keyword for a in card.abilities}
        if keys & {"sunbathing", "pouch", "digging"}:
            give(s, sc.me, *FILLER)
        if keys & {"venom", "pilfering", "constriction", "hypnosis"}:
            _others_have(sc)
        if "hunter" in keys:
            n = card.ability("hunter").param  # type: ignore[union-attr]
            revealed = [*FILLER[: n - 1], 402]  # one animal, revealed last
            for c in revealed:
                take_out(s, c)
            s.deck.extend(reversed(revealed))
        if "scavenging" in keys:
            for c in (260, 259, 258, 257, 256, 255):
                take_out(s, c)
                s.discard.append(c)
        if "magnet" in keys:
            to_display(s, 1, 201)
            to_display(s, 4, 202)
        if "dominance" in keys and 108 not in s.unused_base:
            s.base_row.remove(108) if 108 in s.base_row else None
            s.unused_base.append(108)
            s.levels.pop(108, None)
        if "flock" in keys:
            p.side2[ANIMALS] = True
    return setup


def policy_for(card: Card) -> Callable:
    keys = {a.keyword for a in card.abilities}

    def policy(s, seat: int, opts: list[Option]) -> Option:
        if s.asked_step.kind == "PILFER_GIVE":
            return Give.of(0)
        if s.asked_step.kind == "CHOOSE_ACTION":
            return DECLINE if DECLINE in opts else opts[0]
        if "boost" in keys and s.asked_step.kind == "MOVE_ACTION_CARD":
            b = card.ability("boost").param  # type: ignore[union-attr]
            return CardToSlot.of(b, 1) if CardToSlot.of(b, 1) in opts else opts[0]
        return first_not_decline(s, seat, opts)

    return policy


@pytest.mark.parametrize("card_id", ANIMAL_IDS, ids=[f"AN-{c}" for c in ANIMAL_IDS])
def test_animal(card_id: int) -> None:
    card = CARDS[card_id]
    sc = scene(seed=card_id)
    play_animal(sc, card_id, policy_for(card), prepare(card))
    check_invariants(sc.s)
    p = sc.p
    assert card_id in p.animals and card_id not in p.hand
    for i, k in enumerate(card.icons):
        assert p.icons[i] >= k
    extra = {"appeal": 0, "money": 0, "x": 0, "hand": 0, "rep": 0}
    for a in card.abilities:
        check_ability(sc, card, a, extra)
    placement_bonuses(sc, extra)
    gains = printed(card)
    assert sc.delta("appeal") == gains["appeal"] + extra["appeal"]
    assert sc.delta("rep") == gains["rep"] + extra["rep"]
    assert sc.delta("cp") == gains["cp"]
    cost = max(0, card.cost - 3 * sum(1 for z in p.partner_zoos if card.icons[z]))
    assert sc.delta("money") == extra["money"] - cost
    assert sc.delta("x") == extra["x"]
    if not {a.keyword for a in card.abilities} & {
            "sunbathing", "pouch", "digging", "scavenging", "hunter", "perception",
            "assertion", "dominance", "magnet", "sprint", "snapping", "pilfering"}:
        assert sc.delta("hand") == extra["hand"] - 1  # the played card left the hand


@pytest.mark.parametrize("card_id", [c for c in ANIMAL_IDS if CARDS[c].has("flock")],
                         ids=lambda c: f"AN-{c}")
def test_flock_animal_shares_a_herbivore_enclosure(card_id: int) -> None:
    """Spec 8.6: without a free enclosure, a herbivore of standard size >= N suffices."""
    card = CARDS[card_id]
    n = card.ability("flock").param  # type: ignore[union-attr]
    sc = scene(seed=card_id)
    s, p = sc.s, sc.p
    big = next(h for h in (426, 431, 436, 441) if CARDS[h].standard_size >= n)
    from tests.ark_nova.helpers import house_animal

    home = add_fitting(s, sc.me, ENC_T[5])
    house_animal(s, sc.me, big, home)
    meet_conditions(s, sc.me, card)
    assert zoo.housings(s, sc.me, card) == [FLOCK]
    small_herd = next(h for h in (439, 445) if CARDS[h].standard_size < n) if n > 2 else None
    if small_herd is not None:
        p.animals.remove(big)
        p.animals.append(small_herd)
        assert zoo.housings(s, sc.me, card) == []
        p.animals.remove(small_herd)
        p.animals.append(big)
    give(s, sc.me, card_id)
    from engine.ark_nova.rules.act_animals import ChooseHousing

    push(s, ChooseHousing(sc.me, card_id, 0))
    sc.answer()
    assert p.housing[card_id] == FLOCK and p.bld_state[home] == 1


def test_every_animal_has_a_test_and_every_keyword_is_checked():
    keys = {a.keyword for c in ANIMAL_IDS for a in CARDS[c].abilities}
    assert len(ANIMAL_IDS) == 128
    assert len(keys) == 30
    assert all(ACTION_NAMES[a] for a in range(5))
    assert isinstance(HouseIn.of(0), Option) and isinstance(DECLINE, Decline)
    assert ICON["petting-zoo"] == PETTING
    assert UseCard.of(0) and ChooseAction


def test_magnet_takes_the_sponsors_of_every_folder_up_to_6() -> None:
    """19 magnet:sponsors: every sponsor in the display, in all six folders, goes to the hand
    (the other cards stay)."""
    sc = scene()
    s, p = sc.s, sc.p
    to_display(s, 1, 201)
    to_display(s, 6, 202)
    for folder, animal in zip(range(2, 6), (401, 402, 403, 404), strict=True):
        to_display(s, folder, animal)
    run_effects(s, sc.me, [Magnet()])
    assert {201, 202} <= set(p.hand) and s.display[1:5] == [401, 402, 403, 404]
    assert s.display[0] == s.display[5] == -1


def test_perception_with_the_deck_and_discard_pile_running_out_keeps_what_was_drawn() -> None:
    """19 perception with 10.1 (D-10): the cards are drawn from the deck, then the reshuffled
    discard pile; with both empty the drawing stops, and only real cards are offered."""
    sc = scene()
    s, p = sc.s, sc.p
    last = s.deck[-1]
    s.deck, s.discard = [last], []
    run_effects(s, sc.me, [Perception(3)])
    assert p.hand == [last] and not p.limbo and not s.asked  # the one card drawn is kept


def test_resistance_draws_2_final_scoring_cards_keeps_1_and_puts_1_under_the_pile() -> None:
    """19 resistance: draw 2 final scoring cards, keep 1, the other face down under the
    final-scoring pile."""
    sc = scene()
    s, p = sc.s, sc.p
    top2 = sorted(s.final_deck[-2:])
    run_effects(s, sc.me, [Resistance()])
    assert sorted(p.limbo) == top2
    pick(s, sc.me, KeepCard.of(top2[0]))
    assert top2[0] in p.finals and s.final_deck[0] == top2[1] and not p.limbo


@pytest.mark.parametrize("card", [459, 464])
def test_primate_inventive_gives_1_2_3_x_from_1_3_5_primate_icons(card: int) -> None:
    """19 inventive, cards 459 and 464: 1 / 2 / 3 X-tokens with >= 1 / >= 3 / >= 5 primate
    icons in the zoo (the highest tier reached)."""
    sc = scene()
    s, p = sc.s, sc.p
    for primates, x in ((0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)):
        p.icons[ICON["primate"]] = primates
        p.x = 0
        run_effects(s, sc.me, list(INVENTIVE_BY_CARD[card]))
        assert p.x == x, (primates, x)


def test_digging_may_stop_before_its_n_times() -> None:
    """19 digging:N: "up to N times": each dig is optional, and stopping ends the ability
    with the display and the hand as they are."""
    sc = scene()
    s = sc.s
    give(s, sc.me, 401, 402)
    run_effects(s, sc.me, [Digging(3)])
    assert step_kind(s) == "DIG" and options(s)[-1] == DECLINE
    assert DECLINE.describe(s, sc.me) == "stop digging"
    discard = len(s.discard)
    pick(s, sc.me, DigFolder.of(1))
    assert len(s.discard) == discard + 1 and step_kind(s) == "DIG"
    display, hand = list(s.display), sorted(sc.p.hand)
    pick(s, sc.me, DECLINE)
    assert not s.asked and len(s.discard) == discard + 1
    assert s.display == display and sorted(sc.p.hand) == hand


def test_digging_a_hand_card_discards_it_and_draws_from_the_deck() -> None:
    """19 digging:N: the other choice of each dig: the hand card goes to the discard pile
    and the top card of the deck comes into the hand."""
    sc = scene()
    s, p = sc.s, sc.p
    give(s, sc.me, 401)
    top = s.deck[-1]
    run_effects(s, sc.me, [Digging(1)])
    pick(s, sc.me, DigHandCard.of(401))
    assert s.discard[-1] == 401 and 401 not in p.hand
    assert p.hand == [top] and not s.asked


def test_assertion_takes_exactly_one_base_project_from_the_unused_pile() -> None:
    """19 assertion: the player may take any 1 base project from the unused pile into his
    hand; it leaves the pile, and no second one is offered."""
    sc = scene()
    s, p = sc.s, sc.p
    pile = list(s.unused_base)
    assert len(pile) >= 2
    run_effects(s, sc.me, [TakeBaseProject()])
    assert step_kind(s) == "TAKE_BASE_PROJECT"
    assert options(s) == [*(TakeBaseProjectCard.of(c) for c in sorted(pile)), DECLINE]
    card = max(pile)
    pick(s, sc.me, TakeBaseProjectCard.of(card))
    assert not s.asked
    assert [c for c in p.hand if 101 <= c <= 112] == [card]
    assert sorted(s.unused_base) == sorted(c for c in pile if c != card)
