//! Fast boards for search, shared by the playouts, the tree search and the solver.
//!
//! - [`bits`]: the [`Bits`] trait over `u64` (boards up to 8×8), `u128` (up to 11×11) and [`Wide`].
//! - [`geometry`]: board masks, neighbourhoods by shifts, flood fill, the win test.
//! - [`dead`]: the table of dead-cell ring patterns.
//!
//! [`dispatch_bits!`](crate::dispatch_bits) picks the smallest bitboard type for a board size.

pub mod bits;
pub mod dead;
pub mod geometry;

pub use bits::{Bits, Wide};
pub(crate) use dead::DEAD;
pub use dead::dead_pattern;
pub use geometry::Geometry;

/// Calls a generic function with the smallest [`Bits`] type that holds an n×n board:
/// `dispatch_bits!(n, f(args…))` is `f::<u64>(args…)` up to 8×8, `f::<u128>` up to 11×11, else `f::<Wide>`.
#[macro_export]
macro_rules! dispatch_bits {
    ($n:expr, $f:ident ( $($arg:expr),* $(,)? )) => {{
        let n: usize = $n;
        if n <= 8 {
            $f::<u64>($($arg),*)
        } else if n <= 11 {
            $f::<u128>($($arg),*)
        } else {
            $f::<$crate::ai::hex::knowledge::bitboard::Wide>($($arg),*)
        }
    }};
}
