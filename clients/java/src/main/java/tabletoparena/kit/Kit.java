package tabletoparena.kit;

import io.grpc.ChannelCredentials;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.TlsChannelCredentials;
import io.grpc.stub.StreamObserver;
import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import tabletoparena.arena.v1.ArenaServiceGrpc;
import tabletoparena.arena.v1.DecisionReply;
import tabletoparena.arena.v1.DecisionRequest;
import tabletoparena.arena.v1.ErrorCode;
import tabletoparena.arena.v1.Hello;
import tabletoparena.arena.v1.MatchEnd;
import tabletoparena.arena.v1.PlayRequest;
import tabletoparena.arena.v1.PlayResponse;
import tabletoparena.arena.v1.SeatResult;

/**
 * Everything a bot needs except its choices: dial, hello with the token, one reply per
 * decision request, reconnection with a back-off, and the SUMMARY line and exit code.
 */
final class Kit {
  /** A strategy: the index of one of {@code request.getOptionsList()}. */
  interface Choose {
    int choose(DecisionRequest request, SplittableRandom rng);
  }

  static final int EXIT_UNREACHABLE = 1;
  static final int EXIT_REFUSED = 2;
  private static final int MAX_FAILURES = 8; // streams in a row without a finished match
  private static final Object END = new Object();

  private final Args args;
  private final SplittableRandom rng;
  private int matches;
  private long decisions;
  private double wins;
  private int strikes;
  private int errors;
  private int reconnects;

  private Kit(Args args) {
    this.args = args;
    this.rng = new SplittableRandom(args.seed);
  }

  /** Play {@code args.matches} matches (0: until the server ends a stream) announcing {@code games} (empty: any game). */
  static int run(Args args, List<String> games, Choose choose) {
    Kit kit = new Kit(args);
    int code = kit.loop(games, choose);
    System.out.printf("SUMMARY matches=%d decisions=%d wins=%s strikes=%d errors=%d "
        + "reconnects=%d%n", kit.matches, kit.decisions, formatWins(kit.wins), kit.strikes,
        kit.errors, kit.reconnects);
    System.out.flush();
    return code;
  }

  private int loop(List<String> games, Choose choose) {
    ManagedChannel channel;
    try {
      channel = Grpc.newChannelBuilder(args.server, credentials()).build();
    } catch (IOException | RuntimeException e) { // unreadable --tls-ca, bad --server
      System.err.println("error: " + e.getMessage());
      return EXIT_REFUSED;
    }
    try {
      int failures = 0;
      while (true) {
        int before = matches;
        Status status = playStream(channel, games, choose);
        if (refused(status.getCode())) {
          System.err.println("stream refused: " + describe(status));
          return EXIT_REFUSED;
        }
        if (args.matches == 0 && status.isOk()) { // no limit: until the server ends it
          System.err.println("the server ended the stream");
          return 0;
        }
        if (args.matches != 0 && matches >= args.matches) {
          return 0;
        }
        failures = matches > before ? 0 : failures + 1;
        String why = status.isOk() ? "the server closed the stream" : describe(status);
        if (failures >= MAX_FAILURES) {
          System.err.println("giving up after " + failures
              + " connections without a finished match: " + why);
          return EXIT_UNREACHABLE;
        }
        long waitMs = Math.min(5000, 250L << failures);
        System.err.println("stream dropped (" + why + "); retrying in "
            + formatWins(waitMs / 1000.0) + " s");
        reconnects++;
        Thread.sleep(waitMs);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return EXIT_UNREACHABLE;
    } finally {
      channel.shutdownNow();
    }
  }

  private ChannelCredentials credentials() throws IOException {
    if (args.tlsCa == null) {
      return InsecureChannelCredentials.create();
    }
    return TlsChannelCredentials.newBuilder().trustManager(new File(args.tlsCa)).build();
  }

  /** One stream: hello, then answer until the server ends it; how it ended. */
  private Status playStream(ManagedChannel channel, List<String> games, Choose choose)
      throws InterruptedException {
    // gRPC delivers responses on its own threads; this thread takes them in order.
    BlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    StreamObserver<PlayRequest> outbox = ArenaServiceGrpc.newStub(channel).play(
        new StreamObserver<>() {
          @Override public void onNext(PlayResponse response) { inbox.add(response); }
          @Override public void onError(Throwable t) { inbox.add(Status.fromThrowable(t)); }
          @Override public void onCompleted() { inbox.add(END); }
        });
    outbox.onNext(PlayRequest.newBuilder().setHello(Hello.newBuilder()
        .setToken(args.token).addAllGames(games).setClientVersion("java-kit/1")
        .setMaxMatches(args.matches == 0 ? 0 : args.matches - matches)).build()); // 0: no limit
    while (true) {
      Object item = inbox.take();
      if (item == END) {
        outbox.onCompleted();
        return Status.OK;
      }
      if (item instanceof Status status) {
        return status;
      }
      PlayResponse response = (PlayResponse) item;
      switch (response.getMessageCase()) {
        case DECISION_REQUEST -> {
          DecisionRequest request = response.getDecisionRequest();
          outbox.onNext(PlayRequest.newBuilder().setDecisionReply(DecisionReply.newBuilder()
              .setRequestId(request.getRequestId())
              .setOptionIndex(choose.choose(request, rng))).build());
          decisions++;
        }
        case WELCOME -> System.err.println("connected as " + response.getWelcome().getBotName());
        case MATCH_START -> System.err.println("match " + response.getMatchStart().getMatchId()
            + " (" + response.getMatchStart().getGame() + "): seat "
            + response.getMatchStart().getSeat());
        case MATCH_END -> onMatchEnd(response.getMatchEnd());
        case ERROR -> {
          ErrorCode code = response.getError().getCode();
          errors++;
          if (code == ErrorCode.ERROR_CODE_ILLEGAL_OPTION
              || code == ErrorCode.ERROR_CODE_DEADLINE_EXCEEDED) {
            strikes++;
          }
          System.err.println("server error " + code + ": " + response.getError().getMessage());
        }
        default -> { }
      }
    }
  }

  private void onMatchEnd(MatchEnd end) {
    int rank = end.getResultsList().stream().filter(r -> r.getSeat() == end.getSeat())
        .mapToInt(SeatResult::getRank).findFirst().orElse(0);
    matches++;
    wins += winShare(end);
    String rating = end.getRated() ? String.format("rating %.1f", end.getRating()) : "not rated";
    System.err.printf("match %s: rank %d, %s, %s%n", end.getMatchId(), rank, reason(end),
        rating);
  }

  /** How a match ended, as the other kits and arena bot print it. */
  private static String reason(MatchEnd end) {
    return switch (end.getReason()) {
      case MATCH_END_REASON_COMPLETED -> "completed";
      case MATCH_END_REASON_FORFEIT -> "forfeit";
      case MATCH_END_REASON_ABORTED -> "aborted";
      default -> "unknown";
    };
  }

  /**
   * This seat's share of first place, as the ladder counts it (clients/README.md): forfeited
   * seats rank after the others, a k-way tie for first counts 1/k, a solo match is a win when
   * its score is >= 0, an aborted one counts nothing.
   */
  static double winShare(MatchEnd end) {
    List<SeatResult> results = end.getResultsList();
    SeatResult mine = results.stream().filter(r -> r.getSeat() == end.getSeat()).findFirst()
        .orElse(null);
    if (mine == null) {
      return 0;
    }
    if (results.size() == 1) {
      return mine.getScore() >= 0 ? 1 : 0;
    }
    List<SeatResult> standing = results.stream().filter(r -> !r.getForfeited()).toList();
    if (standing.isEmpty()) {
      return 1.0 / results.size();
    }
    int best = standing.stream().mapToInt(SeatResult::getRank).min().getAsInt();
    if (mine.getForfeited() || mine.getRank() != best) {
      return 0;
    }
    return 1.0 / standing.stream().filter(r -> r.getRank() == best).count();
  }

  /** At most two decimals and no trailing zeros (2, 1.5, 0.33). */
  static String formatWins(double value) {
    String text = String.format(java.util.Locale.ROOT, "%.2f", value);
    return text.replaceAll("0+$", "").replaceAll("\\.$", "");
  }

  private static String describe(Status status) {
    String text = status.getCode() + ": " + status.getDescription();
    String lower = text.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains("http2") || lower.contains("http/2") || lower.contains("protocol error")) {
      text += " (is this an arena gateway port?)"; // an HTTP/1 server, e.g. /metrics
    }
    return text;
  }

  /** A status that retrying the same Hello cannot change. */
  private static boolean refused(Status.Code code) {
    return switch (code) {
      case UNAUTHENTICATED, PERMISSION_DENIED, FAILED_PRECONDITION, INVALID_ARGUMENT -> true;
      default -> false;
    };
  }
}
