//! Knowledge from virtual connections: the solver's connection builder ([`Vcs`]) settles what it can
//! prove about a node's moves (Huang et al., *MoHex 2.0*, 2013). The search pays for it at the root before
//! each search and, by default, at every node once it has 256 visits, as MoHex 2.0 does
//! ([`KnowledgeAt::Nodes`](super::params::KnowledgeAt)); `docs/ai.md` says what it was measured to be worth.
//!
//! Cheap ring patterns prune a node's children when it is expanded (see [`super::expand`]); this is the
//! expensive second look:
//!
//! - dead cells and captured pairs are filled in, as the solver does;
//! - if the side to move has a virtual connection between its edges, the keys of its semi connections
//!   (or every move, for a full one) are proven wins;
//! - if the opponent has one, every move is a proven loss (except at the root, see [`Knowledge::apply`]);
//!   if the opponent has semi connections, every move outside the intersection of their carriers (the
//!   *must-play* region) is a proven loss, because the opponent answers it at the key and is connected.
//!
//! Every connection H-search reports is a proof, so these marks are as sound as the solver's, and the
//! search never spends another simulation on a move they rule out.

use super::tree::{Proof, Tree};
use crate::ai::hex::knowledge::bitboard::Bits;
use crate::ai::hex::knowledge::playout::PlayBoard;
use crate::ai::hex::knowledge::solver::inferior::{Filled, fill_in};
use crate::ai::hex::knowledge::solver::position::{Pos, Rings};
use crate::ai::hex::knowledge::solver::vc::EdgeLink;
use crate::ai::hex::knowledge::solver::vcs::Vcs;
use crate::game::hex::Color;

/// One search thread's connection tables and neighbour rings, kept between nodes so that no node pays
/// for allocating them.
#[derive(Debug)]
pub(crate) struct Knowledge<B> {
    /// The connection builder, for what a node's moves are proven to be.
    vcs: Vcs<B>,
    rings: Rings,
}

impl<B: Bits> Knowledge<B> {
    /// The tables for an n×n board.
    pub(crate) fn new(n: usize) -> Knowledge<B> {
        Knowledge { vcs: Vcs::default(), rings: Rings::new(n) }
    }

    /// Marks what the virtual connections of `board` prove about the children of node `i` (which must be
    /// expanded, with the swap behind it: the caller checks), and settles `i`'s own proof from them.
    /// Returns true if `i`'s proof changed.
    ///
    /// At the `root`, the mover's own connections are looked for too (below it, the child after the
    /// winning move finds them as the opponent's connections when its turn comes, so the parent need not
    /// pay for a second H-search). And the root is never proven lost here: when every move loses against
    /// perfect play, the search must still find the one that holds out longest against a fallible
    /// opponent, so then nothing is marked.
    pub(crate) fn apply(&mut self, tree: &Tree, i: usize, board: &PlayBoard<B>, root: bool) -> bool {
        if !tree.claim_known(i) || tree.proof(i) != Proof::Unknown {
            return false;
        }
        let geo = board.geometry();
        let x = board.to_move();
        let y = x.opponent();
        let (pos, filled) = filled_in(board, &self.rings);
        let own = if root { self.vcs.run(geo, &pos, x, true) } else { EdgeLink::None };
        let won = match own {
            EdgeLink::Joined | EdgeLink::Vc(_) => geo.board(),
            EdgeLink::Sc(keys) => keys.iter().fold(B::ZERO, |acc, &(k, _)| acc | B::bit(k)),
            EdgeLink::None => B::ZERO,
        };
        if won.is_zero() {
            let empty = pos.empty(geo);
            // A move into a pair the opponent has captured is only inferior, not lost: the opponent must
            // spend its reply keeping the capture, and so cannot also play its key. A move into a dead cell
            // is a pass.
            let lost = match self.vcs.run(geo, &pos, y, false) {
                EdgeLink::Joined | EdgeLink::Vc(_) => geo.board(),
                EdgeLink::Sc(list) => (empty | filled.dead).minus(list.iter().fold(empty, |acc, &(_, c)| acc & c)),
                EdgeLink::None => return false,
            };
            if root && tree.children(i).all(|c| lost.has(tree.node(c).mv as usize)) {
                return false;
            }
            mark(tree, i, lost, Proof::Loss);
        } else {
            mark(tree, i, won, Proof::Win);
        }
        tree.update_proof(i)
    }
}

/// `board` as the solver's position, with its dead cells and captured pairs filled in, and what was filled.
fn filled_in<B: Bits>(board: &PlayBoard<B>, rings: &Rings) -> (Pos<B>, Filled<B>) {
    let mut pos = Pos { stones: [board.stones(Color::Black), board.stones(Color::White)], to_move: board.to_move() };
    let filled = fill_in(board.geometry(), rings, &mut pos);
    (pos, filled)
}

/// Gives the children of `i` whose cells are in `cells` the proof `proof`.
fn mark<B: Bits>(tree: &Tree, i: usize, cells: B, proof: Proof) {
    for c in tree.children(i) {
        if cells.has(tree.node(c).mv as usize) {
            tree.set_proof(c, proof);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Stop;
    use crate::ai::hex::knowledge::bitboard::Geometry;
    use crate::ai::hex::knowledge::playout::FastRng;
    use crate::ai::hex::knowledge::solver::{Limits, Solver};
    use crate::game::hex::{Game, HexMove};

    /// The root of `game`, expanded with every empty cell and then given knowledge, on `B`-wide boards.
    fn known<B: Bits>(game: &Game) -> (Tree, bool) {
        known_as::<B>(game, true)
    }

    /// [`known`], with the knowledge of a node below the root unless `root`.
    fn known_as<B: Bits>(game: &Game, root: bool) -> (Tree, bool) {
        let board = PlayBoard::<B>::new(game.board(), game.to_move()).unwrap_or_else(|| panic!("fits"));
        let tree = Tree::new(1000);
        let kids: Vec<(u16, Proof)> = board.empty_cells().ones().map(|k| (k as u16, Proof::Unknown)).collect();
        tree.expand(0, &kids, None);
        let changed = Knowledge::new(game.size()).apply(&tree, 0, &board, root);
        (tree, changed)
    }

    /// A game on an n×n board after `moves`.
    fn game(n: usize, moves: &str) -> Game {
        let mut g = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves.split_whitespace() {
            g.play(HexMove::parse(m, n).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        g
    }

    /// Random unfinished 7×7 positions of 6 to 17 stones.
    fn random_positions(count: usize, seed: u64) -> Vec<Game> {
        let geo = Geometry::<u64>::new(7).unwrap_or_else(|| panic!("7×7 fits"));
        let mut rng = FastRng::new(seed);
        let mut out = Vec::new();
        while out.len() < count {
            let mut g = game(7, "");
            for _ in 0..6 + rng.below(12) {
                let c = geo.cell(rng.below(49));
                if g.board().at(c).is_none() && g.winner().is_none() {
                    g.play(HexMove::Place(c)).unwrap_or_else(|e| panic!("{e}"));
                }
            }
            if g.winner().is_none() {
                out.push(g);
            }
        }
        out
    }

    #[test]
    fn every_move_knowledge_marks_is_marked_truly() {
        // Every move marked lost must lose and every move marked won must win, by the solver (moves into a
        // pair the opponent has captured are only inferior, and must stay unmarked); and the marks must
        // come up often enough to matter.
        let geo = Geometry::<u64>::new(7).unwrap_or_else(|| panic!("7×7 fits"));
        let solver = Solver::new(64);
        let (mut marked, mut open) = (0, 0);
        for (g, root) in random_positions(40, 9).into_iter().flat_map(|g| [(g.clone(), true), (g, false)]) {
            let (tree, _) = known_as::<u64>(&g, root);
            let me = g.to_move();
            for c in tree.children(0) {
                let node = tree.node(c);
                if node.proof == Proof::Unknown {
                    open += 1;
                    continue;
                }
                marked += 1;
                let mut after = g.board().clone();
                after.play(geo.cell(node.mv as usize), me);
                let solved = solver.solve(&after, me.opponent(), &Limits::unlimited(&Stop::new()), &|_| {});
                let want = if node.proof == Proof::Loss { Proof::Win } else { Proof::Loss };
                let at = g.board().to_text();
                assert_eq!(solved.proof, want, "{at}: {} marked {:?}", geo.cell(node.mv as usize), node.proof);
            }
            assert!(tree.node(0).known);
        }
        assert!(marked > 300 && open > 300, "{marked} marked, {open} left open");
    }

    #[test]
    fn wide_boards_mark_the_same_moves_as_narrow_ones() {
        for g in random_positions(100, 4) {
            let (narrow, _) = known::<u64>(&g);
            let (wide, _) = known::<u128>(&g);
            let marks = |t: &Tree| t.children(0).map(|c| (t.node(c).mv, t.node(c).proof)).collect::<Vec<_>>();
            assert_eq!(marks(&narrow), marks(&wide), "{}", g.board().to_text());
        }
    }

    #[test]
    fn a_semi_connection_of_the_mover_proves_its_key_a_win() {
        // Black to move on 3×3 with the centre: two bridges join it to its edges once it moves, so the
        // root is proven won for Black (lost for White, who moved into it), and a winning move is marked.
        let (tree, changed) = known::<u64>(&game(3, "b2 a1"));
        assert!(changed);
        assert_eq!(tree.node(0).proof, Proof::Loss);
        assert!(tree.children(0).any(|c| tree.node(c).proof == Proof::Win));
    }

    #[test]
    fn a_lost_root_keeps_its_moves_open_for_holding_out_and_a_lost_node_is_proven() {
        // White to move on 3×3 against Black's centre, joined to both edges by bridges: every move loses.
        let g = game(3, "b2");
        let (root, changed) = known_as::<u64>(&g, true);
        assert!(!changed);
        assert!(root.children(0).all(|c| root.node(c).proof == Proof::Unknown));
        let (node, changed) = known_as::<u64>(&g, false);
        assert!(changed);
        assert!(node.children(0).all(|c| node.node(c).proof == Proof::Loss));
        assert_eq!(node.node(0).proof, Proof::Win, "won for Black, who moved into it");
    }

    #[test]
    fn an_empty_board_is_left_alone() {
        let (tree, changed) = known::<u64>(&game(7, ""));
        assert!(!changed);
        assert!(tree.children(0).all(|c| tree.node(c).proof == Proof::Unknown));
        assert!(tree.node(0).known);
    }
}
