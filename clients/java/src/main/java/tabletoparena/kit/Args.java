package tabletoparena.kit;

/**
 * The flags every kit takes: --server HOST:PORT|unix:PATH --token T --matches N --seed S
 * [--tls-ca FILE]; --matches 0 plays until the server ends the stream.
 */
final class Args {
  private static final String USAGE = "usage: arena-bot --token T [--server HOST:PORT|unix:PATH] "
      + "[--matches N (0: no limit)] [--seed S] [--tls-ca FILE] [--strategy random|example]";

  String server = "127.0.0.1:50051";
  String token = "";
  int matches = 1;
  long seed = 1;
  /** CA certificate (PEM) of a TLS server; null: plaintext. */
  String tlsCa;
  /** {@code random} (Bot.java) or {@code example} (ExampleResort.java). */
  String strategy = "random";

  static Args parse(String[] argv) {
    Args args = new Args();
    for (int i = 0; i < argv.length; i++) {
      String flag = argv[i];
      if (flag.equals("-h") || flag.equals("--help")) {
        System.out.println(USAGE);
        System.exit(0);
      }
      if (i + 1 == argv.length) {
        usage(flag + " needs a value");
      }
      String value = argv[++i];
      try {
        switch (flag) {
          case "--server" -> args.server = value;
          case "--token" -> args.token = value;
          case "--matches" -> args.matches = Integer.parseInt(value);
          case "--seed" -> args.seed = Long.parseLong(value);
          case "--tls-ca" -> args.tlsCa = value;
          case "--strategy" -> args.strategy = value;
          default -> usage("unknown flag " + flag);
        }
      } catch (NumberFormatException e) {
        usage(flag + " takes a number, not " + value);
      }
    }
    if (!args.strategy.equals("random") && !args.strategy.equals("example")) {
      usage("--strategy is random or example");
    }
    if (args.token.isEmpty()) {
      System.err.println("missing --token: the bot's token, printed by arena bots register NAME");
      System.exit(Kit.EXIT_REFUSED);
    }
    if (args.matches < 0) {
      usage("--matches must be 0 (no limit) or more");
    }
    return args;
  }

  private static void usage(String why) {
    System.err.println("error: " + why + "\n" + USAGE);
    System.exit(Kit.EXIT_REFUSED);
  }
}
