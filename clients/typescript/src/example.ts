/**
 * A game-aware example for Epic Resort: `./run --strategy example`.
 *
 * It reads the typed observation and options of one game and scores each option with a
 * simple rule, taking the best (a random one among equals):
 * - Phase II main action: attract a hero, else build the highest tier, else attract
 *   tourists, else train; pass only when nothing else is legal;
 * - Phase I: keep sending workers, to the attraction with the fewest workers planned;
 * - tourists go to the attraction with the highest tier (the tallest stack);
 * - everything else scores the same.
 */
import { DecisionRequest } from "./gen/arena/v1/arena";
import { EpicResortObservation, EpicResortOption } from "./gen/arena/v1/epic_resort";

// Hello names the one game this strategy reads: another server refuses it outright.
export const EXAMPLE_GAMES = ["epic-resort"];

function score(obs: EpicResortObservation, option: EpicResortOption): number {
  const own = obs.seats[obs.seat];
  if (option.attractHero) return 7;
  if (option.upgrade) return 4 + option.upgrade.tier;
  if (option.attractSeasonPass) return 4.5;
  if (option.attractTourists) return 4;
  if (option.train) return 3;
  if (option.passPhase) return -1;
  if (option.send && option.send.slot >= 0) {
    return 2 - own.plan.filter((placed) => placed.slot === option.send!.slot).length;
  }
  if (option.placeTourist) return own.slots[option.placeTourist.slot].stack.length;
  return 0;
}

export function exampleChoose(request: DecisionRequest, random: () => number): number {
  const obs = request.observation!.epicResort!;
  const scores = request.options.map((option) => score(obs, option.epicResort!));
  const best = Math.max(...scores);
  const ties = scores.flatMap((value, index) => (value === best ? [index] : []));
  return ties[Math.floor(random() * ties.length)];
}
