//! The tree search's settings, each defined once in the table below: its field, which is also its
//! `--tuning` key, its type, its default, its range and its doc. Every one of them is in play at its
//! default; a setting that loses its A/B match is deleted, and its record kept in `docs/experiments/`.

use super::settings::{Bounds, Value, named_value, settings};
use crate::names::named;

settings! { |n|
    /// The visits a leaf needs before it gets children.
    expand_after: u32 = if n <= 7 { 1 } else { 2 }, in 0..=1000;
    /// RAVE's bias: how soon a child's all-moves-as-first statistics give way to its own.
    /// They weigh ñ / (ñ + n + b·ñ·n) against the child's own n visits, so they fade as its own results
    /// come in, the sooner the larger b.
    rave_bias: f32 = 0.002, in 0.0..=1.0;
    /// The value of a child with no statistics yet.
    /// A child with neither visits nor all-moves-as-first statistics is rated at this win rate.
    first_play: f32 = 0.5, in 0.0..=1.0;
    /// Which cells the tree leaves out of a node's children.
    /// See [`Pruning`].
    pruning: Pruning = Pruning::All;
    /// The weight of the learned shapes in the tree's prior (0: no prior).
    /// A child's value gets `prior_weight · prior / √(visits + 1)` (progressive bias), where `prior` is
    /// its shape's share of its siblings' pattern strength.
    prior_weight: f32 = 2.0, in 0.0..=100.0;
    /// Weigh the prior by a cell's place next to the last stone or its bridge partner.
    /// The table's fitted factors for those places, as MoHex 2.0's local patterns weigh its prior.
    near_prior: bool = true;
    /// Answer the last stone by learned shape in the playouts.
    /// See [`LocalPolicy`](crate::ai::hex::knowledge::playout::LocalPolicy).
    local_replies: bool = true;
    /// How much likelier than their fit the playouts' local replies are, in Black's and White's searches.
    /// The fit copies how often a strong player answers the last stone nearby, which a playout that
    /// judges a position need not: the other cells' weight γ₀ is divided by this.
    local_odds: Odds = Odds([2.0, 2.0]), in 0.01..=100.0;
    /// The visits after which a node's children take the learned predictor's prior (0: never).
    /// The predictor (the network, when the program installed one) replaces the pattern prior of the
    /// children of the root and of each node once it has more visits than this: an evaluation costs as
    /// much as some dozens of simulations, so it is spent only where the search keeps coming back. On
    /// 11×11 to 13×13, the sizes the network was trained on, with its value (experiment 0117); past 32
    /// visits rather than 64, which asks it about twice as often and won its match narrowly (experiment 0139).
    net_after: u32 = if (11..=13).contains(&n) { 32 } else { 0 }, in 0..=1_000_000;
    /// The simulations the predictor's value counts for at each node it evaluates (0: the value unused).
    /// A node whose children take the predictor's prior also gets this many simulations, won by the
    /// player who moved into it in the share the value gives that player; they fade as real ones come.
    /// Twice what an evaluation costs in simulations at 11×11: the value reads a position better than the
    /// playouts it displaced (experiment 0129 against 32).
    net_value: u32 = if (11..=13).contains(&n) { 64 } else { 0 }, in 0..=10_000;
    /// Which nodes get knowledge from virtual connections.
    /// See [`KnowledgeAt`].
    knowledge: KnowledgeAt = KnowledgeAt::Nodes(256);
    /// Which positions the opening book answers instead of the search.
    /// See [`BookUse`].
    opening_book: BookUse = BookUse::Replies;
    /// End a timed search early once its move cannot change (see `settle.rs`).
    /// Off: the rest of the time grows the subtree of the reply the search expects, which the next move
    /// starts from, and that won its match (experiment 0161); on, a person waits no longer than the move
    /// needs. A search on a simulation budget always runs in full.
    stop_when_settled: bool = false;
    /// Under the swap rule, open with a stone not worth swapping.
    /// Without it, the search judges every first stone and picks strong interior ones, which a strong
    /// opponent swaps (see `opening.rs`).
    fair_openings: bool = true;
}

/// The playouts' local-reply odds in Black's searches and in White's, as
/// [`Color::index`](crate::game::hex::Color::index) numbers the colours. `--tuning` reads one number for
/// both, or `BLACK/WHITE`.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Odds(pub [f32; 2]);

impl Value for Odds {
    fn read(text: &str, bounds: Bounds) -> Option<Odds> {
        let one = |t: &str| f32::read(t, bounds);
        match text.split_once('/') {
            None => one(text).map(|x| Odds([x, x])),
            Some((black, white)) => Some(Odds([one(black)?, one(white)?])),
        }
    }
    fn expected(bounds: Bounds) -> String {
        let number = f32::expected(bounds);
        format!("{number} for both colours' searches, or two as BLACK/WHITE")
    }
    fn show(&self) -> String {
        match self.0 {
            [b, w] if b == w => b.to_string(),
            [b, w] => format!("{b}/{w}"),
        }
    }
}

/// Where the search pays for virtual-connection knowledge (about a millisecond per node at 11×11).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KnowledgeAt {
    /// Nowhere.
    Off,
    /// At the root only.
    Root,
    /// At the root and at every node once it has this many visits, as MoHex 2.0 does at 256.
    Nodes(u32),
}

impl Value for KnowledgeAt {
    fn read(text: &str, _: Bounds) -> Option<KnowledgeAt> {
        match text {
            "off" => Some(KnowledgeAt::Off),
            "root" => Some(KnowledgeAt::Root),
            n => u32::read(n, Some((1.0, f64::from(u32::MAX)))).map(KnowledgeAt::Nodes),
        }
    }
    fn expected(_: Bounds) -> String {
        "off, root, or the visits after which a node gets it, a whole number from 1".to_string()
    }
    fn show(&self) -> String {
        match self {
            KnowledgeAt::Off => "off".to_string(),
            KnowledgeAt::Root => "root".to_string(),
            KnowledgeAt::Nodes(n) => n.to_string(),
        }
    }
}

/// Which positions the impossible level answers from the opening book rather than by searching.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BookUse {
    /// None: every move is searched.
    Off,
    /// The empty board only: the first move of a game without the swap rule, which a short search judges
    /// worst.
    First,
    /// The empty board and the answer to a lone first stone: as White, the reply to the first stone as well
    /// as Black's opening (the book's reasons are in `book.rs` and `docs/ai.md`).
    Replies,
    /// Every position the book holds: also Black's second move after each reply to its first stone.
    All,
}

named!(@table BookUse, [
    (BookUse::Off, "off", "every move is searched"),
    (BookUse::First, "first", "the empty board only"),
    (BookUse::Replies, "replies", "the empty board and the answer to a lone first stone"),
    (BookUse::All, "all", "every position the book holds", ["on"]),
]);

/// The cells that expansion leaves out of a node's children: every setting but `Off` includes
/// `Inferior`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// None: every empty cell is a child.
    Off,
    /// Dead cells and captured pairs (see [`crate::ai::hex::knowledge::solver::inferior`]): never better than a move
    /// elsewhere.
    Inferior,
    /// Those, and the cells where a move is vulnerable: the opponent's answer next to it leaves it dead
    /// (MoHex's vulnerable patterns; see `PlayBoard::vulnerable_cells`).
    Vulnerable,
    /// Those of `Inferior`, and the cells where a move is dominated: the mover's own stone next to it
    /// would leave it dead, so that neighbour is at least as good (MoHex's dominated patterns; see
    /// `PlayBoard::dominated_cells`).
    Dominated,
    /// Inferior, vulnerable and dominated cells all left out, as MoHex 2.0's prior pruning does.
    All,
}

named!(@table Pruning, [
    (Pruning::Off, "off", "every empty cell is a child"),
    (Pruning::Inferior, "inferior", "dead cells and captured pairs left out"),
    (Pruning::Vulnerable, "vulnerable", "inferior and vulnerable cells left out"),
    (Pruning::Dominated, "dominated", "inferior and dominated cells left out"),
    (Pruning::All, "all", "inferior, vulnerable and dominated cells left out"),
]);

named_value!(BookUse, Pruning);

impl Pruning {
    /// True if vulnerable cells are left out.
    pub(crate) fn vulnerable(self) -> bool {
        matches!(self, Pruning::Vulnerable | Pruning::All)
    }

    /// True if dominated cells are left out.
    pub(crate) fn dominated(self) -> bool {
        matches!(self, Pruning::Dominated | Pruning::All)
    }
}

#[cfg(test)]
#[path = "params_tests.rs"]
mod tests;
