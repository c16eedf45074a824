// Tabletop Arena starter kit for C++: arena-bot --server HOST:PORT --token T --matches N.
#include "kit.h"

int main(int argc, char** argv) {
  kit::Args args = kit::ParseArgs(argc, argv);
  if (args.strategy == "example") return kit::Run(args, kExampleGames, ChooseExample);
  // No game list: the server seats the random bot in whatever game it hosts.
  return kit::Run(args, {}, ChooseRandom);
}
