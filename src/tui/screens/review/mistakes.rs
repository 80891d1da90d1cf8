//! Which moves were mistakes: a move is one when its player's chance of winning fell by a clear margin
//! between the position before it (with the best move) and the position after it — and the analysis had
//! a different move in mind. Tic-tac-toe values are exact, so any fall counts (a won game drawn, a drawn
//! game lost); Hex values are win rates from short searches, so small wobbles are ignored.

use super::value::PointValue;
use crate::game::GameKind;
use crate::game::Move;

/// The smallest fall in a Hex win rate that counts as a mistake (search noise stays below it).
pub(crate) const HEX_MIN_DROP: f64 = 0.15;

/// A move that lost its player a clear share of their chances.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Mistake {
    /// The move's index in the game (0-based: move `index + 1`).
    pub index: usize,
    /// The move played.
    pub played: Move,
    /// The move the analysis preferred.
    pub better: Move,
    /// The player's chance before the move, with `better`.
    pub before: f64,
    /// The player's chance after the move played.
    pub after: f64,
}

impl Mistake {
    /// How much the move cost, 0..=1.
    pub(crate) fn drop(&self) -> f64 {
        self.before - self.after
    }
}

/// Every mistake of a game of `kind` with these `moves` and the `values` of its positions (one more than
/// moves), in game order.
pub(crate) fn find(kind: GameKind, moves: &[Move], values: &[Option<PointValue>]) -> Vec<Mistake> {
    let min = match kind {
        GameKind::Tictactoe => 0.25,
        GameKind::Hex => HEX_MIN_DROP,
    };
    (0..moves.len())
        .filter_map(|k| {
            let before = (*values.get(k)?)?;
            let after = 1.0 - values.get(k + 1).copied().flatten()?.chance;
            let better = before.best?;
            let played = moves[k];
            (better != played && before.chance - after >= min).then_some(Mistake {
                index: k,
                played,
                better,
                before: before.chance,
                after,
            })
        })
        .collect()
}

/// The `n` mistakes that cost the most, biggest first (ties: the earlier move first).
pub fn biggest(mut all: Vec<Mistake>, n: usize) -> Vec<Mistake> {
    all.sort_by(|a, b| b.drop().total_cmp(&a.drop()).then(a.index.cmp(&b.index)));
    all.truncate(n);
    all
}

#[cfg(test)]
mod tests {
    use super::super::{ReturnTo, Review};
    use super::*;
    use crate::cli::PlayArgs;
    use crate::config::Config;
    use crate::game::GameKind;
    use crate::game::Position;
    use crate::game::hex::parse_position;
    use crate::tui::model::settings::Settings;

    fn hex_review(moves: &str, values: &[(f64, &str)]) -> Review {
        let g = parse_position(moves, 5, false).unwrap_or_else(|e| panic!("{e}"));
        let s = Settings::new(&PlayArgs::default(), &Config::default());
        let mut r = Review::new(Position::Hex(Box::new(g)), s, ["A".into(), "B".into()], ReturnTo::Menu);
        for (k, &(chance, best)) in values.iter().enumerate() {
            let best = crate::game::hex::HexMove::parse(best, 5).ok().map(Move::Hex);
            r.set_value(k, PointValue { chance, exact: false, best });
        }
        r
    }

    #[test]
    fn a_clear_fall_with_another_move_in_mind_is_a_mistake() {
        // Black 60% before c3 (best c3): played, White then 45% → Black 55%: no mistake (drop 0.05).
        // White 45% before a1 (best b2): after a1 Black 80% → White 20%: a mistake of 0.25.
        // Black 80% before e5 (best e5): the analysis agrees with the move, so it is not a mistake.
        let r = hex_review("c3 a1 e5", &[(0.6, "c3"), (0.45, "b2"), (0.8, "e5"), (0.9, "d2")]);
        let m = r.mistakes();
        assert_eq!(m.len(), 1, "{m:?}");
        assert_eq!(m[0].index, 1);
        assert_eq!(m[0].better.to_string(), "b2");
        assert!((m[0].drop() - 0.25).abs() < 1e-9);
    }

    #[test]
    fn unknown_values_make_no_mistakes_and_biggest_sorts() {
        let r = hex_review("c3 a1", &[(0.6, "c3")]);
        assert!(r.mistakes().is_empty());
        let mk = |index, before| Mistake {
            index,
            played: Move::Hex(crate::game::hex::HexMove::Swap),
            better: Move::Hex(crate::game::hex::HexMove::Swap),
            before,
            after: 0.0,
        };
        let top = biggest(vec![mk(0, 0.2), mk(3, 0.9), mk(5, 0.5)], 2);
        assert_eq!(top.iter().map(|m| m.index).collect::<Vec<_>>(), [3, 5]);
    }

    #[test]
    fn ttt_counts_a_drawn_game_lost() {
        let _ = GameKind::Tictactoe;
        let mut p = Position::new(GameKind::Tictactoe, 3, false).unwrap_or_else(|e| panic!("{e}"));
        // x b2, o b1 (loses: only corners draw), x a1 …
        for c in ["b2", "b1", "a1", "c3"] {
            p.play(Move::Ttt(c.parse().unwrap_or_else(|e| panic!("{e}")))).unwrap_or_else(|e| panic!("{e}"));
        }
        let s = Settings::new(&PlayArgs::default(), &Config::default());
        let mut r = Review::new(p, s, ["x".into(), "o".into()], ReturnTo::Menu);
        let spec = Config::default().hex.spec(crate::ai::Level::Impossible, None);
        r.start_analysis(spec, 1).unwrap_or_else(|e| panic!("{e}"));
        assert!(r.values.iter().all(Option::is_some), "tic-tac-toe is analysed at once");
        let m = r.mistakes();
        assert_eq!(m.iter().map(|m| m.index).collect::<Vec<_>>(), [1], "{m:?}");
        assert_eq!((m[0].before, m[0].after), (0.5, 0.0));
    }
}
