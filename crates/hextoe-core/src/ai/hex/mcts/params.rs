//! The search's tuning: expansion threshold, RAVE, exploration, pruning and the learned shapes' weights.

/// Tuning of the search.
#[derive(Copy, Clone, Debug)]
pub struct Params {
    /// A leaf gets children once it has been visited this often.
    pub expand_after: u32,
    /// RAVE's bias term: the weight of the AMAF value is ñ / (ñ + n + bias·ñ·n), so it fades as the node's
    /// own visits n grow.
    pub rave_bias: f32,
    /// How many of a move's own simulations one all-moves-as-first simulation counts as while there are
    /// few: the AMAF simulations weigh ñ / (1/`rave_initial` + `rave_bias`·ñ) own ones. 1 here; MoHex 2.0
    /// uses 2.12 (with 1/830 for the bias), trusting the AMAF statistics more early on.
    pub rave_initial: f32,
    /// Virtual all-moves-as-first simulations at even odds that every child starts with, as MoHex 2.0's
    /// prior knowledge gives each new child (8 of them at 0.5): while a child's real AMAF statistics are
    /// few, its RAVE value stays near 0.5, so that a move one lucky playout rated highly does not draw
    /// the greedy RAVE search at once, and the pattern prior's bias orders the children meanwhile. The
    /// virtual simulations count in the blend's weights as real ones do. 0 (none) by default: at 8 it won
    /// 89 of 200 games against MoHex 2.0 where the default won 93 on the same seeds and day (see the
    /// README's "Against MoHex 2.0").
    pub rave_prior: f32,
    /// UCT exploration constant, added after the RAVE blend at full weight (0 = pure RAVE-guided greed).
    /// MoHex 2.0's bias term outside the blend is 0 too; its exploration is inside it
    /// ([`Params::uct_bias`]).
    pub explore: f32,
    /// UCT exploration constant inside the RAVE blend, as MoHex 2.0 weighs it (its `uct_bias_constant`,
    /// 0.22): a child's own win rate gets `uct_bias · √(ln N) / √(n + 1)` before the blend, so the term
    /// has the weight the child's own results have against its all-moves-as-first ones: next to nothing
    /// while RAVE speaks for the child, and all of it once its own visits take over. It keeps the root's
    /// runner-up compared without breaking the greedy RAVE search early on, which
    /// [`Params::explore`], added after the blend at full weight, does. 0 (none) by default: at 0.22 it won
    /// 60 of 150 games against MoHex 2.0 where the default won 63 on the same seeds and day (see the
    /// README's "Against MoHex 2.0").
    pub uct_bias: f32,
    /// UCT exploration constant at the root alone, in place of [`Params::explore`] there. The RAVE-guided
    /// search gives nearly all of a second's simulations to one root move, and which one changes with the
    /// seed; a term at the root alone keeps its rivals compared without thinning the lines below them.
    /// 0 by default: at 0.25 it won 83 of 200 games against MoHex 2.0 where the default won 85 of 200 on
    /// the same seeds (see the README's "Against MoHex 2.0").
    pub root_explore: f32,
    /// Sequential halving at the root over this many of its most visited moves (`mcts/halving.rs`): after
    /// the first 30 % of the budget, the rest goes in rounds to the candidate with the fewest visits, and
    /// each round keeps the better half by win rate. `None` by default: over eight moves it won 71 of 100
    /// games as Black against MoHex 2.0 and over four 72 of 100, where the default wins 79 % (see the
    /// README's "Against MoHex 2.0"), although it chose better moves in the positions where the default's
    /// lost games turned.
    pub root_halving: Option<usize>,
    /// Value of a move with neither visits nor AMAF statistics.
    pub first_play: f32,
    /// Which cells the tree leaves out of a node's children.
    pub pruning: Pruning,
    /// Also leave out the cells of the board's outer ring with no stone next to them, as MoHex 2.0's tree
    /// does through its prunable patterns: a lone stone on the edge row rarely matters, and the playouts'
    /// all-moves-as-first statistics overrate it (a winner's chain touches its edges).
    pub prune_lone_edge: bool,
    /// Weight of the learned pattern prior (progressive bias): a child's value gets
    /// `prior_weight · prior / √(visits + 1)`, where `prior` is its shape's share of its siblings' pattern
    /// strength. 0 turns the patterns off.
    pub prior_weight: f32,
    /// Weigh a child's prior by its place from the last stone: the table's fitted factors for a neighbour
    /// and a bridge partner of it (MoHex 2.0's local patterns in its prior). On: it won 49 of 80 self-play
    /// games at equal time (see the README's "Against MoHex 2.0").
    pub near_prior: bool,
    /// Weigh the playouts' local replies by their place from the last stone, bridge partners included
    /// ([`LocalPolicy::shipped_near`](crate::ai::hex::playout::LocalPolicy::shipped_near)).
    pub near_replies: bool,
    /// Reply next to the last stone by learned shape in the playouts (see
    /// [`LocalPolicy`](crate::ai::hex::playout::LocalPolicy)).
    pub local_replies: bool,
    /// How many times more likely than their fit the playouts' local replies are against a move
    /// elsewhere, by the colour whose move is searched (Black's first, then White's, as
    /// [`Color::index`](crate::game::hex::Color::index) numbers them): the other empty cells' weight γ₀ is
    /// divided by it. The fit says how often a strong player answers the last stone nearby; a playout need
    /// not copy that rate, and more (or fewer) tactical answers may judge a position better. Each colour
    /// has its own because each was measured on its own games: at twice the odds Black's searches won more
    /// of their games against MoHex 2.0 than at the fit's own (two days of new seeds), and White's did too,
    /// by a margin within the noise (see the README's "Against MoHex 2.0").
    pub local_odds: [f32; 2],
    /// Draw the playouts' local replies by the directed strengths, which also know on which side of the
    /// last stone each of its twelve near cells lies ([`Fit::Directed`](crate::ai::hex::playout::Fit)).
    /// Off: they foretell MoHex 2.0's games better than the undirected replies, but over 200 games on the
    /// same seeds they won no more against it (see the README's "Against MoHex 2.0").
    pub directed_replies: bool,
    /// Reply to the last stone in the playouts by the tree's twelve-cell shapes, over its six neighbours
    /// and six bridge partners, with the prior's last-move factors (MoHex 2.0's local pattern playouts; see
    /// `playout/shaped.rs`), instead of the local replies by each cell's six-neighbour ring.
    pub shaped_replies: bool,
    /// Draw every playout move that neither saves a bridge nor replies locally over the whole board by its
    /// learned six-neighbour shape, each cell's weight capped at this multiple of γ₀ (see
    /// [`GlobalWeights`](crate::ai::hex::playout::GlobalWeights)); `None` draws those moves uniformly.
    /// The local replies keep their own odds either way. Drawn so, the playouts foretell MoHex 2.0's
    /// held-out games better (Brier 0.193 against 0.201 at a cap of 8) at the cost of about 9 % of the
    /// simulations, but at a cap of 8 it won 90 of 200 games against MoHex 2.0 where the default of the time
    /// won 98 on the same seeds (see the README's "Against MoHex 2.0"), so it is off by default.
    pub global_cap: Option<f32>,
    /// Weigh a node's children's priors by the current through their cells in the two players'
    /// resistance circuits (`mcts/flow.rs`) once the node has more than this many visits (the root at
    /// once); `None` leaves the learned prior alone. `None` by default: at 8 visits it won 45 of 80
    /// self-play games with a third fewer simulations, and 13 of 40 against MoHex 2.0, no gain (see the
    /// README's "Against MoHex 2.0").
    pub flow_after: Option<u32>,
    /// The power of the current in that weighing: 2 predicts strong moves best (see `mcts/flow.rs`).
    pub flow_exponent: f32,
    /// Every this many selection steps (counted per thread), choose a child by its own results alone,
    /// without RAVE, an unvisited one at the first-play value — MoHex 2.0 does so every 30th step
    /// (Fuego's randomized RAVE). A move that the all-moves-as-first statistics rate poorly but that is
    /// good played now (a block whose cell is worth little later in a playout) is still tried. `None`:
    /// every step uses RAVE.
    pub plain_every: Option<u32>,
    /// Virtual-connection maintenance at the root (`mcts/vcm.rs`): an answer that restores a connection
    /// the last stone broke, and the opponent's answers below the root's intrusions, each get this much
    /// more of their siblings' prior (0: none). Needs [`Params::knowledge`] on, whose H-search it uses.
    pub vcm_bonus: f32,
    /// Which nodes get knowledge from virtual connections (`mcts/knowledge.rs`): moves proven won or lost.
    pub knowledge: KnowledgeAt,
    /// With [`KnowledgeAt::Nodes`], only the nodes at most this many moves below the root get it, where
    /// a tactic the playouts misjudge decides the move to play; `None`: every depth.
    pub knowledge_depth: Option<usize>,
    /// Which filled-in cells every playout starts by placing (see [`FillFrom`]). Off by default: the
    /// root's won 128 of 260 self-play games against the playouts from the real board, and the nodes'
    /// won 83 of 200 against MoHex 2.0 where the default won 85 on the same seeds (see the README's
    /// "Against MoHex 2.0").
    pub fill: FillFrom,
    /// Let a move whose choice could still change at its deadline search on with time that earlier moves
    /// saved by settling early (`mcts/clock.rs`), so that the moves take the move time on average. Off:
    /// it won 22 of 40 self-play games, as many as without it on the same seeds, and a move that takes
    /// more than its time would forfeit under a controller's per-move limit. (Its earlier matches against
    /// MoHex 2.0 measured nothing: the engine's watchdog then stopped every move at the bare move time.)
    pub borrow_time: bool,
    /// The most combinations the connection builder may spend at a node below the root, when
    /// [`Params::knowledge`] asks for knowledge there; the root always gets the full search. With classic
    /// H-search, the full search at every node of 256 visits halved the simulations of a 1 s move at
    /// 11×11; the stronger builder costs 10–20 % of them (see the README's "Against MoHex 2.0"). A cap
    /// finds the short connections that decide tactics for less.
    pub node_vc_work: usize,
    /// Which positions the opening book (`ai::hex::book`) answers instead of the search. By default the
    /// empty board and the answer to a lone first stone: [`BookUse::Replies`] says why.
    pub opening_book: BookUse,
    /// End a time budget early once the move cannot change (see `settle::settled`), so that a
    /// person waits no longer than the search needs; off, the search always uses all of its time.
    pub stop_when_settled: bool,
    /// Under the swap rule, open with a stone not worth swapping (`mcts/opening.rs`): the solved table's
    /// losing stone with the fewest refutations, or on larger boards a stone on the opener's own edges.
    /// Off, the search judges every first stone, and at 11×11 it picks interior stones that stronger
    /// programs swap.
    pub fair_openings: bool,
}

impl Params {
    /// The defaults for an n×n board.
    pub(crate) fn for_size(n: usize) -> Params {
        Params {
            expand_after: if n <= 7 { 1 } else { 2 },
            rave_bias: 0.002,
            rave_initial: 1.0,
            rave_prior: 0.0,
            explore: 0.0,
            uct_bias: 0.0,
            root_explore: 0.0,
            root_halving: None,
            first_play: 0.5,
            pruning: Pruning::All,
            prune_lone_edge: false,
            prior_weight: PRIOR_WEIGHT,
            local_replies: true,
            local_odds: LOCAL_ODDS,
            directed_replies: false,
            near_prior: true,
            near_replies: false,
            shaped_replies: false,
            global_cap: None,
            knowledge: KnowledgeAt::Nodes(NODE_KNOWLEDGE),
            knowledge_depth: None,
            flow_after: None,
            flow_exponent: 2.0,
            plain_every: None,
            vcm_bonus: 0.0,
            stop_when_settled: true,
            opening_book: BookUse::Replies,
            fill: FillFrom::Off,
            borrow_time: false,
            fair_openings: true,
            node_vc_work: crate::ai::hex::solver::vc::WORK_MAX,
        }
    }
}

/// The visits after which a node gets knowledge by default: MoHex 2.0's threshold. With it the stronger
/// connection builder won 30 of 80 games against MoHex where the root alone, with classic H-search, had
/// won 22 of 80 on the same seeds (at 128 visits it won no more).
pub(crate) const NODE_KNOWLEDGE: u32 = 256;

/// The default [`Params::prior_weight`], chosen by self-play (see the README's "Against MoHex 2.0").
pub(crate) const PRIOR_WEIGHT: f32 = 2.0;

/// The default [`Params::local_odds`]: twice the fit's odds in both colours' searches, each kept on a
/// match of its own colour against MoHex 2.0 (see the README's "Against MoHex 2.0").
pub(crate) const LOCAL_ODDS: [f32; 2] = [2.0, 2.0];

/// Which positions the impossible level answers from the opening book rather than by searching.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BookUse {
    /// None: every move is searched.
    Off,
    /// The empty board only: the first move of a game without the swap rule, which the one-second search
    /// judges worst (the default before [`BookUse::Replies`]; see the README's "Against MoHex 2.0").
    First,
    /// The empty board and the answer to a lone first stone (the default): as White, the reply to the
    /// first stone as well as Black's opening. The book's answer to MoHex 2.0's first stone, j2, was chosen
    /// by the games each one-second reply had won against it, not by the long search
    /// (`scripts/build-hex-book.sh`, `TESTED`); with it the balanced match against MoHex 2.0 won 153 of
    /// 300, though as White no more clearly than the searched replies (README, "Against MoHex 2.0").
    /// Black's second move from the book as well won fewer games against MoHex 2.0 than the searched one
    /// (73 of 100 against 82 of 100), so it is left to [`BookUse::All`].
    Replies,
    /// Every position the book holds: the empty board, the answer to each first stone, and Black's second
    /// move after each reply to the book's first stone. Neither of the last two showed a gain against
    /// MoHex 2.0.
    All,
}

/// The cells that expansion leaves out of a node's children: every setting but `Off` includes
/// `Inferior`'s.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pruning {
    /// None: every empty cell is a child.
    Off,
    /// Dead cells and captured pairs (see [`crate::ai::hex::solver::inferior`]): never better than a move
    /// elsewhere.
    Inferior,
    /// Those, and the cells where a move is vulnerable: the opponent's answer next to it leaves it dead
    /// (MoHex's vulnerable patterns; see `PlayBoard::vulnerable_cells`).
    Vulnerable,
    /// Those of `Inferior`, and the cells where a move is dominated: the mover's own stone next to it
    /// would leave it dead, so that neighbour is at least as good (MoHex's dominated patterns; see
    /// `PlayBoard::dominated_cells`). Not the default: it won 88 of 200 games against MoHex 2.0 where
    /// `Inferior` won 85 on the same seeds (see the README's "Against MoHex 2.0").
    Dominated,
    /// Inferior, vulnerable and dominated cells all left out, as MoHex 2.0's prior pruning does. The
    /// default: in both of its matches against MoHex 2.0 played beside `Inferior` on the same seeds and
    /// day it won more games (99 to 85, and 92 to 83 of 200; see the README's "Against MoHex 2.0").
    All,
}

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

/// Where the search pays for virtual-connection knowledge (about a millisecond per node at 11×11).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum KnowledgeAt {
    /// Nowhere.
    Off,
    /// At the root only: the default until the stronger connection builder, chosen by self-play, where it
    /// beat the search without knowledge, which in turn beat the search with classic H-search at every
    /// node of 1,024 visits.
    Root,
    /// At the root and at every node once it has this many visits: the default, at [`NODE_KNOWLEDGE`]
    /// visits, since the stronger connection builder (see the README's "Against MoHex 2.0").
    Nodes(u32),
}

/// Where the playouts' filled-in cells come from: dead cells (given to the side that did not move there)
/// and captured pairs (given to their captor), placed before a playout starts so that no playout wastes a
/// move on a cell whose colour is settled and each gives a captured pair to its captor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FillFrom {
    /// Nowhere: the playouts start from the tree's position as it stands.
    Off,
    /// The root's position alone (`knowledge::root_fill`), once a search.
    Root,
    /// The root's, and the position of every node of the simulation's line that has had its knowledge
    /// (see [`KnowledgeAt::Nodes`]), the deepest first, as MoHex 2.0 plays its simulations below such a
    /// node on the filled-in board: the stones the tree placed since the root kill and capture cells the
    /// root's fill-in could not see.
    Nodes,
}
