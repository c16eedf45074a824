// Everything a bot needs except its choices: flags, hello with the token, one reply per
// decision request, reconnection with a back-off, and the SUMMARY line and exit code.
#pragma once

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "arena/v1/arena.pb.h"

namespace kit {

// The flags every kit takes: --server HOST:PORT|unix:PATH --token T --matches N --seed S
// [--tls-ca FILE]; --matches 0 plays until the server ends the stream.
struct Args {
  std::string server = "127.0.0.1:50051";
  std::string token;
  uint32_t matches = 1;
  uint64_t seed = 1;
  std::string tls_ca;              // empty: plaintext
  std::string strategy = "random";  // random (bot.cc) or example (example.cc)
};

Args ParseArgs(int argc, char** argv);

using Rng = std::mt19937_64;
// A strategy: the index of one of request.options().
using Choose = std::function<int(const arena::v1::DecisionRequest&, Rng&)>;

// Plays args.matches matches (0: until the server ends a stream) announcing `games` (empty: any game); returns the exit code.
int Run(const Args& args, const std::vector<std::string>& games, const Choose& choose);

// A uniform index below n (0 when n is 0).
int Below(Rng& rng, int n);

}  // namespace kit

// The random bot (bot.cc) and the game-aware example (example.cc).
int ChooseRandom(const arena::v1::DecisionRequest& request, kit::Rng& rng);
int ChooseExample(const arena::v1::DecisionRequest& request, kit::Rng& rng);
extern const std::vector<std::string> kExampleGames;
