package tabletoparena.kit;

import java.util.List;
import java.util.SplittableRandom;
import tabletoparena.arena.v1.DecisionRequest;

/** Tabletop Arena starter kit for Java: {@code Bot --server HOST:PORT --token T --matches N}. */
public final class Bot {
  private Bot() {}

  /**
   * Your logic goes here: the index of one of {@code request.getOptionsList()}, within
   * {@code request.getDeadlineMs()}.
   *
   * <p>{@code request.getKind()} names the decision (e.g. PLAY_CARD), {@code
   * request.getObservation()} is what your seat sees (one typed message per game) and the
   * options are the legal moves. This one picks at random, so it plays every game,
   * including games added after it was written.
   */
  static int choose(DecisionRequest request, SplittableRandom rng) {
    return rng.nextInt(Math.max(1, request.getOptionsCount()));
  }

  public static void main(String[] argv) {
    Args args = Args.parse(argv);
    int code = args.strategy.equals("example")
        ? Kit.run(args, ExampleResort.GAMES, ExampleResort::choose)
        // No game list: the server seats the random bot in whatever game it hosts.
        : Kit.run(args, List.of(), Bot::choose);
    System.exit(code);
  }
}
