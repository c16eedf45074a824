//! Your bot: put your own logic in `choose`.
use crate::kit::Rng;
use crate::pb;

/// The index of one of `request.options`, within `request.deadline_ms`.
///
/// `request.kind` names the decision (e.g. PLAY_CARD), `request.observation` is what your
/// seat sees (one typed message per game) and `request.options` are the legal moves. This
/// one picks at random, so it plays every game, including games added after it was written.
pub fn choose(request: &pb::DecisionRequest, rng: &mut Rng) -> usize {
    rng.below(request.options.len())
}
