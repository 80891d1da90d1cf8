//! The sentence that comes with an alpha-beta move: what is true about the move on the board ("wins now",
//! "blocks the only winning cell e5", "keeps the chain f3–f7 connected"), then the evaluation, the depth
//! reached and the effort.

use super::WIN_MIN;
use crate::ai::hex::eval::Eval;
use crate::game::hex::{Cell, CellSet, Color, Game, HexMove};
use std::time::Duration;

/// How the search ended, for the sentence.
pub(super) struct Effort {
    /// The evaluation used.
    pub eval: Eval,
    /// The deepest finished iteration (0: not even depth 1 finished, the move is from a partial depth 1).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// The explanation of `mv` with score `score` in `game`.
pub(super) fn explain(game: &Game, mv: HexMove, score: f64, effort: &Effort) -> String {
    let mut parts = facts(game, mv);
    if score >= WIN_MIN {
        let plies = (super::WIN - score).round() as u32;
        if plies > 1 {
            parts.push(format!("wins by force in {}", moves(plies.div_ceil(2))));
        }
    } else if score <= -WIN_MIN {
        let plies = (super::WIN + score).round() as u32;
        parts.push(format!(
            "every move loses against best play (the opponent wins in {}); this one holds out longest",
            moves(plies / 2)
        ));
    }
    let depth = if effort.depth == 0 { "a partial depth 1".to_string() } else { format!("depth {}", effort.depth) };
    let value = if score.abs() >= WIN_MIN { "proven".to_string() } else { format!("{score:+.3}") };
    parts.push(format!(
        "{} {value} at {depth} ({} nodes, {} ms)",
        effort.eval.name(),
        effort.nodes,
        effort.elapsed.as_millis()
    ));
    parts.join("; ")
}

/// "1 move", "3 moves".
fn moves(n: u32) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

/// What is plainly true about the move on the board.
pub(super) fn facts(game: &Game, mv: HexMove) -> Vec<String> {
    let board = game.board();
    let me = board.to_move();
    let opp = me.opponent();
    let mut out = Vec::new();
    let opening = game.can_swap().then(|| board.stones(Color::Black).first()).flatten();
    let c = match mv {
        HexMove::Swap => {
            if let Some(first) = opening {
                out.push(format!(
                    "swaps: {first} is a central opening, the kind that wins, so it takes the stone over and plays black from now on"
                ));
            }
            return out;
        }
        HexMove::Place(c) => c,
    };
    if let Some(first) = opening {
        out.push(format!("does not swap: {first} is too near the border to be worth taking over"));
    }
    if board.wins_with(c, me) {
        out.push("wins now".into());
        return out;
    }
    let threats = board.winning_cells(opp);
    match threats.len() {
        0 => {}
        1 if threats.contains(c) => out.push(format!("blocks the only winning cell {c}")),
        1 => {}
        _ => {
            let cells: Vec<String> = threats.iter().take(3).map(|t| t.to_string()).collect();
            out.push(format!("cannot stop both of the opponent's winning cells {}", cells.join(", ")));
        }
    }
    // Groups of ours that the stone touches.
    let n = board.size();
    let mut groups: Vec<CellSet> = Vec::new();
    for nb in c.neighbours(n) {
        if board.at(nb) == Some(me) && !groups.iter().any(|g| g.contains(nb)) {
            groups.push(board.group(nb));
        }
    }
    let mut after = board.clone();
    after.play(c, me);
    let chain = after.group(c);
    let (from, to) = span(&chain, me);
    match groups.len() {
        0 => {}
        1 => out.push(format!("extends the chain to {from}–{to}")),
        _ => {
            // The opponent's last stone touching two of the groups is an intrusion into the link between
            // them: this move is the one that keeps them together.
            let intruder = game.last_move().and_then(HexMove::cell).filter(|l| board.at(*l) == Some(opp));
            let cut = intruder.is_some_and(|l| {
                let near: CellSet = l.neighbours(n).collect();
                groups.iter().filter(|g| g.intersects(&near)).count() >= 2
            });
            if cut {
                out.push(format!("keeps the chain {from}–{to} connected"));
            } else {
                out.push(format!("joins {} chains into {from}–{to}", groups.len()));
            }
        }
    }
    out
}

/// The two stones of a chain farthest apart along `color`'s direction (rows for Black, columns for
/// White).
fn span(chain: &CellSet, color: Color) -> (Cell, Cell) {
    let key = |c: &Cell| match color {
        Color::Black => (c.row(), c.col()),
        Color::White => (c.col(), c.row()),
    };
    let first = chain.iter().min_by_key(key);
    let last = chain.iter().max_by_key(key);
    match (first, last) {
        (Some(a), Some(b)) => (a, b),
        _ => (Cell::new(0, 0).unwrap_or_else(|| unreachable!()), Cell::new(0, 0).unwrap_or_else(|| unreachable!())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    fn facts_of(moves: &str, n: usize, mv: &str) -> Vec<String> {
        let g = parse_position(moves, n, false).unwrap_or_else(|e| panic!("{e}"));
        facts(&g, HexMove::parse(mv, n).unwrap_or_else(|e| panic!("{e}")))
    }

    #[test]
    fn tells_what_is_true() {
        // Black b1 b2 b3 on 4×4: a4 wins.
        assert_eq!(facts_of("b1 a1 b2 d2 b3 d3", 4, "a4"), ["wins now"]);
        // Black threatens a4/b4 both: White cannot stop both.
        assert!(facts_of("b1 a1 b2 d2 b3", 4, "a4")[0].starts_with("cannot stop both"));
        // Black b2 and a4 form a bridge (carriers a3 and b3); White intrudes at a3, b3 saves it.
        let f = facts_of("b1 e1 b2 e2 a4 a3", 5, "b3");
        assert_eq!(f, ["keeps the chain b1–a4 connected"]);
        let f = facts_of("b1 e1 b2 e2 a4 c5", 5, "b3");
        assert_eq!(f, ["joins 2 chains into b1–a4"]);
        // White a2 b2 c2 reaches column c; d1 is Black's, so d2 is White's only winning cell.
        let f = facts_of("d1 a2 a4 b2 b4 c2", 4, "d2");
        assert_eq!(f.first().map(String::as_str), Some("blocks the only winning cell d2"), "{f:?}");
        assert_eq!(facts_of("c3", 5, "c4"), Vec::<String>::new());
        assert_eq!(facts_of("c3 a1", 5, "c4"), ["extends the chain to c3–c4"]);
    }
}
