//! A game-aware example for Monster My Neighbor (`--strategy example`): it reads the typed
//! observation and options of one game.
//!
//! The rule, scored per option (ties broken at random):
//! - play a Monster as soon as one is offered (offered means legal, and playing it wins);
//! - become a Friend of the Monster when a Friend can be played (random players seldom
//!   catch the Monster, and every Friend scores when it is played);
//! - otherwise hunt, Hunters and the Dog first, but not while holding the Monster or being
//!   a Friend (a Friend who catches it scores nothing);
//! - target the seat with the most cards; never give a Monster away.
use crate::kit::Rng;
use crate::pb::{self, monster_my_neighbor_option::Choice};

/// Hello names the one game this strategy reads: another server refuses it outright.
pub const GAMES: &[&str] = &["monster-my-neighbor"];
/// Cards that catch the Monster, best first.
const HUNTING: [&str; 4] = ["hunter", "dog", "outlaw", "steal"];

pub fn choose(request: &pb::DecisionRequest, rng: &mut Rng) -> usize {
    let Some(pb::observation::Game::MonsterMyNeighbor(obs)) =
        request.observation.as_ref().and_then(|o| o.game.as_ref())
    else {
        return rng.below(request.options.len()); // not this game's request: stay legal
    };
    let is_monster = |card: &str| obs.monsters_possible.iter().any(|m| m == card);
    let holding = obs.hand.iter().any(|c| is_monster(&c.card_type));
    let friend = obs.seats.iter().any(|s| s.seat == obs.seat && s.friend);
    let hand_size = |seat: i32| {
        obs.seats
            .iter()
            .find(|s| s.seat == seat)
            .map_or(0, |s| s.hand_size)
    };
    let score = |option: &pb::Option| -> i32 {
        let choice = match &option.game {
            Some(pb::option::Game::MonsterMyNeighbor(o)) => o.choice.as_ref(),
            _ => None,
        };
        match (request.kind.as_str(), choice) {
            ("PLAY_CARD", Some(Choice::CardType(card))) => {
                match HUNTING.iter().position(|c| c == card) {
                    _ if is_monster(card) => 100,
                    _ if card == "friend" && !friend => 50,
                    Some(_) if holding || friend => -5,
                    Some(i) => 10 - i as i32,
                    None => 0,
                }
            }
            ("CHOOSE_TARGET", Some(Choice::TargetSeat(seat))) => hand_size(*seat),
            (_, Some(Choice::CardType(card))) if is_monster(card) => -100, // giving it away
            (_, Some(Choice::Cards(set))) if set.card_types.iter().any(|c| is_monster(c)) => -100,
            _ => 0,
        }
    };
    let scores: Vec<i32> = request.options.iter().map(score).collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    let top: Vec<usize> = (0..scores.len()).filter(|&i| scores[i] == best).collect();
    top[rng.below(top.len())]
}
