//! Expansion: a leaf's children, pruned by what is certain one move ahead and by inferior cells, each
//! with its learned prior.

use super::params::{Params, Pruning};
use super::tree::{Proof, SWAP, Tree};
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::ai::hex::knowledge::patterns::{PatternTable, Shapes};
use crate::ai::hex::knowledge::playout::PlayBoard;

/// Gives `leaf` its children, pruned by what is certain one move ahead: if the side to move can join its
/// edges at once, only those winning cells (proven wins); else if the opponent threatens to, only the
/// cells that block (a lone threat) or, against two threats, those cells marked as lost. The swap is added
/// where it is legal. Without threats, the cells `p`'s pruning names are left out (see [`Pruning`]),
/// unless that would leave no move, and so are the cells outside `only`,
/// when given (the root's fair first stones under the swap rule, see [`super::opening`]). With `shapes`, each child gets its
/// pattern prior, weighed by its place from the last stone if the flag beside them is set. Returns true
/// if `leaf`'s own proof changed.
pub(crate) fn expand<B: Bits>(
    tree: &Tree,
    leaf: usize,
    board: &PlayBoard<B>,
    legal: Legal<B>,
    p: &Params,
    shapes: Option<(&Shapes, bool)>,
    kids: &mut Vec<(u16, Proof)>,
) -> bool {
    let geo = board.geometry();
    let me = board.to_move();
    let empty = board.empty_cells();
    kids.clear();
    if legal.swap {
        kids.push((SWAP, Proof::Unknown));
    }
    let mine = geo.winning_cells(board.stones(me), empty, me);
    if !mine.is_zero() {
        kids.extend(mine.ones().map(|k| (k as u16, Proof::Win)));
    } else {
        let theirs = geo.winning_cells(board.stones(me.opponent()), empty, me.opponent());
        match theirs.count() {
            0 => {
                let mut moves = empty;
                if p.pruning != Pruning::Off {
                    let mut useful = empty.minus(board.inferior_cells());
                    // A stone the swap may take over is not left out for being weaker than its neighbour.
                    if !legal.before_swap {
                        if p.pruning.vulnerable() {
                            useful = useful.minus(board.vulnerable_cells(useful));
                        }
                        if p.pruning.dominated() {
                            useful = useful.minus(board.dominated_cells(useful));
                        }
                    }
                    if !useful.is_zero() {
                        moves = useful;
                    }
                }
                if let Some(only) = legal.only.map(|o| moves & o).filter(|o| !o.is_zero()) {
                    moves = only;
                }
                kids.extend(moves.ones().map(|k| (k as u16, Proof::Unknown)));
            }
            1 => kids.extend(theirs.ones().map(|k| (k as u16, Proof::Unknown))),
            _ => kids.extend(theirs.ones().map(|k| (k as u16, Proof::Loss))),
        }
    }
    if !tree.has_room(kids.len()) {
        return false;
    }
    let mut priors = [0f32; 19 * 19 + 1];
    let priors = shapes.and_then(|(shapes, near)| set_priors(&mut priors, board, shapes, near, kids));
    tree.expand(leaf, kids, priors) && tree.update_proof(leaf)
}

/// What besides the board decides a node's children: whether the swap is legal there, and the cells they
/// are kept to, if any (the root's fair first stones under the swap rule, see [`super::opening`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Legal<B> {
    /// The swap is one of the moves.
    pub swap: bool,
    /// The children are kept to these cells, unless none of them is a move.
    pub only: Option<B>,
    /// The next move may be the swap: the stone played here is one the opponent may take over, so the
    /// mover wants a fair stone rather than the strongest, and a cell is not left out for being weaker
    /// than its neighbour (vulnerable or dominated); dead and captured cells still are.
    pub before_swap: bool,
}

/// Writes into `out` each of the children `kids`' share of the pattern strength (the swap gets an average
/// share) and returns them; `None` if no child has any strength. With `near`, a child next to the last
/// stone or its bridge partner has its strength multiplied by the table's factor for that place.
pub(super) fn set_priors<'a, B: Bits>(
    out: &'a mut [f32; 19 * 19 + 1],
    board: &PlayBoard<B>,
    shapes: &Shapes,
    near: bool,
    kids: &[(u16, Proof)],
) -> Option<&'a [f32]> {
    let table = PatternTable::shipped();
    let me = board.to_move();
    let (mine, theirs) = (board.stones(me), board.stones(me.opponent()));
    // The factor of each cell by its place from the last stone (1 where it is far or unknown).
    let mut factor = [1f32; 19 * 19];
    if near && let Some(last) = board.last_cell() {
        for (k, place) in shapes.around(last) {
            factor[k] = table.near(place);
        }
    }
    let mut total = 0.0;
    for (g, &(mv, _)) in out.iter_mut().zip(kids) {
        *g = if mv == SWAP {
            0.0
        } else {
            let k = mv as usize;
            table.gamma(shapes.key(k, me, mine, theirs)) * factor[k]
        };
        total += *g;
    }
    if total <= 0.0 {
        return None;
    }
    let average = 1.0 / kids.len() as f32;
    for (g, &(mv, _)) in out.iter_mut().zip(kids) {
        *g = if mv == SWAP { average } else { *g / total };
    }
    Some(&out[..kids.len()])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::knowledge::playout::FastRng;
    use crate::ai::hex::players::mcts::Params;
    use crate::ai::hex::players::mcts::search::{Limits, Root, run};
    use crate::game::hex::{Game, HexMove};

    /// The root of a search of `moves` on 7×7 after a few simulations with the prior weighted `weight`, by
    /// the shapes alone.
    fn searched(moves: &str, weight: f32) -> (Tree, PlayBoard<u64>) {
        searched_with(moves, Params { prior_weight: weight, near_prior: false, ..Params::for_size(7) })
    }

    /// The same with the search's settings `p`.
    fn searched_with(moves: &str, p: Params) -> (Tree, PlayBoard<u64>) {
        let mut g = Game::new(7, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves.split_whitespace() {
            g.play(HexMove::parse(m, 7).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        let mut board = PlayBoard::<u64>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("7×7 fits"));
        board.set_last(g.last_move().and_then(|m| m.cell()).map(|c| c.row() * 7 + c.col()));
        let root = Root { board: board.clone(), swap_depth: None, predictor: None };
        let tree = Tree::new(100_000);
        let limits = Limits::simulations(50, 1);
        run(&tree, &root, &limits, &p, &mut FastRng::new(3));
        (tree, board)
    }

    #[test]
    fn the_learned_table_gives_the_children_their_share_of_strength() {
        let (tree, board) = searched("d4 c5 e3", 2.0);
        let shapes = Shapes::new(7);
        let table = PatternTable::shipped();
        let me = board.to_move();
        let (mine, theirs) = (board.stones(me), board.stones(me.opponent()));
        let kids: Vec<usize> = tree.children(0).collect();
        assert!(kids.len() > 10);
        let gamma = |c: usize| table.gamma(shapes.key(tree.node(c).mv as usize, me, mine, theirs));
        let total: f32 = kids.iter().map(|&c| gamma(c)).sum();
        let sum: f32 = kids.iter().map(|&c| tree.node(c).prior).sum();
        assert!((sum - 1.0).abs() < 1e-3, "priors sum to {sum}");
        for &c in &kids {
            assert!((tree.node(c).prior - gamma(c) / total).abs() < 1e-5);
        }
        // The shapes differ, so the priors do too: the table is not flat here.
        let max = kids.iter().map(|&c| tree.node(c).prior).fold(0.0, f32::max);
        let min = kids.iter().map(|&c| tree.node(c).prior).fold(1.0, f32::min);
        assert!(max > 2.0 * min, "{min} .. {max}");
        // With the last-move factors, e3's neighbours and bridge partners get theirs on top.
        let (near, _) = searched_with("d4 c5 e3", Params { near_prior: true, ..Params::for_size(7) });
        let last = 2 * 7 + 4; // e3: row 3, column e
        let factor = |k: usize| {
            shapes.around(last).find(|&(j, _)| j == k).map_or(1.0, |(_, r)| table.listed(r.key()).unwrap_or(1.0))
        };
        let near_total: f32 = near.children(0).map(|c| gamma(c) * factor(near.node(c).mv as usize)).sum();
        let mut boosted = 0;
        for c in near.children(0) {
            let k = near.node(c).mv as usize;
            assert!((near.node(c).prior - gamma(c) * factor(k) / near_total).abs() < 1e-5);
            boosted += usize::from(factor(k) > 1.0);
        }
        assert!(boosted >= 6, "{boosted} children next to e3 or its bridge partners");
        // Without the prior, the children carry none.
        let (plain, _) = searched("d4 c5 e3", 0.0);
        assert!(plain.children(0).all(|c| plain.node(c).prior == 0.0));
    }
}
