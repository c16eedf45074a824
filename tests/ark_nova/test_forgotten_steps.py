"""Scenarios for rule steps a deletion mutant showed untested (``mutate.py --kinds
delstmt``: one state-changing statement deleted at a time). Each names its rule."""

from __future__ import annotations

from engine.ark_nova.buildings import ENC_T
from engine.ark_nova.cardflow import draw_one
from engine.ark_nova.cards import ANIMALS
from engine.ark_nova.steps import DECLINE
from tests.ark_nova.cardscene import add_fitting, scene
from tests.ark_nova.helpers import kind, options, pick, to_display
from tests.ark_nova.test_actions import begin


def test_animals_ii_plays_a_second_animal_after_one_from_the_display() -> None:
    """8.2 with 5.3 (Animals II, strength 3: two animals): an animal taken from a display
    folder still counts one play, and the action goes on to the next."""
    sc = scene()
    for _ in range(2):
        add_fitting(sc.s, sc.me, ENC_T[1], water=1, rock=1)
    to_display(sc.s, 1, 484)  # small reptiles without abilities
    to_display(sc.s, 2, 486)
    sc.p.rep = 2  # folders 1-2 in range
    begin(sc, ANIMALS, 3, side2=True)
    played = []
    while sc.s.asked and kind(sc.s) in ("PLAY_ANIMAL", "CHOOSE_ENCLOSURE"):
        if kind(sc.s) == "PLAY_ANIMAL":
            plays = [o for o in options(sc.s) if o != DECLINE]
            if not plays:
                break
            played.append(plays[0])
            pick(sc.s, sc.me, plays[0])
        else:
            sc.step()
    assert len(played) == 2
    assert {484, 486} <= set(sc.p.animals)


def test_an_empty_deck_takes_the_discard_pile_shuffled() -> None:
    """D-10: when the deck runs out, the discard pile is shuffled into a new deck (not
    drawn in the order it was discarded)."""
    sc = scene(seed=3)
    s = sc.s
    pile = list(s.deck)
    s.deck, s.discard = [], list(pile)
    drawn = [draw_one(s) for _ in range(len(pile))]
    assert sorted(drawn) == sorted(pile)
    assert drawn != pile[::-1]  # what popping the unshuffled pile would give
    assert draw_one(s) == -1
