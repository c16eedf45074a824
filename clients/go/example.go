package main

// A game-aware example for Monster My Neighbor: `./run --strategy example`.
//
// It reads the typed observation and options of one game and plays three simple rules:
//   - become a Friend of the Monster as soon as a Friend card can be played (against
//     players who seldom catch the Monster, it is usually played, and Friends score 2);
//   - not holding the Monster: hunt with a Hunter whenever one is offered;
//   - a target: the seat with the most cards in hand (most likely to hold the Monster);
//   - everything else: random.

import (
	"math/rand/v2"
	"slices"

	arenav1 "tabletoparena/arena/v1"
)

// exampleGames is what Hello asks for: a server hosting another game refuses the bot.
var exampleGames = []string{"monster-my-neighbor"}

func exampleChoose(req *arenav1.DecisionRequest, rng *rand.Rand) int {
	obs := req.Observation.GetMonsterMyNeighbor()
	switch req.Kind {
	case "PLAY_CARD":
		cards := make([]string, len(req.Options))
		for i, option := range req.Options {
			cards[i] = option.GetMonsterMyNeighbor().GetCardType()
		}
		holding := slices.ContainsFunc(obs.Hand, func(card *arenav1.MonsterMyNeighborCardCount) bool {
			return slices.Contains(obs.MonstersPossible, card.CardType)
		})
		if i := slices.Index(cards, "friend"); i >= 0 && !obs.Seats[obs.Seat].Friend {
			return i
		}
		if i := slices.Index(cards, "hunter"); i >= 0 && !holding {
			return i
		}
	case "CHOOSE_TARGET":
		handSizes := map[int32]int32{}
		for _, seat := range obs.Seats {
			handSizes[seat.Seat] = seat.HandSize
		}
		best := 0
		for i, option := range req.Options {
			if handSizes[option.GetMonsterMyNeighbor().GetTargetSeat()] > handSizes[req.Options[best].GetMonsterMyNeighbor().GetTargetSeat()] {
				best = i
			}
		}
		return best
	}
	return rng.IntN(len(req.Options))
}
