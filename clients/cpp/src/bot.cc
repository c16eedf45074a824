// Your bot: put your own logic in ChooseRandom (or write a Choose of your own).
#include "kit.h"

// The index of one of request.options(), within request.deadline_ms().
//
// request.kind() names the decision (e.g. PLAY_CARD), request.observation() is what your
// seat sees (one typed message per game) and request.options() are the legal moves. This
// one picks at random, so it plays every game, including games added after it was written.
int ChooseRandom(const arena::v1::DecisionRequest& request, kit::Rng& rng) {
  return kit::Below(rng, request.options_size());
}
