//! The sentence that comes with an alpha-beta move, in plain words as tic-tac-toe's: what the move does on
//! the board ("wins at once", "blocks White's only winning cell e5", "blocks White's shortest path to the
//! right edge", "extends its chain toward the bottom edge"). The search's own figures — evaluation,
//! depth, nodes, time — are added only for `hextoe analyze`, which is where numbers belong.

use super::score::{WIN, WIN_MIN};
use crate::Named;
use crate::ai::hex::PlayerKind;
use crate::ai::hex::knowledge::eval::Eval;
use crate::ai::hex::knowledge::paths::Paths;
use crate::game::hex::{Cell, CellSet, Color, Game, HexMove};
use std::time::Duration;

/// How the search ended, for `analyze`'s figures.
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

/// The explanation of `mv` with score `score` in `game`: one plain sentence, followed by the search's
/// figures when `figures` is set (for `analyze`).
pub(super) fn explain(game: &Game, mv: HexMove, score: f64, effort: &Effort, figures: bool) -> String {
    let sentence = plain(game, mv, score);
    if !figures {
        return sentence;
    }
    let depth = if effort.depth == 0 { "a partial depth 1".to_string() } else { format!("depth {}", effort.depth) };
    let value = if score.abs() >= WIN_MIN { "proven".to_string() } else { format!("{score:+.3}") };
    format!(
        "{sentence}; {} {value} at {depth} ({} nodes, {} ms)",
        PlayerKind::AlphaBeta(effort.eval).name(),
        effort.nodes,
        effort.elapsed.as_millis()
    )
}

/// The name of one of `color`'s edges.
fn edge(color: Color, first: bool) -> &'static str {
    match (color, first) {
        (Color::Black, true) => "top",
        (Color::Black, false) => "bottom",
        (Color::White, true) => "left",
        (Color::White, false) => "right",
    }
}

/// "1 move", "3 moves".
fn moves(n: u32) -> String {
    if n == 1 { "1 move".into() } else { format!("{n} moves") }
}

/// The plain sentence: the first thing that is true of the move, most decisive first.
pub(super) fn plain(game: &Game, mv: HexMove, score: f64) -> String {
    let board = game.board();
    let opening = game.can_swap().then(|| board.stones(Color::Black).first()).flatten();
    let c = match (mv, opening) {
        (HexMove::Swap, Some(first)) => {
            return format!(
                "swaps: {first} is a central opening, the kind that wins, so it takes the stone over and plays black from now on"
            );
        }
        (HexMove::Swap, None) => return "swaps".into(),
        (HexMove::Place(c), _) => c,
    };
    let sentence = about_cell(game, c, score);
    match opening {
        Some(first) => {
            format!("does not swap, as {first} is too near the border to be worth taking over, and {sentence}")
        }
        None => sentence,
    }
}

/// The sentence for a stone on `c`.
fn about_cell(game: &Game, c: Cell, score: f64) -> String {
    let board = game.board();
    let me = board.to_move();
    let opp = me.opponent();
    let them = opp.title();
    if board.wins_with(c, me) {
        return format!("wins at once: {c} joins both edges");
    }
    let threats = board.winning_cells(opp);
    let cells: Vec<String> = threats.iter().map(|t| t.to_string()).collect();
    if let Some((last, rest)) = cells.split_last()
        && !rest.is_empty()
    {
        let all = if rest.len() == 1 { "both" } else { "all" };
        return format!("cannot stop {all} of {them}'s winning cells {} and {last}: every move loses", rest.join(", "));
    }
    if threats.contains(c) {
        let tail = if score <= -WIN_MIN { ", though it still loses against best play" } else { "" };
        return format!("blocks {them}'s only winning cell {c}{tail}");
    }
    if score >= WIN_MIN {
        let plies = (WIN - score).round().max(1.0) as u32;
        return format!("wins by force in {} whatever {them} does", moves(plies.div_ceil(2)));
    }
    if score <= -WIN_MIN {
        return format!("every move loses against best play; this one makes {them} work longest for the win");
    }
    let own = shape(game, c);
    let block = blocking(game, c);
    match (own, block) {
        (Some(o), Some(b)) => format!("{o}, and {b}"),
        (Some(o), None) => o,
        (None, Some(b)) => b,
        (None, None) => {
            let mine = Paths::new(board, me);
            if mine.through(c) <= mine.distance() {
                format!(
                    "starts a new chain on its shortest way between the {} and {} edges",
                    edge(me, true),
                    edge(me, false)
                )
            } else {
                format!("takes room on the way between the {} and {} edges", edge(me, true), edge(me, false))
            }
        }
    }
}

/// What the stone does for the mover's own chains: keeps one connected, joins several, or extends one
/// toward an edge.
fn shape(game: &Game, c: Cell) -> Option<String> {
    let board = game.board();
    let me = board.to_move();
    let opp = me.opponent();
    let n = board.size();
    let mut groups: Vec<CellSet> = Vec::new();
    for nb in c.neighbours(n) {
        if board.at(nb) == Some(me) && !groups.iter().any(|g| g.contains(nb)) {
            groups.push(board.group(nb));
        }
    }
    let mut after = board.clone();
    after.play(c, me);
    let (from, to) = span(&after.group(c), me);
    match groups.len() {
        0 => None,
        1 => {
            let (lo, hi) = span(&groups[0], me);
            let along = |x: Cell| if me == Color::Black { x.row() } else { x.col() };
            let toward = if along(c) > along(hi) {
                format!("toward the {} edge", edge(me, false))
            } else if along(c) < along(lo) {
                format!("toward the {} edge", edge(me, true))
            } else {
                return Some(format!("strengthens its chain {from}–{to}"));
            };
            Some(format!("extends its chain {toward}"))
        }
        k => {
            // The opponent's last stone touching two of the groups is an intrusion into the link between
            // them: this move is the one that keeps them together.
            let intruder = game.last_move().and_then(HexMove::cell).filter(|l| board.at(*l) == Some(opp));
            let cut = intruder.is_some_and(|l| {
                let near: CellSet = l.neighbours(n).collect();
                groups.iter().filter(|g| g.intersects(&near)).count() >= 2
            });
            Some(if cut {
                format!("keeps its chain {from}–{to} connected")
            } else if k == 2 {
                format!("joins two of its chains into one from {from} to {to}")
            } else {
                format!("joins {k} of its chains into one from {from} to {to}")
            })
        }
    }
}

/// Whether the stone stands on one of the opponent's shortest paths between its edges, and on which side.
fn blocking(game: &Game, c: Cell) -> Option<String> {
    let board = game.board();
    let opp = board.to_move().opponent();
    let theirs = Paths::new(board, opp);
    let best = theirs.distance();
    if theirs.through(c) > best {
        return None;
    }
    // In front of an opponent's chain, the stone blocks the way on from that chain; elsewhere, the nearer
    // edge is the one the path is cut from.
    let n = board.size();
    let along = |x: Cell| if opp == Color::Black { x.row() } else { x.col() };
    let near: Vec<usize> = c
        .neighbours(n)
        .filter(|&x| board.at(x) == Some(opp))
        .flat_map(|x| board.group(x).iter().collect::<Vec<_>>())
        .map(along)
        .collect();
    let (mut a, mut b) = (theirs.to_edge(c, true), theirs.to_edge(c, false));
    if let (Some(&lo), Some(&hi)) = (near.iter().min(), near.iter().max()) {
        if along(c) > hi {
            (a, b) = (1, 0);
        } else if along(c) < lo {
            (a, b) = (0, 1);
        }
    }
    let them = opp.title();
    Some(if a < b {
        format!("blocks {them}'s shortest path to the {} edge", edge(opp, true))
    } else if b < a {
        format!("blocks {them}'s shortest path to the {} edge", edge(opp, false))
    } else {
        format!("cuts {them}'s shortest path between the {} and {} edges", edge(opp, true), edge(opp, false))
    })
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

    fn say(moves: &str, n: usize, mv: &str) -> String {
        let g = parse_position(moves, n, false).unwrap_or_else(|e| panic!("{e}"));
        plain(&g, HexMove::parse(mv, n).unwrap_or_else(|e| panic!("{e}")), 0.0)
    }

    #[test]
    fn tells_what_is_true_in_plain_words() {
        // Black b1 b2 b3 on 4×4: a4 wins.
        assert_eq!(say("b1 a1 b2 d2 b3 d3", 4, "a4"), "wins at once: a4 joins both edges");
        // Black threatens a4/b4 both: White cannot stop both.
        assert!(say("b1 a1 b2 d2 b3", 4, "a4").starts_with("cannot stop both of Black's winning cells a4 and b4"));
        // Black b2 and a4 form a bridge (carriers a3 and b3); White intrudes at a3, b3 saves it.
        assert_eq!(
            say("b1 e1 b2 e2 a4 a3", 5, "b3"),
            "keeps its chain b1–a4 connected, and blocks White's shortest path to the right edge"
        );
        assert!(say("b1 e1 b2 e2 a4 c5", 5, "b3").starts_with("joins two of its chains into one from b1 to a4"));
        // White a2 b2 c2 reaches column c; d1 is Black's, so d2 is White's only winning cell.
        assert_eq!(say("d1 a2 a4 b2 b4 c2", 4, "d2"), "blocks White's only winning cell d2");
        // Black c3 on 5×5, White answers below it: c4 is on Black's shortest path to the bottom edge.
        assert_eq!(say("c3", 5, "c4"), "blocks Black's shortest path to the bottom edge");
        // White's a1–b1 chain grows right, and c1 is on Black's shortest path c1 c2 c3 c4 c5 as well.
        assert_eq!(
            say("c3 a1 c4 b1 a5", 5, "c1"),
            "extends its chain toward the right edge, and blocks Black's shortest path to the top edge"
        );
        assert_eq!(say("c3 a1 c4 b1", 5, "c5"), "extends its chain toward the bottom edge");
        assert_eq!(say("c3 a1 c4 e1 a5", 5, "e2"), "strengthens its chain e1–e2");
    }

    #[test]
    fn figures_only_for_analysis() {
        let g = parse_position("c3", 5, false).unwrap_or_else(|e| panic!("{e}"));
        let effort = Effort { eval: Eval::TwoDistance, depth: 2, nodes: 523, elapsed: Duration::from_millis(45) };
        let mv = HexMove::parse("c4", 5).unwrap_or_else(|e| panic!("{e}"));
        let short = explain(&g, mv, -1.988, &effort, false);
        assert!(!short.contains("two-distance") && !short.contains("depth") && !short.contains("nodes"), "{short}");
        let long = explain(&g, mv, -1.988, &effort, true);
        assert_eq!(long, format!("{short}; two-distance -1.988 at depth 2 (523 nodes, 45 ms)"));
    }
}
