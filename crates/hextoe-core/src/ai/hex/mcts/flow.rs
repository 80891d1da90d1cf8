//! The current-flow prior: once a node has enough visits, its children's learned priors are weighed by the
//! electric current each cell carries in the two players' resistance circuits
//! ([`circuit`](crate::ai::hex::eval::resistance::circuit)).
//!
//! The learned shapes see only a cell's six neighbours and the last stone; the current sees the whole
//! board: it runs where each player's shortest and widest paths between its edges go, and so marks the
//! region where the game is being decided. Multiplying the two (a child's prior times its cell's current
//! to the power [`Params::flow_exponent`](super::params::Params::flow_exponent)) predicts the moves of
//! strong games better than either alone (the test below measures it on the games the shapes were fitted
//! to). One node costs two banded Cholesky solves, about 18 µs at 11×11, so it is done once per node and
//! only for nodes the search comes back to ([`Params::flow_after`](super::params::Params::flow_after)).

use super::tree::{SWAP, Tree};
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::eval::resistance::circuit;
use crate::ai::hex::playout::PlayBoard;
use crate::game::hex::{Board, Color};

/// A floor under every cell's current, so that a cell the current misses keeps a sliver of its prior
/// rather than none: the circuit is a model, and the search must still be able to try the cell.
const FLOOR: f32 = 1e-4;

/// Weighs the priors of node `i`'s children (which must be expanded) by the current through their cells
/// in `board`, the node's position, raised to `exponent`; their sum stays what it was, so the weight of
/// the prior against the win rates does not change, and the swap keeps its share.
pub(crate) fn weigh<B: Bits>(tree: &Tree, i: usize, board: &PlayBoard<B>, exponent: f32) {
    let Some(currents) = currents(board) else { return };
    let (first, kids) = tree.child_slots(i);
    // Every cell and the swap.
    let mut weighed = [0f32; 19 * 19 + 1];
    let (mut before, mut after) = (0f32, 0f32);
    for (w, kid) in weighed.iter_mut().zip(kids) {
        if kid.mv() == SWAP {
            continue;
        }
        let flow = currents.get(kid.mv() as usize).copied().unwrap_or(0.0);
        *w = kid.prior() * (flow + FLOOR).powf(exponent);
        before += kid.prior();
        after += *w;
    }
    if before <= 0.0 || after <= 0.0 || !after.is_finite() {
        return;
    }
    let scale = before / after;
    for (k, (&w, kid)) in weighed.iter().zip(kids).enumerate() {
        if kid.mv() != SWAP {
            tree.set_prior(first + k, w * scale);
        }
    }
}

/// The current through every cell of `board` (by compact index) in Black's circuit plus that in White's,
/// each as a share of its player's whole current, so that the better-connected player does not drown the
/// other out. None if the board cannot be rebuilt.
fn currents<B: Bits>(board: &PlayBoard<B>) -> Option<Vec<f32>> {
    let geo = board.geometry();
    let mut b = Board::new(geo.size()).ok()?;
    for color in [Color::Black, Color::White] {
        for k in board.stones(color).ones() {
            b.play(geo.cell(k), color);
        }
    }
    let (black, white) = (circuit(&b, Color::Black), circuit(&b, Color::White));
    let flow = black.through.iter().zip(&white.through);
    Some(flow.map(|(b_k, w_k)| (b_k / black.current + w_k / white.current) as f32).collect())
}

#[cfg(test)]
mod tests {
    use super::super::expand::set_priors;
    use super::*;
    use crate::ai::hex::mcts::tree::Proof;
    use crate::ai::hex::patterns::Shapes;
    use crate::game::hex::{Game, HexMove};

    /// The board of `game` for the search, with its last stone.
    fn play_board(game: &Game) -> PlayBoard<u128> {
        let n = game.size();
        let mut board = PlayBoard::<u128>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("fits"));
        board.set_last(game.last_move().and_then(|m| m.cell()).map(|c| c.row() * n + c.col()));
        board
    }

    /// A game on an n×n board after `moves`.
    fn game(n: usize, moves: &str) -> Game {
        let mut g = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves.split_whitespace() {
            g.play(HexMove::parse(m, n).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        g
    }

    #[test]
    fn weighing_keeps_the_total_and_favours_the_cells_the_current_runs_through() {
        // 9×9, Black to move after e5 (Black) d6 (White): equal priors, so the current alone orders them.
        let g = game(9, "e5 d6");
        let board = play_board(&g);
        let tree = Tree::new(1000);
        let kids: Vec<(u16, Proof)> = board.empty_cells().ones().map(|k| (k as u16, Proof::Unknown)).collect();
        let even = vec![1.0 / kids.len() as f32; kids.len()];
        assert!(tree.expand(0, &kids, Some(&even)));
        weigh(&tree, 0, &board, 2.0);
        let prior = |cell: &str| {
            let c = HexMove::parse(cell, 9).ok().and_then(|m| m.cell()).unwrap_or_else(|| panic!("{cell}"));
            let k = (c.row() * 9 + c.col()) as u16;
            tree.children(0).map(|i| tree.node(i)).find(|n| n.mv == k).map_or(0.0, |n| n.prior)
        };
        let total: f32 = tree.children(0).map(|i| tree.node(i).prior).sum();
        assert!((total - 1.0).abs() < 1e-4, "the priors still sum to 1: {total}");
        // The cells between the stones and the edges carry current; the far corners carry almost none.
        assert!(prior("e4") > 5.0 * prior("a1"), "{} against {}", prior("e4"), prior("a1"));
        assert!(prior("e6") > 5.0 * prior("i9"), "{} against {}", prior("e6"), prior("i9"));
        // A second weighing would square the effect: the search claims each node once.
        assert!(tree.claim_flow(0) && !tree.claim_flow(0));
    }

    #[test]
    fn the_swap_keeps_its_share_and_a_prior_of_nothing_stays_nothing() {
        let g = game(5, "c3");
        let board = play_board(&g);
        let tree = Tree::new(100);
        let mut kids = vec![(SWAP, Proof::Unknown)];
        kids.extend(board.empty_cells().ones().map(|k| (k as u16, Proof::Unknown)));
        let mut priors = vec![0.25f32];
        priors.extend(std::iter::repeat_n(0.75 / 24.0, 24));
        assert!(tree.expand(0, &kids, Some(&priors)));
        weigh(&tree, 0, &board, 2.0);
        let swap = tree.children(0).find(|&c| tree.node(c).mv == SWAP).map(|c| tree.node(c).prior);
        assert_eq!(swap, Some(0.25));
        let plain = Tree::new(100);
        assert!(plain.expand(0, &kids, None));
        weigh(&plain, 0, &board, 2.0);
        assert!(plain.children(0).all(|c| plain.node(c).prior == 0.0));
        // 19×19, empty, with the swap among the children: all 362 are weighed, none left out.
        let empty = Game::new(19, false).unwrap_or_else(|e| panic!("{e}"));
        let wide = PlayBoard::<crate::ai::hex::bitboard::Wide>::new(empty.board(), Color::Black)
            .unwrap_or_else(|| panic!("19×19 fits"));
        let mut kids = vec![(SWAP, Proof::Unknown)];
        kids.extend(wide.empty_cells().ones().map(|k| (k as u16, Proof::Unknown)));
        assert_eq!(kids.len(), 362);
        let even = vec![1.0 / 362.0; 362];
        let big = Tree::new(1000);
        assert!(big.expand(0, &kids, Some(&even)));
        weigh(&big, 0, &wide, 2.0);
        let total: f32 = big.children(0).map(|c| big.node(c).prior).sum();
        assert!((total - 1.0).abs() < 1e-3, "{total}");
        let last = big.children(0).last().map(|c| big.node(c).prior).unwrap_or(0.0);
        assert!((last - 1.0 / 362.0).abs() > 1e-6, "the last cell, s19, was weighed too: {last}");
    }

    #[test]
    fn the_flow_weighed_prior_predicts_strong_moves_better_than_the_shapes_alone() {
        // Over the first 40 games of the shipped MoHex games, the mean log-likelihood of the move played
        // under the shapes' prior (with the last-move factors) and under the same weighed by the current
        // squared, among the cells the tree would keep.
        let games = include_str!("../../../../../../training/hex-games-mohex.txt");
        let shapes = Shapes::new(11);
        let (mut shapes_ll, mut flow_ll, mut count) = (0f64, 0f64, 0usize);
        for line in games.lines().filter(|l| !l.starts_with('#')).take(40) {
            let mut words = line.split_whitespace();
            assert_eq!(words.next(), Some("11"));
            let mut g = Game::new(11, false).unwrap_or_else(|e| panic!("{e}"));
            for (ply, word) in words.enumerate() {
                let m = HexMove::parse(word, 11).unwrap_or_else(|e| panic!("{e}"));
                if ply >= 2 {
                    let board = play_board(&g);
                    let kids: Vec<(u16, Proof)> = board
                        .empty_cells()
                        .minus(board.inferior_cells())
                        .ones()
                        .map(|k| (k as u16, Proof::Unknown))
                        .collect();
                    let c = m.cell().unwrap_or_else(|| panic!("{word}"));
                    let chosen = (c.row() * 11 + c.col()) as u16;
                    let mut out = [0f32; 19 * 19 + 1];
                    if let Some(at) = kids.iter().position(|&(k, _)| k == chosen)
                        && let Some(priors) = set_priors(&mut out, &board, &shapes, true, &kids)
                    {
                        let tree = Tree::new(400);
                        assert!(tree.expand(0, &kids, Some(priors)));
                        shapes_ll += f64::from(priors[at].max(1e-9)).ln();
                        weigh(&tree, 0, &board, 2.0);
                        let weighed = tree.children(0).nth(at).map_or(0.0, |i| tree.node(i).prior);
                        flow_ll += f64::from(weighed.max(1e-9)).ln();
                        count += 1;
                    }
                }
                g.play(m).unwrap_or_else(|e| panic!("{e}"));
            }
        }
        let (shapes_ll, flow_ll) = (shapes_ll / count as f64, flow_ll / count as f64);
        assert!(count > 1000, "{count} positions");
        assert!(flow_ll > shapes_ll + 0.03, "flow {flow_ll:.3} against shapes {shapes_ll:.3} over {count} moves");
    }
}
