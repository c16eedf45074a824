#include "kit.h"

#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "arena/v1/arena.grpc.pb.h"

namespace kit {
namespace {

namespace pb = arena::v1;

constexpr int kExitUnreachable = 1;
constexpr int kExitRefused = 2;
constexpr int kMaxFailures = 8;  // streams in a row that end without a finished match
constexpr const char* kUsage =
    "usage: arena-bot --token T [--server HOST:PORT|unix:PATH] [--matches N (0: no limit)] [--seed S] "
    "[--tls-ca FILE] [--strategy random|example]";

struct Stats {
  uint32_t matches = 0, strikes = 0, errors = 0, reconnects = 0;
  uint64_t decisions = 0;
  double wins = 0;
};

// This seat's share of first place, as the ladder counts it (clients/README.md): forfeited
// seats rank after the others, a k-way tie for first counts 1/k, a solo match is a win
// when its score is >= 0, an aborted one counts nothing.
double WinShare(const pb::MatchEnd& end) {
  const pb::SeatResult* mine = nullptr;
  int standing = 0, best = 0;
  for (const auto& result : end.results()) {
    if (result.seat() == end.seat()) mine = &result;
    if (result.forfeited()) continue;
    if (standing == 0 || result.rank() < best) best = result.rank();
    standing++;
  }
  if (mine == nullptr) return 0;
  if (end.results_size() == 1) return mine->score() >= 0 ? 1 : 0;
  if (standing == 0) return 1.0 / end.results_size();
  if (mine->forfeited() || mine->rank() != best) return 0;
  int tied = 0;
  for (const auto& result : end.results()) tied += !result.forfeited() && result.rank() == best;
  return 1.0 / tied;
}

// At most two decimals and no trailing zeros (2, 1.5, 0.33).
std::string FormatNumber(double value) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(2) << value;
  std::string out = text.str();
  out.erase(out.find_last_not_of('0') + 1);
  if (!out.empty() && out.back() == '.') out.pop_back();
  return out;
}

// How a match ended, as the other kits and arena bot print it.
const char* Reason(const pb::MatchEnd& end) {
  switch (end.reason()) {
    case pb::MATCH_END_REASON_COMPLETED: return "completed";
    case pb::MATCH_END_REASON_FORFEIT: return "forfeit";
    case pb::MATCH_END_REASON_ABORTED: return "aborted";
    default: return "unknown";
  }
}

// Why a stream failed, asking whether the port is right when the peer does not speak
// HTTP/2 (an HTTP/1 server such as the gateway's /metrics port).
std::string Describe(const grpc::Status& status) {
  std::string text = status.error_message();
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
  if (lower.find("http/2") != std::string::npos || lower.find("http2") != std::string::npos) {
    text += " (is this an arena gateway port?)";
  }
  return text;
}

[[noreturn]] void Usage(const std::string& why) {
  std::cerr << "error: " << why << "\n" << kUsage << std::endl;
  std::exit(kExitRefused);
}

std::shared_ptr<grpc::ChannelCredentials> Credentials(const Args& args) {
  if (args.tls_ca.empty()) return grpc::InsecureChannelCredentials();
  std::ifstream file(args.tls_ca);
  if (!file) Usage("cannot read --tls-ca " + args.tls_ca);
  std::stringstream pem;
  pem << file.rdbuf();
  grpc::SslCredentialsOptions options;
  options.pem_root_certs = pem.str();
  if (options.pem_root_certs.find("-----BEGIN CERTIFICATE-----") == std::string::npos) {
    Usage("--tls-ca " + args.tls_ca + " holds no PEM certificate");
  }
  return grpc::SslCredentials(options);
}

// A status that retrying the same Hello cannot change.
bool Refused(grpc::StatusCode code) {
  return code == grpc::UNAUTHENTICATED || code == grpc::PERMISSION_DENIED ||
         code == grpc::FAILED_PRECONDITION || code == grpc::INVALID_ARGUMENT;
}

void OnMatchEnd(const pb::MatchEnd& end, Stats& stats) {
  int rank = 0;
  for (const auto& result : end.results()) {
    if (result.seat() == end.seat()) rank = result.rank();
  }
  stats.matches++;
  stats.wins += WinShare(end);
  std::ostringstream rating;
  if (end.rated()) {
    rating << "rating " << std::fixed << std::setprecision(1) << end.rating();
  } else {
    rating << "not rated";
  }
  std::cerr << "match " << end.match_id() << ": rank " << rank << ", " << Reason(end) << ", "
            << rating.str() << std::endl;
}

// One stream: hello, then answer until the server ends it (or it breaks).
grpc::Status PlayStream(pb::ArenaService::Stub& stub, const Args& args,
                        const std::vector<std::string>& games, const Choose& choose, Rng& rng,
                        Stats& stats) {
  grpc::ClientContext context;
  auto stream = stub.Play(&context);
  pb::PlayRequest hello;
  hello.mutable_hello()->set_token(args.token);
  for (const auto& game : games) hello.mutable_hello()->add_games(game);
  hello.mutable_hello()->set_client_version("cpp-kit/1");
  hello.mutable_hello()->set_max_matches(args.matches ? args.matches - stats.matches : 0);  // 0: no limit
  stream->Write(hello);
  pb::PlayResponse response;
  pb::PlayRequest reply;
  while (stream->Read(&response)) {
    switch (response.message_case()) {
      case pb::PlayResponse::kDecisionRequest: {
        const auto& request = response.decision_request();
        reply.mutable_decision_reply()->set_request_id(request.request_id());
        reply.mutable_decision_reply()->set_option_index(choose(request, rng));
        stream->Write(reply);
        stats.decisions++;
        break;
      }
      case pb::PlayResponse::kWelcome:
        std::cerr << "connected as " << response.welcome().bot_name() << std::endl;
        break;
      case pb::PlayResponse::kMatchStart:
        std::cerr << "match " << response.match_start().match_id() << " ("
                  << response.match_start().game() << "): seat "
                  << response.match_start().seat() << std::endl;
        break;
      case pb::PlayResponse::kMatchEnd:
        OnMatchEnd(response.match_end(), stats);
        break;
      case pb::PlayResponse::kError: {
        const auto& error = response.error();
        stats.errors++;
        stats.strikes += error.code() == pb::ERROR_CODE_ILLEGAL_OPTION ||
                         error.code() == pb::ERROR_CODE_DEADLINE_EXCEEDED;
        std::cerr << "server error " << pb::ErrorCode_Name(error.code()) << ": "
                  << error.message() << std::endl;
        break;
      }
      default:
        break;
    }
  }
  stream->WritesDone();
  return stream->Finish();
}

}  // namespace

int Below(Rng& rng, int n) {
  return n <= 1 ? 0 : std::uniform_int_distribution<int>(0, n - 1)(rng);
}

Args ParseArgs(int argc, char** argv) {
  Args args;
  for (int i = 1; i < argc; i++) {
    std::string flag = argv[i];
    if (flag == "-h" || flag == "--help") {
      std::cout << kUsage << std::endl;
      std::exit(0);
    }
    if (i + 1 == argc) Usage(flag + " needs a value");
    std::string value = argv[++i];
    try {
      if (flag == "--server") args.server = value;
      else if (flag == "--token") args.token = value;
      else if (flag == "--matches") args.matches = std::stoul(value);
      else if (flag == "--seed") args.seed = std::stoull(value);
      else if (flag == "--tls-ca") args.tls_ca = value;
      else if (flag == "--strategy" && (value == "random" || value == "example")) args.strategy = value;
      else Usage("unknown flag or value: " + flag + " " + value);
    } catch (const std::logic_error&) {
      Usage(flag + " takes a number, not " + value);
    }
  }
  if (args.token.empty()) {
    std::cerr << "missing --token: the bot's token, printed by arena bots register NAME" << std::endl;
    std::exit(kExitRefused);
  }
  return args;
}

int Run(const Args& args, const std::vector<std::string>& games, const Choose& choose) {
  auto channel = grpc::CreateChannel(args.server, Credentials(args));
  auto stub = pb::ArenaService::NewStub(channel);
  Rng rng(args.seed);
  Stats stats;
  int failures = 0, code = 0;
  while (true) {
    uint32_t before = stats.matches;
    grpc::Status status = PlayStream(*stub, args, games, choose, rng, stats);
    if (Refused(status.error_code())) {
      std::cerr << "stream refused: " << status.error_code() << ": " << status.error_message() << std::endl;
      code = kExitRefused;
      break;
    }
    if (args.matches == 0 && status.ok()) {  // no limit: play until the server ends the stream
      std::cerr << "the server ended the stream" << std::endl;
      break;
    }
    if (args.matches != 0 && stats.matches >= args.matches) break;
    failures = stats.matches > before ? 0 : failures + 1;
    std::string why = status.ok() ? "the server closed the stream" : Describe(status);
    if (failures >= kMaxFailures) {
      std::cerr << "giving up after " << failures << " connections without a finished match: " << why << std::endl;
      code = kExitUnreachable;
      break;
    }
    auto wait = std::min(std::chrono::milliseconds(250 << failures), std::chrono::milliseconds(5000));
    std::cerr << "stream dropped (" << why << "); retrying in " << FormatNumber(wait.count() / 1000.0)
              << " s" << std::endl;
    stats.reconnects++;
    std::this_thread::sleep_for(wait);
  }
  std::cout << "SUMMARY matches=" << stats.matches << " decisions=" << stats.decisions
            << " wins=" << FormatNumber(stats.wins) << " strikes=" << stats.strikes << " errors=" << stats.errors
            << " reconnects=" << stats.reconnects << std::endl;
  return code;
}

}  // namespace kit
