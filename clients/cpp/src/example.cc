// A game-aware example for Monster My Neighbor (--strategy example): it reads the typed
// observation and options of one game.
//
// The rule, scored per option (ties broken at random):
// - play a Monster as soon as one is offered (offered means legal, and playing it wins);
// - become a Friend of the Monster when a Friend can be played (random players seldom
//   catch the Monster, and every Friend scores when it is played);
// - otherwise hunt, Hunters and the Dog first, but not while holding the Monster or being
//   a Friend (a Friend who catches it scores nothing);
// - target the seat with the most cards; never give a Monster away.
#include <algorithm>
#include <string>

#include "kit.h"

namespace pb = arena::v1;

// Hello names the one game this strategy reads: another server refuses it outright.
const std::vector<std::string> kExampleGames = {"monster-my-neighbor"};

namespace {

// Cards that catch the Monster, best first.
const std::vector<std::string> kHunting = {"hunter", "dog", "outlaw", "steal"};

int Score(const pb::MonsterMyNeighborObservation& obs, const std::string& kind,
          const pb::MonsterMyNeighborOption& option) {
  auto is_monster = [&](const std::string& card) {
    const auto& monsters = obs.monsters_possible();
    return std::find(monsters.begin(), monsters.end(), card) != monsters.end();
  };
  if (option.has_card_type()) {
    const std::string& card = option.card_type();
    if (kind != "PLAY_CARD") return is_monster(card) ? -100 : 0;  // giving it away
    bool holding = std::any_of(obs.hand().begin(), obs.hand().end(),
                               [&](const auto& count) { return is_monster(count.card_type()); });
    bool friend_ = std::any_of(obs.seats().begin(), obs.seats().end(), [&](const auto& seat) {
      return seat.seat() == obs.seat() && seat.friend_();
    });
    if (is_monster(card)) return 100;
    if (card == "friend" && !friend_) return 50;
    auto at = std::find(kHunting.begin(), kHunting.end(), card);
    if (at == kHunting.end()) return 0;
    return holding || friend_ ? -5 : 10 - static_cast<int>(at - kHunting.begin());
  }
  if (option.has_target_seat()) {
    for (const auto& seat : obs.seats()) {
      if (seat.seat() == option.target_seat()) return seat.hand_size();
    }
  }
  if (option.has_cards()) {
    const auto& cards = option.cards().card_types();
    return std::any_of(cards.begin(), cards.end(), is_monster) ? -100 : 0;
  }
  return 0;
}

}  // namespace

int ChooseExample(const pb::DecisionRequest& request, kit::Rng& rng) {
  if (!request.observation().has_monster_my_neighbor()) {
    return kit::Below(rng, request.options_size());  // not this game's request: stay legal
  }
  std::vector<int> scores;
  for (const auto& option : request.options()) {
    scores.push_back(Score(request.observation().monster_my_neighbor(), request.kind(),
                           option.monster_my_neighbor()));
  }
  int best = *std::max_element(scores.begin(), scores.end());
  std::vector<int> top;
  for (int i = 0; i < static_cast<int>(scores.size()); i++) {
    if (scores[i] == best) top.push_back(i);
  }
  return top[kit::Below(rng, static_cast<int>(top.size()))];
}
