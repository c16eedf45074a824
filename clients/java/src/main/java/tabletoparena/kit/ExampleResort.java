package tabletoparena.kit;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import tabletoparena.arena.v1.DecisionRequest;
import tabletoparena.arena.v1.EpicResortObservation;
import tabletoparena.arena.v1.EpicResortOption;
import tabletoparena.arena.v1.EpicResortSeat;
import tabletoparena.arena.v1.Observation;
import tabletoparena.arena.v1.Option;

/**
 * A game-aware example for Epic Resort ({@code --strategy example}): it reads the typed
 * observation and options of one game.
 *
 * <p>The rule: send every worker in Phase I, to the attraction with the fewest workers
 * planned; for the main action prefer a hero, then the highest-tier building, then
 * tourists, then training, and pass last; use attraction abilities outside attacks; cash
 * out the most tourists; a hero defends rather than dodges. Ties are broken at random.
 */
final class ExampleResort {
  /** Hello names the one game this strategy reads: another server refuses it outright. */
  static final List<String> GAMES = List.of("epic-resort");

  private ExampleResort() {}

  static int choose(DecisionRequest request, SplittableRandom rng) {
    if (request.getObservation().getGameCase() != Observation.GameCase.EPIC_RESORT) {
      return rng.nextInt(Math.max(1, request.getOptionsCount())); // not this game: stay legal
    }
    EpicResortObservation obs = request.getObservation().getEpicResort();
    List<Integer> best = new ArrayList<>();
    double bestScore = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < request.getOptionsCount(); i++) {
      double score = score(obs, request.getKind(), request.getOptions(i));
      if (score > bestScore) {
        bestScore = score;
        best.clear();
      }
      if (score == bestScore) {
        best.add(i);
      }
    }
    return best.get(rng.nextInt(best.size()));
  }

  private static double score(EpicResortObservation obs, String kind, Option wrapped) {
    EpicResortOption option = wrapped.getEpicResort();
    EpicResortSeat own = obs.getSeats(obs.getSeat());
    return switch (option.getChoiceCase()) {
      case SEND -> {
        if (!kind.equals("SEND_WORKER")) {
          yield -1; // keep workers for Phase I
        }
        int slot = option.getSend().getSlot();
        yield slot < 0 ? 5 : 5 - own.getPlanList().stream().filter(p -> p.getSlot() == slot).count();
      }
      case ATTRACT_HERO -> 7;
      case UPGRADE -> 5 + option.getUpgrade().getTier();
      case ATTRACT_SEASON_PASS -> 4.5;
      case ATTRACT_TOURISTS -> 4;
      case TRAIN -> 3;
      case ABILITY -> kind.equals("ATTACK_RESPONSE") ? -1 : 8;
      case DISCARD -> -2;
      case CASH_OUT -> option.getCashOut().getTourists();
      case HERO -> switch (option.getHero().getAction()) {
        case ACTION_DEFEND -> 3;
        case ACTION_MOVE_IN -> 2;
        case ACTION_DODGE -> 1;
        default -> 0;
      };
      default -> 0;
    };
  }
}
