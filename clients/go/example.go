package main

// A game-aware example for Monster My Neighbor: `./run --strategy example`.
//
// It reads the typed observation and options of one game and plays a few simple rules:
//   - become a Friend of the Monster as soon as a Friend card can be played (against
//     players who seldom catch the Monster, it is usually played, and Friends score 2);
//   - not holding the Monster: hunt, with a Hunter, else the Dog;
//   - holding it: keep the Hide (it stops Hunters) and never give the Monster away;
//   - a target: the seat with the most cards in hand (most likely to hold the Monster);
//   - everything else: random.

import (
	"math/rand/v2"
	"slices"

	arenav1 "tabletoparena/arena/v1"
)

// exampleGames is what Hello asks for: a server hosting another game refuses the bot.
var exampleGames = []string{"monster-my-neighbor"}

var giving = []string{"DOG_DISCARD", "STEAL_GIVE", "GOSSIP_PASS", "FOG_CONTRIBUTE"}

func exampleChoose(req *arenav1.DecisionRequest, rng *rand.Rand) int {
	obs := req.Observation.GetMonsterMyNeighbor()
	cards := make([]string, len(req.Options)) // empty for options that are not cards
	for i, option := range req.Options {
		cards[i] = option.GetMonsterMyNeighbor().GetCardType()
	}
	isMonster := func(card string) bool { return slices.Contains(obs.MonstersPossible, card) }
	holding := slices.ContainsFunc(obs.Hand, func(c *arenav1.MonsterMyNeighborCardCount) bool {
		return isMonster(c.CardType)
	})
	avoid := func(string) bool { return false }
	switch {
	case req.Kind == "PLAY_CARD":
		if i := slices.Index(cards, "friend"); i >= 0 && !obs.Seats[obs.Seat].Friend {
			return i
		}
		for _, hunting := range []string{"hunter", "dog"} {
			if i := slices.Index(cards, hunting); i >= 0 && !holding {
				return i
			}
		}
		if holding {
			avoid = func(card string) bool { return card == "hide" }
		}
	case slices.Contains(giving, req.Kind) && holding:
		avoid = isMonster
	case req.Kind == "CHOOSE_TARGET":
		handSize := func(i int) int32 {
			return obs.Seats[req.Options[i].GetMonsterMyNeighbor().GetTargetSeat()].HandSize
		}
		best := 0
		for i := range req.Options {
			if handSize(i) > handSize(best) {
				best = i
			}
		}
		return best
	}
	var allowed []int
	for i, card := range cards {
		if !avoid(card) {
			allowed = append(allowed, i)
		}
	}
	if len(allowed) == 0 {
		return rng.IntN(len(req.Options))
	}
	return allowed[rng.IntN(len(allowed))]
}
