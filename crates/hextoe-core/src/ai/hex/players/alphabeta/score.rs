//! The alpha-beta score scale: evaluations in the middle, proven wins and losses at the ends.

use std::time::Duration;

/// The score of a win on the board now; a win k plies ahead scores `WIN − k`. Larger than any evaluation.
pub const WIN: f64 = 1000.0;
/// Scores at least this large (in absolute value) are proven wins or losses.
pub const WIN_MIN: f64 = WIN - 500.0;
/// Bigger than every score.
pub(crate) const INF: f64 = 1e9;
/// The time a player gets when its budget names neither a time, a depth nor a node count.
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(1);
