//! A move's share of a clock: how long a player searches when it plays on a clock rather than a fixed
//! move time.
//!
//! The plan spreads the time left over the moves still to come, as an engine on a tournament clock does:
//! the own moves a game still needs are guessed from the empty cells (a Hex game ends long before the
//! board is full), most of the increment is spent each move since it comes back, and a move never takes
//! more than a fraction of what is left, so that a flag does not fall on a long think.

use std::time::Duration;

/// The least a planned move searches, so that even a nearly fallen flag plays a move that was looked at.
const LEAST: Duration = Duration::from_millis(20);

/// A move never plans more than this share of the time left.
const MOST_SHARE: f64 = 0.25;

/// What is kept back from every plan, for the time the move takes to reach the clock (a worker's reply, an
/// engine's answer over a pipe).
const MARGIN: Duration = Duration::from_millis(50);

/// The own moves a Hex game with `empty` empty cells still needs, as the plan counts them: a quarter of the
/// empty cells (a game at 11×11 takes some 60 of the 121 cells, half of them each side's), and at least 8.
pub fn hex_moves_left(empty: usize) -> u32 {
    u32::try_from(empty / 4).unwrap_or(u32::MAX).max(8)
}

/// The search time of the next move for a player with `left` on its clock, `increment` after each move and
/// about `moves_left` own moves to come.
pub fn plan(left: Duration, increment: Duration, moves_left: u32) -> Duration {
    let spendable = left.saturating_sub(MARGIN);
    let share = spendable / moves_left.max(1) + increment.mul_f64(0.8);
    share.min(spendable.mul_f64(MOST_SHARE).max(increment.min(spendable))).max(LEAST.min(spendable))
}

#[cfg(test)]
mod tests {
    use super::*;

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn the_time_left_is_spread_over_the_moves_to_come() {
        // Five minutes, no increment, 30 moves to come: 10 s less the margin's share.
        let t = plan(300 * S, Duration::ZERO, 30);
        assert!(t > 9 * S && t <= 10 * S, "{t:?}");
        // Most of the increment is spent, since it comes back.
        let with = plan(300 * S, 5 * S, 30);
        assert!(with > t + 3 * S && with < t + 5 * S, "{with:?}");
        // Fewer moves to come, more a move; never more than a quarter of what is left.
        assert!(plan(300 * S, Duration::ZERO, 10) > t);
        assert!(plan(300 * S, Duration::ZERO, 1) <= 75 * S);
    }

    #[test]
    fn a_falling_flag_still_leaves_time_for_the_move_to_reach_the_clock() {
        for left in [Duration::ZERO, Duration::from_millis(30), Duration::from_millis(100), S] {
            let t = plan(left, Duration::ZERO, 20);
            assert!(t + MARGIN <= left.max(MARGIN), "{left:?}: {t:?}");
        }
        // With an increment, a move may spend up to it even when little is left, as it comes back.
        let t = plan(2 * S, 3 * S, 20);
        assert!(t <= 2 * S - MARGIN && t >= S, "{t:?}");
        assert_eq!(hex_moves_left(121), 30);
        assert_eq!(hex_moves_left(10), 8);
    }
}
