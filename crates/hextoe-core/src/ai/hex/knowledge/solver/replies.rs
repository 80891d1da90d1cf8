//! The winning answer to every move of a lost position, from one proof of the position.
//!
//! The table of solved openings holds, two moves past each first stone, the winning answer to each of the
//! loser's moves. Proving each of those replies on its own costs more than proving the position before
//! them once: the proof of a lost position refutes every move in it, and the replies share most of their
//! sub-proofs. So the position is proved first, and each answer is then read back from the transposition
//! table, where the proof left it; a move the proof never searched (an inferior cell, pruned before the
//! search) is proved on its own, with the table still warm.

use super::dfpn::Dfpn;
use super::inferior::fill_in;
use super::position::{Pos, Rings};
use super::{Limits, Progress, Solution, Solver};
use crate::ai::hex::Proof;
use crate::ai::hex::knowledge::bitboard::{Bits, DEAD, Geometry};
use crate::dispatch_bits;
use crate::game::hex::{Board, Cell, Color, Game};
use std::time::Instant;

/// A lost position's proof and the answer that wins against each of the loser's moves.
#[derive(Clone, Debug, PartialEq)]
pub struct Replies {
    /// The position's own solution: who wins, with the nodes and time of the whole run.
    pub root: Solution,
    /// Each move of the side to move, in cell order, with the opponent's winning answer to it. Empty when
    /// the side to move wins, or the winner is not known.
    pub answers: Vec<(Cell, Cell)>,
    /// True if every move has its answer; false if the limits came first.
    pub complete: bool,
    /// How the answers were found.
    pub found: Found,
}

/// How many answers came from each source, cheapest first, to show where a run spent its time.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    /// Read from the table, where the position's proof left them.
    pub proof: usize,
    /// A proven sibling's answer, the move lying outside that answer's proof set.
    pub proof_set: usize,
    /// Given by an inferior-cell rule: a killer, or the answer to a dominating move.
    pub inferior: usize,
    /// Found by a search of their own.
    pub search: usize,
}

impl Solver {
    /// Proves `game`'s position and, where the side to move loses, finds the opponent's winning answer to
    /// each of its moves. `on_move` is told how many moves have their answer, as `(done, total)`. A
    /// position where the mover may still swap is not answered move by move (swapping would win it).
    pub fn replies(
        &self,
        game: &Game,
        limits: &Limits,
        progress: &(dyn Fn(&Progress) + Sync),
        on_move: &(dyn Fn(usize, usize) + Sync),
    ) -> Replies {
        let started = Instant::now();
        let root = self.one_winning_move(game, limits, progress);
        let me = game.to_move();
        let mut out = Replies { complete: root.complete, root, answers: Vec::new(), found: Found::default() };
        if out.root.winner != Some(me.opponent()) || game.can_swap() || game.winner().is_some() {
            return out;
        }
        let (answers, nodes, found) =
            dispatch_bits!(game.size(), answers_in(self, game.board(), me, limits, progress, on_move));
        out.root.nodes += nodes;
        out.found = found;
        out.complete = answers.iter().all(Option::is_some);
        out.answers = game.board().empty_cells().iter().zip(answers).filter_map(|(m, a)| Some((m, a?))).collect();
        out.root.elapsed = started.elapsed();
        out
    }
}

/// The answers to `me`'s moves in `board` (lost for `me`), in cell order (`None` where the limits came
/// first), and the positions searched for them. A move is answered, cheapest first:
/// - from the table, where the position's proof solved the move and kept its winning answer;
/// - by a proven sibling's answer, where the move lies outside that answer's proof set: the proof never
///   looked at the move's cell, so the same answer wins (the solver's own proof-set pruning, which is how
///   its proof left such moves unsearched);
/// - by a search of its own, with the answers found so far tried first.
fn answers_in<B: Bits>(
    solver: &Solver,
    board: &Board,
    me: Color,
    limits: &Limits,
    progress: &(dyn Fn(&Progress) + Sync),
    on_move: &(dyn Fn(usize, usize) + Sync),
) -> (Vec<Option<Cell>>, u64, Found) {
    let moves: Vec<Cell> = board.empty_cells().iter().collect();
    let Some(geo) = Geometry::<B>::new(board.size()) else { return (vec![None; moves.len()], 0, Found::default()) };
    let d = Dfpn::new(geo.clone(), &solver.tt, limits, progress);
    let key = d.key(&Pos::from_board(&geo, board, me));
    let child = |c: Cell| d.child_key(key, me, geo.index(c));
    let filled = Filled::of(&geo, board, me);
    // Each answer found, with the proof set of the win it gives: (set, answer).
    let mut proven: Vec<(B, Cell)> = Vec::new();
    let read = |c: Cell, proven: &mut Vec<(B, Cell)>| -> Option<Cell> {
        let a = geo.cell(d.best(child(c))?);
        proven.push((d.proof_of(child(c)), a));
        Some(a)
    };
    let mut answers: Vec<Option<Cell>> = moves.iter().map(|&c| read(c, &mut proven)).collect();
    let mut nodes = 0;
    let mut found = Found { proof: answers.iter().flatten().count(), ..Found::default() };
    for (i, &c) in moves.iter().enumerate() {
        on_move(i, moves.len());
        if answers[i].is_some() {
            continue;
        }
        let k = geo.index(c);
        if let Some(&(_, a)) = proven.iter().find(|&&(set, a)| !set.has(k) && a != c) {
            answers[i] = Some(a);
            found.proof_set += 1;
            continue;
        }
        if let Some(a) = killed(&filled, c, me, &answers, &moves) {
            answers[i] = Some(a);
            found.inferior += 1;
            continue;
        }
        let mut after = board.clone();
        after.play(c, me);
        let mut hints: Vec<Cell> = Vec::new();
        for &(_, a) in proven.iter().rev() {
            if !hints.contains(&a) && hints.len() < 3 {
                hints.push(a);
            }
        }
        let r = solver.solve_hinted(&after, me.opponent(), limits, progress, &hints);
        nodes += r.nodes;
        match r.proof {
            Proof::Win => {
                answers[i] = read(c, &mut proven).or(r.best);
                found.search += 1;
            }
            // The limits came first (a loss would contradict the position's proof, and is no answer).
            _ => break,
        }
    }
    on_move(moves.len(), moves.len());
    (answers, nodes, found)
}

/// The position before and after fill-in, to read the moves that the proof left out as inferior.
struct Filled<B> {
    geo: Geometry<B>,
    rings: Rings,
    /// The position as it stands.
    raw: Pos<B>,
    /// The filled-in position.
    pos: Pos<B>,
}

impl<B: Bits> Filled<B> {
    fn of(geo: &Geometry<B>, board: &Board, me: Color) -> Filled<B> {
        let rings = Rings::new(board.size());
        let raw = Pos::from_board(geo, board, me);
        let mut pos = raw;
        fill_in(geo, &rings, &mut pos);
        Filled { geo: geo.clone(), rings, raw, pos }
    }

    /// An empty neighbour `j` of the empty cell `k` in `pos` such that `k` is dead once `colour` holds `j`.
    fn killer(&self, pos: &Pos<B>, k: usize, colour: Color) -> Option<usize> {
        let open = pos.empty(&self.geo);
        let p = self.rings.pattern(pos, k);
        let hit = |&(slot, j): &(usize, usize)| open.has(j) && DEAD[p | (colour.index() + 1) << (2 * slot)];
        open.has(k).then(|| self.rings.around(k).find(hit).map(|(_, j)| j)).flatten()
    }
}

/// The opponent's answer to `me`'s move `c` that the proof's own inferior-cell rules give, without a
/// search (see prune.rs and inferior.rs):
/// - a cell `j` next to `c` whose stone leaves `c` dead, read in the position as it stands or, where
///   fill-in left `c` empty, after fill-in (`c` is vulnerable, or one of a pair the opponent captured):
///   a dead stone is worth nothing, so the position is then the lost one with two more stones of the
///   winner's;
/// - where `c` is dominated by `me`'s move `d` (a stone on `d` would leave `c` dead, so `c` is no better
///   than `d`), the answer already found to `d`.
fn killed<B: Bits>(f: &Filled<B>, c: Cell, me: Color, answers: &[Option<Cell>], moves: &[Cell]) -> Option<Cell> {
    let k = f.geo.index(c);
    let them = me.opponent();
    if let Some(j) = f.killer(&f.raw, k, them).or_else(|| f.killer(&f.pos, k, them)) {
        return Some(f.geo.cell(j));
    }
    let d = f.killer(&f.pos, k, me)?;
    let a = answers[moves.iter().position(|&m| m == f.geo.cell(d))?]?;
    (a != c).then_some(a)
}
