/**
 * A Tabletop Arena bot that plays every game: a random legal option for each decision.
 *
 * It dials the server, says Hello with its token, answers each DecisionRequest, and
 * reconnects with a back-off when the stream drops, until it has played --matches
 * matches (0: no limit, until the server ends the stream). Put your own logic in chooseRandom() (or a function like it); example.ts
 * shows one that reads a game's typed observation. src/gen is generated from proto/.
 */
import * as fs from "node:fs";
import * as grpc from "@grpc/grpc-js";
import { ArenaServiceClient, DecisionRequest, ErrorCode, MatchEnd, MatchEndReason, PlayRequest, PlayResponse } from "./gen/arena/v1/arena";
import { exampleChoose, EXAMPLE_GAMES } from "./example";

export type Chooser = (request: DecisionRequest, random: () => number) => number;

/** Your logic goes here: the index of one of request.options, within request.deadlineMs. */
export function chooseRandom(request: DecisionRequest, random: () => number): number {
  return Math.floor(random() * request.options.length);
}

// The server refused us: retrying the same Hello cannot help.
const FATAL = new Set([grpc.status.UNAUTHENTICATED, grpc.status.FAILED_PRECONDITION,
  grpc.status.INVALID_ARGUMENT, grpc.status.PERMISSION_DENIED]);
const STRIKES = new Set([ErrorCode.ERROR_CODE_ILLEGAL_OPTION, ErrorCode.ERROR_CODE_DEADLINE_EXCEEDED]);
const MAX_FAILURES = 8; // connections in a row that end without a finished match
const stats = { matches: 0, decisions: 0, wins: 0, strikes: 0, errors: 0, reconnects: 0 };
const log = (text: string) => process.stderr.write(text + "\n");
// How a match ended, as the other kits and arena bot print it.
const REASONS = new Map([[MatchEndReason.MATCH_END_REASON_COMPLETED, "completed"],
  [MatchEndReason.MATCH_END_REASON_FORFEIT, "forfeit"], [MatchEndReason.MATCH_END_REASON_ABORTED, "aborted"]]);

/**
 * This seat's share of first place, as the ladder counts it (clients/README.md): forfeited
 * seats rank after the others, a k-way tie for first counts 1/k, a solo match is a win when
 * its score is >= 0, an aborted one counts nothing.
 */
export function winShare(end: MatchEnd): number {
  const mine = end.results.find((result) => result.seat === end.seat);
  if (!mine) return 0;
  if (end.results.length === 1) return mine.score >= 0 ? 1 : 0;
  const standing = end.results.filter((result) => !result.forfeited);
  if (standing.length === 0) return 1 / end.results.length;
  const best = Math.min(...standing.map((result) => result.rank));
  if (mine.forfeited || mine.rank !== best) return 0;
  return 1 / standing.filter((result) => result.rank === best).length;
}

/** At most two decimals and no trailing zeros (2, 1.5, 0.33). */
const formatWins = (wins: number) => wins.toFixed(2).replace(/\.?0+$/, "");

/** A seeded generator of floats in [0, 1) (mulberry32). */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One stream: Hello, then answer until the server ends it; resolves with its error, if any. */
function playStream(client: ArenaServiceClient, args: Args, games: string[], choose: Chooser,
                    random: () => number): Promise<grpc.ServiceError | null> {
  return new Promise((resolve) => {
    const call = client.play();
    call.on("data", (response: PlayResponse) => {
      if (response.decisionRequest) {
        const request = response.decisionRequest;
        const optionIndex = choose(request, random);
        call.write(PlayRequest.fromPartial({ decisionReply: { requestId: request.requestId, optionIndex } }));
        stats.decisions++;
      } else if (response.welcome) {
        log(`connected as ${response.welcome.botName}`);
      } else if (response.matchStart) {
        log(`match ${response.matchStart.matchId} (${response.matchStart.game}): seat ${response.matchStart.seat}`);
      } else if (response.matchEnd) {
        const end = response.matchEnd;
        const rank = end.results.find((result) => result.seat === end.seat)?.rank ?? 0; // 0: aborted
        stats.matches++;
        stats.wins += winShare(end);
        const rating = end.rated ? `rating ${end.rating.toFixed(1)}` : "not rated";
        log(`match ${end.matchId}: rank ${rank}, ${REASONS.get(end.reason) ?? "unknown"}, ${rating}`);
      } else if (response.error) {
        stats.errors++;
        if (STRIKES.has(response.error.code)) stats.strikes++;
        log(`server error ${ErrorCode[response.error.code]}: ${response.error.message}`);
      }
    });
    call.on("end", () => { call.end(); resolve(null); });
    call.on("error", (err: grpc.ServiceError) => resolve(err));
    call.write(PlayRequest.fromPartial({ hello: { token: args.token, games, clientVersion: "typescript-kit/1",
      maxMatches: args.matches ? args.matches - stats.matches : 0 } }));
  });
}

/** Play args.matches matches (0: until the server ends a stream); 0 when done, 1 when the server stays unreachable, 2 when it refuses the bot. */
async function run(args: Args, credentials: grpc.ChannelCredentials, choose: Chooser,
                   games: string[]): Promise<number> {
  const random = seeded(args.seed);
  let failures = 0;
  let code = 0;
  while (!args.matches || stats.matches < args.matches) {
    const before = stats.matches;
    const client = new ArenaServiceClient(args.server, credentials);
    const err = await playStream(client, args, games, choose, random);
    client.close();
    if (err) {
      // An HTTP/1 server (such as the gateway's /metrics port) is not a gRPC peer at all.
      const notGrpc = err.code === grpc.status.UNAVAILABLE && /HTTP\/2|http2|Protocol error/i.test(err.details);
      log(`stream failed: ${grpc.status[err.code]}: ${err.details}${notGrpc ? " (is this an arena gateway port?)" : ""}`);
    }
    if (err && FATAL.has(err.code)) { code = 2; break; }
    if (!err && !args.matches) { log("the server ended the stream"); break; }
    if (args.matches && stats.matches >= args.matches) break;
    failures = stats.matches > before ? 0 : failures + 1;
    if (failures >= MAX_FAILURES) { log(`giving up after ${failures} connections without a finished match`); code = 1; break; }
    stats.reconnects++;
    const pause = Math.min(5000, 250 * 2 ** failures);
    log(`retrying in ${pause / 1000} s`);
    await new Promise((wake) => setTimeout(wake, pause));
  }
  console.log("SUMMARY " + Object.entries(stats)
    .map(([key, value]) => `${key}=${key === "wins" ? formatWins(value) : value}`).join(" "));
  return code;
}

interface Args { server: string; token: string; matches: number; seed: number; tlsCa?: string; strategy: string }

function parseArgs(argv: string[]): Args {
  const args: Args = { server: "127.0.0.1:50051", token: "", matches: 1, seed: 1, strategy: "random" };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--server") args.server = value;
    else if (flag === "--token") args.token = value;
    else if (flag === "--matches") args.matches = Number.parseInt(value, 10);
    else if (flag === "--seed") args.seed = Number.parseInt(value, 10);
    else if (flag === "--tls-ca") args.tlsCa = value;
    else if (flag === "--strategy" && ["random", "example"].includes(value)) args.strategy = value;
    else throw new Error(`unknown flag ${flag} ${value}`);
  }
  if (!args.token) throw new Error("missing --token: the bot's token, printed by arena bots register NAME");
  if (!(args.matches >= 0) || Number.isNaN(args.seed)) {
    throw new Error("usage: --token T [--server HOST:PORT|unix:PATH] [--matches N (0: no limit)] [--seed S] [--tls-ca FILE] [--strategy random|example]");
  }
  return args;
}

try {
  const args = parseArgs(process.argv.slice(2));
  const credentials = args.tlsCa ? grpc.credentials.createSsl(fs.readFileSync(args.tlsCa))
    : grpc.credentials.createInsecure();
  const [choose, games] = args.strategy === "example" ? [exampleChoose, EXAMPLE_GAMES] : [chooseRandom, []];
  run(args, credentials, choose, games).then((code) => process.exit(code));
} catch (err) {
  log(String(err instanceof Error ? err.message : err));
  process.exit(2);
}
