//! What the A/B matches change: each setting replaces the search's default when set, so that a match can
//! measure what one technique is worth (`examples/ab_mcts.rs`, the README's "Against MoHex 2.0").

use super::params::{BookUse, FillFrom, KnowledgeAt, Params, Pruning};
use crate::ai::hex::solver::vc::WORK_MAX;

/// Settings that replace [`Params`]' defaults, each when set; give them to
/// [`MctsState::tuned`](super::MctsState::tuned).
#[derive(Copy, Clone, Debug, Default)]
pub struct Tuning {
    prior_weight: Option<f32>,
    local_replies: Option<bool>,
    local_odds: Option<[f32; 2]>,
    global_cap: Option<Option<f32>>,
    pruning: Option<Pruning>,
    prune_lone_edge: Option<bool>,
    near_prior: Option<bool>,
    near_replies: Option<bool>,
    shaped_replies: Option<bool>,
    directed_replies: Option<bool>,
    opening_book: Option<BookUse>,
    knowledge: Option<KnowledgeAt>,
    stop_when_settled: Option<bool>,
    fill: Option<FillFrom>,
    borrow_time: Option<bool>,
    explore: Option<f32>,
    uct_bias: Option<f32>,
    root_explore: Option<f32>,
    root_halving: Option<Option<usize>>,
    rave_bias: Option<f32>,
    rave_initial: Option<f32>,
    rave_prior: Option<f32>,
    expand_after: Option<u32>,
    node_vc_work: Option<usize>,
    flow_after: Option<Option<u32>>,
    flow_exponent: Option<f32>,
    knowledge_depth: Option<Option<usize>>,
    plain_every: Option<Option<u32>>,
    vcm_bonus: Option<f32>,
    fair_openings: Option<bool>,
}

/// The settings [`Tuning::from_str`] reads, with what each one takes: the one name table of `--tuning`.
pub const TUNING_KEYS: [(&str, &str); 30] = [
    ("prior", "the pattern prior's weight, a number from 0 to 100 (0: no prior)"),
    ("local", "the playouts' learned local replies, on or off"),
    (
        "localx",
        "how many times more likely than their fit the playouts' local replies are against a move elsewhere, a number from 0.01 to 100 for both colours' searches, or two as BLACK/WHITE (the default: 2)",
    ),
    (
        "global",
        "playouts drawn over the whole board by learned shape: off, or the cap on a cell's weight as a multiple of an empty shape's, a number from 1 to 100000",
    ),
    (
        "prune",
        "the cells the tree leaves out: off, inferior (dead and captured), vulnerable (those and vulnerable cells), dominated (inferior and dominated cells), or all",
    ),
    ("edge", "leave the outer ring's cells with no stone next to them out of the tree, on or off"),
    ("near", "the prior's factors for cells next to the last stone and its bridge partners, on or off"),
    (
        "nearplay",
        "the playouts' local replies weighed by place from the last stone, bridge partners included, on or off",
    ),
    (
        "shaped",
        "the playouts' replies to the last stone by the tree's twelve-cell shapes over its neighbours and bridge partners, on or off",
    ),
    (
        "directed",
        "the playouts' local replies by strengths that also know which side of the last stone each cell lies on, on or off",
    ),
    (
        "book",
        "which positions the opening book answers: off, first (the empty board only), replies (the empty board and the answer to a lone first stone; the default), or on (every position it holds)",
    ),
    ("knowledge", "where virtual connections are used: off, root, or a visit count for every node"),
    ("settle", "stop a timed move once it cannot change, on or off"),
    (
        "fill",
        "the filled-in cells playouts start from: off, root (the root's), or nodes (the root's and those of the line's nodes that had knowledge)",
    ),
    ("borrow", "let a move that could still change borrow time saved earlier, on or off"),
    ("explore", "the UCT exploration constant, a number from 0 to 10"),
    ("rootexplore", "the UCT exploration constant at the root alone, a number from 0 to 10"),
    (
        "uct",
        "the UCT exploration constant inside the RAVE blend, as MoHex 2.0 weighs it, a number from 0 to 10 (0: none)",
    ),
    (
        "halving",
        "sequential halving at the root over its most visited moves once 30 % of the budget is spent: off, or how many moves, a whole number from 2 to 64",
    ),
    ("rave", "RAVE's bias term, a number from 0 to 1"),
    (
        "raveinit",
        "how many of a move's own simulations one AMAF simulation counts as while few, a number from 0.1 to 100",
    ),
    (
        "raveprior",
        "the virtual AMAF simulations at even odds each child starts with, a number from 0 to 1000 (0: none)",
    ),
    ("expand", "the visits a leaf needs before it gets children, a whole number from 0 to 1000"),
    (
        "vcwork",
        "the most combinations the connection builder spends at a node below the root, a whole number from 100 to 400000",
    ),
    (
        "flow",
        "the visits a node needs before the resistance circuits' current weighs its prior: off, or a whole number from 0 to 1000000",
    ),
    ("flowexp", "the power of the current in that weighing, a number from 0 to 8"),
    ("kdepth", "the most moves below the root at which nodes get knowledge: any, or a whole number from 1 to 400"),
    (
        "plain",
        "how often a selection step leaves RAVE out and weighs the children's own results alone: off, or every Nth step, a whole number from 2 to 1000000",
    ),
    (
        "vcm",
        "the prior share added to the answers that restore a broken virtual connection, a number from 0 to 10 (0: none)",
    ),
    ("swapopen", "under the swap rule, open with a stone not worth swapping, on or off"),
];

/// Why a `--tuning` text was refused; the message names the part and what was expected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tuning '{part}': {why}")]
pub struct TuningError {
    /// The `key=value` part that was wrong, quoted by its first 40 characters (`…` marks a cut).
    pub part: String,
    /// What was wrong and what was expected.
    pub why: String,
}

impl std::str::FromStr for Tuning {
    type Err = TuningError;

    /// Reads `key=value` settings separated by commas, e.g. `explore=0.2,local=off` (keys in
    /// [`TUNING_KEYS`]); an empty text sets nothing.
    fn from_str(text: &str) -> Result<Tuning, TuningError> {
        let mut t = Tuning::default();
        let mut seen: Vec<&str> = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let err = |why: String| TuningError { part: crate::text::quote(part), why };
            let (key, value) = part.split_once('=').ok_or_else(|| err("expected key=value".to_string()))?;
            let (key, value) = (key.trim(), value.trim());
            let what = TUNING_KEYS.iter().find(|(k, _)| *k == key).map(|(_, w)| *w).ok_or_else(|| {
                let keys: Vec<&str> = TUNING_KEYS.iter().map(|(k, _)| *k).collect();
                err(format!("unknown key; expected one of {}", keys.join(", ")))
            })?;
            if seen.contains(&key) {
                return Err(err("this key is given twice; give each key once".to_string()));
            }
            seen.push(key);
            let bad = || err(format!("expected {what}"));
            // A finite number in 0..=max, read from `text` (the value, or a part of it).
            let number_in =
                |text: &str, max: f32| text.parse::<f32>().ok().filter(|v| v.is_finite() && (0.0..=max).contains(v));
            let number = |max: f32| number_in(value, max);
            let switch = || match value {
                "on" => Some(true),
                "off" => Some(false),
                _ => None,
            };
            // A whole number in `range`.
            let whole = |range: std::ops::RangeInclusive<u32>| {
                value.parse::<u32>().ok().filter(|n| range.contains(n)).ok_or_else(bad)
            };
            // The same, or None for the word `none`.
            let whole_or = |none: &str, range| if value == none { Ok(None) } else { whole(range).map(Some) };
            t = match key {
                "prior" => t.prior_weight(number(100.0).ok_or_else(bad)?),
                "local" => t.local_replies(switch().ok_or_else(bad)?),
                "localx" => {
                    let odds = |v: &str| number_in(v, 100.0).filter(|&x| x >= 0.01);
                    let pair = match value.split_once('/') {
                        None => odds(value).map(|x| [x, x]),
                        Some((black, white)) => odds(black).zip(odds(white)).map(|(b, w)| [b, w]),
                    };
                    Tuning { local_odds: Some(pair.ok_or_else(bad)?), ..t }
                }
                "directed" => t.directed_replies(switch().ok_or_else(bad)?),
                "global" => t.global_cap(match value {
                    "off" => None,
                    v => Some(v.parse::<f32>().ok().filter(|c| (1.0..=100_000.0).contains(c)).ok_or_else(bad)?),
                }),
                "knowledge" => t.knowledge(match value {
                    "off" => KnowledgeAt::Off,
                    "root" => KnowledgeAt::Root,
                    n => KnowledgeAt::Nodes(n.parse::<u32>().ok().filter(|&n| n > 0).ok_or_else(bad)?),
                }),
                "prune" => t.pruning(match value {
                    "off" => Pruning::Off,
                    "inferior" => Pruning::Inferior,
                    "vulnerable" => Pruning::Vulnerable,
                    "dominated" => Pruning::Dominated,
                    "all" => Pruning::All,
                    _ => return Err(bad()),
                }),
                "edge" => Tuning { prune_lone_edge: Some(switch().ok_or_else(bad)?), ..t },
                "near" => t.near_prior(switch().ok_or_else(bad)?),
                "nearplay" => t.near_replies(switch().ok_or_else(bad)?),
                "shaped" => Tuning { shaped_replies: Some(switch().ok_or_else(bad)?), ..t },
                "book" => Tuning {
                    opening_book: Some(match value {
                        "off" => BookUse::Off,
                        "first" => BookUse::First,
                        "replies" => BookUse::Replies,
                        "on" => BookUse::All,
                        _ => return Err(bad()),
                    }),
                    ..t
                },
                "settle" => t.stop_when_settled(switch().ok_or_else(bad)?),
                "fill" => t.fill(match value {
                    "off" => FillFrom::Off,
                    "root" | "on" => FillFrom::Root,
                    "nodes" => FillFrom::Nodes,
                    _ => return Err(bad()),
                }),
                "borrow" => t.borrow_time(switch().ok_or_else(bad)?),
                "explore" => Tuning { explore: Some(number(10.0).ok_or_else(bad)?), ..t },
                "rootexplore" => Tuning { root_explore: Some(number(10.0).ok_or_else(bad)?), ..t },
                "uct" => Tuning { uct_bias: Some(number(10.0).ok_or_else(bad)?), ..t },
                "halving" => Tuning { root_halving: Some(whole_or("off", 2..=64)?.map(|n| n as usize)), ..t },
                "expand" => Tuning { expand_after: Some(whole(0..=1000)?), ..t },
                "vcwork" => t.node_vc_work(whole(100..=WORK_MAX as u32)? as usize),
                "flow" => Tuning { flow_after: Some(whole_or("off", 0..=1_000_000)?), ..t },
                "kdepth" => Tuning { knowledge_depth: Some(whole_or("any", 1..=400)?.map(|d| d as usize)), ..t },
                "flowexp" => Tuning { flow_exponent: Some(number(8.0).ok_or_else(bad)?), ..t },
                "plain" => Tuning { plain_every: Some(whole_or("off", 2..=1_000_000)?), ..t },
                "raveinit" => Tuning { rave_initial: Some(number(100.0).filter(|&v| v >= 0.1).ok_or_else(bad)?), ..t },
                "raveprior" => Tuning { rave_prior: Some(number(1000.0).ok_or_else(bad)?), ..t },
                "vcm" => Tuning { vcm_bonus: Some(number(10.0).ok_or_else(bad)?), ..t },
                "swapopen" => Tuning { fair_openings: Some(switch().ok_or_else(bad)?), ..t },
                _ => Tuning { rave_bias: Some(number(1.0).ok_or_else(bad)?), ..t },
            };
        }
        Ok(t)
    }
}

impl Tuning {
    /// Weighs the pattern prior by `weight` (0 turns the patterns off in the tree), replacing
    /// [`Params::prior_weight`].
    pub fn prior_weight(self, weight: f32) -> Tuning {
        Tuning { prior_weight: Some(weight), ..self }
    }

    /// Turns the playouts' learned local replies on or off ([`Params::local_replies`]).
    pub fn local_replies(self, on: bool) -> Tuning {
        Tuning { local_replies: Some(on), ..self }
    }

    /// Draws the playouts' local replies by the directed strengths, or not ([`Params::directed_replies`]).
    pub fn directed_replies(self, on: bool) -> Tuning {
        Tuning { directed_replies: Some(on), ..self }
    }

    /// Draws the playouts over the whole board by learned shape with weights capped at `cap` × γ₀, or
    /// uniformly with `None` ([`Params::global_cap`]).
    pub fn global_cap(self, cap: Option<f32>) -> Tuning {
        Tuning { global_cap: Some(cap), ..self }
    }

    /// Weighs the prior by each child's place from the last stone, or not ([`Params::near_prior`]).
    pub fn near_prior(self, on: bool) -> Tuning {
        Tuning { near_prior: Some(on), ..self }
    }

    /// Weighs the playouts' local replies by place from the last stone, or not ([`Params::near_replies`]).
    pub fn near_replies(self, on: bool) -> Tuning {
        Tuning { near_replies: Some(on), ..self }
    }

    /// Leaves the cells `pruning` names out of the tree ([`Params::pruning`]).
    pub fn pruning(self, pruning: Pruning) -> Tuning {
        Tuning { pruning: Some(pruning), ..self }
    }

    /// Uses virtual-connection knowledge `at` the given nodes ([`Params::knowledge`]).
    pub fn knowledge(self, at: KnowledgeAt) -> Tuning {
        Tuning { knowledge: Some(at), ..self }
    }

    /// Turns the early stop of a settled move on or off ([`Params::stop_when_settled`]).
    pub fn stop_when_settled(self, on: bool) -> Tuning {
        Tuning { stop_when_settled: Some(on), ..self }
    }

    /// Chooses the filled-in cells the playouts start from ([`Params::fill`]).
    pub fn fill(self, from: FillFrom) -> Tuning {
        Tuning { fill: Some(from), ..self }
    }

    /// Lets a move still open at its deadline borrow the time that settled moves saved, or not
    /// ([`Params::borrow_time`]).
    pub fn borrow_time(self, on: bool) -> Tuning {
        Tuning { borrow_time: Some(on), ..self }
    }

    /// Limits H-search below the root to `work` AND combinations ([`Params::node_vc_work`]).
    pub fn node_vc_work(self, work: usize) -> Tuning {
        Tuning { node_vc_work: Some(work), ..self }
    }

    /// Writes the settings that are set into `p`.
    pub(super) fn apply(&self, p: &mut Params) {
        if let Some(w) = self.prior_weight {
            p.prior_weight = w;
        }
        if let Some(on) = self.local_replies {
            p.local_replies = on;
        }
        if let Some(on) = self.directed_replies {
            p.directed_replies = on;
        }
        if let Some(cap) = self.global_cap {
            p.global_cap = cap;
        }
        if let Some(book) = self.opening_book {
            p.opening_book = book;
        }
        if let Some(on) = self.near_replies {
            p.near_replies = on;
        }
        if let Some(on) = self.shaped_replies {
            p.shaped_replies = on;
        }
        if let Some(on) = self.near_prior {
            p.near_prior = on;
        }
        if let Some(pruning) = self.pruning {
            p.pruning = pruning;
        }
        if let Some(on) = self.prune_lone_edge {
            p.prune_lone_edge = on;
        }
        if let Some(at) = self.knowledge {
            p.knowledge = at;
        }
        if let Some(on) = self.stop_when_settled {
            p.stop_when_settled = on;
        }
        if let Some(from) = self.fill {
            p.fill = from;
        }
        if let Some(on) = self.borrow_time {
            p.borrow_time = on;
        }
        if let Some(c) = self.root_explore {
            p.root_explore = c;
        }
        if let Some(h) = self.root_halving {
            p.root_halving = h;
        }
        if let Some(c) = self.explore {
            p.explore = c;
        }
        if let Some(c) = self.uct_bias {
            p.uct_bias = c;
        }
        if let Some(b) = self.rave_bias {
            p.rave_bias = b;
        }
        if let Some(i) = self.rave_initial {
            p.rave_initial = i;
        }
        if let Some(n) = self.rave_prior {
            p.rave_prior = n;
        }
        if let Some(x) = self.local_odds {
            p.local_odds = x;
        }
        if let Some(n) = self.expand_after {
            p.expand_after = n;
        }
        if let Some(w) = self.node_vc_work {
            p.node_vc_work = w;
        }
        if let Some(after) = self.flow_after {
            p.flow_after = after;
        }
        if let Some(d) = self.knowledge_depth {
            p.knowledge_depth = d;
        }
        if let Some(e) = self.flow_exponent {
            p.flow_exponent = e;
        }
        if let Some(n) = self.plain_every {
            p.plain_every = n;
        }
        if let Some(b) = self.vcm_bonus {
            p.vcm_bonus = b;
        }
        if let Some(on) = self.fair_openings {
            p.fair_openings = on;
        }
    }
}

#[cfg(test)]
#[path = "tuning_tests.rs"]
mod tests;
