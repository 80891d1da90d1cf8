//! Virtual-connection maintenance in the tree's prior, after MoHex 2.0 (Huang et al., 2013): the answers
//! that restore a connection an intrusion broke (see
//! [`Maintenance`](crate::ai::hex::solver::vc::Maintenance)) get a share of their siblings' prior on top of
//! their shapes', so that the search tries them first. The shapes and the playouts know how to answer an
//! intrusion into a bridge, but not into an edge template or a longer chain; without the answer, an
//! intrusion looks good until the search stumbles on the reply.
//!
//! Done at the root, before the search starts, in both directions: the mover's answers to the last stone,
//! and the opponent's answers below each of the mover's moves that intrudes (the child is expanded for it).

use super::expand::{Legal, expand};
use super::knowledge::Knowledge;
use super::params::Params;
use super::tree::{Proof, SWAP, Tree};
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::patterns::Shapes;
use crate::ai::hex::playout::PlayBoard;

/// Points the prior of the root (expanded, with the swap behind it) of `board` and of its children at
/// maintenance's answers, with [`Params::vcm_bonus`]; once per root.
pub(crate) fn maintain<B: Bits>(
    tree: &Tree,
    board: &PlayBoard<B>,
    p: &Params,
    know: &mut Knowledge<B>,
    shapes: Option<(&Shapes, bool)>,
    kids: &mut Vec<(u16, Proof)>,
) {
    let bonus = p.vcm_bonus;
    if bonus <= 0.0 || !tree.is_expanded(0) || !tree.claim_maintained(0) {
        return;
    }
    let (ours, theirs) = know.maintenance(board);
    boost(tree, 0, ours, bonus);
    let probes = theirs.probes();
    if probes.is_zero() {
        return;
    }
    let mut child = board.clone();
    for c in tree.children(0) {
        let node = tree.node(c);
        let k = usize::from(node.mv);
        if node.mv == SWAP || node.proof != Proof::Unknown || !probes.has(k) {
            continue;
        }
        let answers = theirs.answers(k);
        if answers.is_zero() {
            continue;
        }
        if !tree.is_expanded(c) {
            child.reset_from(board);
            child.play(k);
            if expand(tree, c, &child, Legal::swap(false), p, shapes, kids) {
                // The child is proven one move ahead, as a simulation's expansion would have found: the
                // root learns it as it would from that simulation's backup.
                tree.update_proof(0);
                continue;
            }
            if !tree.is_expanded(c) {
                continue;
            }
        }
        if tree.claim_maintained(c) {
            boost(tree, c, answers, bonus);
        }
    }
}

/// Gives each child of `i` on one of `cells` `bonus` more prior, then scales all so that they keep their
/// sum's proportions: an answer's share of the siblings' prior grows by about `bonus`.
fn boost<B: Bits>(tree: &Tree, i: usize, cells: B, bonus: f32) {
    let (first, kids) = tree.child_slots(i);
    let answers = |mv: u16| mv != SWAP && cells.has(usize::from(mv));
    let hits = kids.iter().filter(|kid| answers(kid.mv())).count();
    if hits == 0 {
        return;
    }
    let scale = 1.0 / (1.0 + bonus * hits as f32);
    for (k, kid) in kids.iter().enumerate() {
        let extra = if answers(kid.mv()) { bonus } else { 0.0 };
        tree.set_prior(first + k, (kid.prior() + extra) * scale);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::hex::bitboard::Geometry;
    use crate::ai::hex::mcts::search::{Root, prepare};
    use crate::game::hex::{Board, Color};

    /// A 9×9 board with Black's and White's stones (compact indices), `to_move` to move after `last`.
    fn board(black: &[usize], white: &[usize], to_move: Color, last: Option<usize>) -> PlayBoard<u128> {
        let geo = Geometry::<u128>::new(9).unwrap_or_else(|| panic!("9×9 fits"));
        let mut b = Board::new(9).unwrap_or_else(|e| panic!("{e}"));
        for (cells, c) in [(black, Color::Black), (white, Color::White)] {
            for &k in cells {
                b.play(geo.cell(k), c);
            }
        }
        let mut board = PlayBoard::<u128>::new(&b, to_move).unwrap_or_else(|| panic!("9×9 fits"));
        board.set_last(last);
        board
    }

    /// e5 and a stone bridged to it, with the bridge's two cells: found by the geometry, so that the test
    /// does not depend on how the board's rows lean.
    fn bridge() -> (usize, usize, usize, usize) {
        let geo = Geometry::<u128>::new(9).unwrap_or_else(|| panic!("9×9 fits"));
        let a = 4 * 9 + 4;
        let near = |k: usize| geo.neighbours(u128::bit(k));
        (0..81)
            .find_map(|b| {
                let common: Vec<usize> = (near(a) & near(b)).ones().collect();
                match common[..] {
                    [x, y] if b != a && !near(a).has(b) => Some((a, b, x, y)),
                    _ => None,
                }
            })
            .unwrap_or_else(|| panic!("e5 has a bridge partner"))
    }

    /// The root's prepared tree under `vcm_bonus`, and the prior of the child `path` leads to.
    fn prior(board: &PlayBoard<u128>, vcm_bonus: f32, path: &[usize]) -> f32 {
        let tree = Tree::new(100_000);
        let p = Params { vcm_bonus, ..Params::for_size(9) };
        prepare(&tree, &Root { board: board.clone(), swap_depth: None }, &p);
        let mut node = 0;
        for &k in path {
            node = tree
                .children(node)
                .find(|&c| usize::from(tree.node(c).mv) == k)
                .unwrap_or_else(|| panic!("no child {k} of {node}"));
        }
        tree.node(node).prior
    }

    #[test]
    fn the_answer_to_an_intrusion_into_the_movers_bridge_gets_the_bonus() {
        // Black's bridge e5–b, White intrudes at x: Black's y restores it.
        let (a, b, x, y) = bridge();
        let board = board(&[a, b], &[x, 0], Color::Black, Some(x));
        let (plain, boosted) = (prior(&board, 0.0, &[y]), prior(&board, 0.5, &[y]));
        assert!(boosted > plain && boosted > 0.3, "{plain} → {boosted}");
        // Another cell's share shrinks.
        let other = (0..81).find(|&k| ![a, b, x, y, 0].contains(&k) && board.empty_cells().has(k)).unwrap_or(1);
        assert!(prior(&board, 0.5, &[other]) < prior(&board, 0.0, &[other]));
    }

    #[test]
    fn below_an_intrusion_into_the_opponents_bridge_the_opponents_answer_gets_the_bonus() {
        // White's bridge e5–b, Black to move: below Black's x, White's y restores it; below a move far
        // away, nothing changes.
        let (a, b, x, y) = bridge();
        let board = board(&[0, 8], &[a, b], Color::Black, Some(b));
        // Without the bonus x is not expanded before the search, so a bonus too small to matter stands for
        // none.
        let (plain, boosted) = (prior(&board, 1e-6, &[x, y]), prior(&board, 0.5, &[x, y]));
        assert!(boosted > plain + 0.15, "{plain} → {boosted}");
        // The root itself: no stone of Black's was intruded into, so its priors are unchanged.
        assert_eq!(prior(&board, 0.5, &[x]), prior(&board, 0.0, &[x]));
    }
}
