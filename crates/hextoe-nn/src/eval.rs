//! Offline evaluation on held-out positions: how well the network predicts the moves strong players
//! chose, against hextoe's pattern prior on the same positions.
//!
//! Ranks count ties fairly: a move tied with t other cells, below g cells, is at each of the ranks g+1 ..
//! g+t+1 with equal chance, so a prior that cannot tell cells apart is not rewarded for the order in which
//! it lists them (the pattern prior gives many cells the same strength early in a game).

use crate::dataset::{Example, Source, batch};
use crate::error::Result;
use crate::net::Net;
use crate::train::losses_of;
use hextoe_core::ai::hex::knowledge::bitboard::{Bits, Wide};
use hextoe_core::ai::hex::knowledge::patterns::{PatternTable, Shapes};

/// Accuracy figures over a set of positions.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scores {
    /// Positions counted.
    pub positions: usize,
    /// Expected share whose move played is the top choice.
    pub top1: f64,
    /// Expected share whose move played is among the top three.
    pub top3: f64,
    /// Mean policy cross-entropy against the targets (nats); 0 where not measured.
    pub policy_loss: f64,
    /// Mean squared error of the value against the results; 0 where not measured.
    pub value_loss: f64,
}

/// The chance that the cell `played` is within the top `k` of `scores` (over `legal` cells), ties broken at
/// random.
pub fn top_k(scores: &[f32], legal: impl Fn(usize) -> bool, played: usize, k: usize) -> f64 {
    let s = scores[played];
    let (mut above, mut tied) = (0usize, 0usize);
    for (i, &x) in scores.iter().enumerate() {
        if i != played && legal(i) {
            if x > s {
                above += 1;
            } else if x == s {
                tied += 1;
            }
        }
    }
    ((k as f64 - above as f64) / (tied + 1) as f64).clamp(0.0, 1.0)
}

/// `examples` in batches of at most `size`, each of one board side: a chunk is split where the side changes.
fn batches<'a>(examples: &'a [&'a Example], size: usize) -> impl Iterator<Item = &'a [&'a Example]> {
    examples.chunks(size.max(1)).flat_map(|chunk| chunk.chunk_by(|a, b| a.pos.size == b.pos.size))
}

/// The network's scores on `examples` (evaluated in batches of `size`, canonical frame, no turn).
pub fn network(net: &Net, examples: &[&Example], size: usize) -> Result<Scores> {
    let mut s = Scores::default();
    for part in batches(examples, size) {
        let n = part[0].pos.size;
        let b = batch(part, &vec![false; part.len()])?;
        let (logits, value) = net.forward(&b.x, n)?;
        let l = losses_of(&logits, &value, &b)?;
        let m = part.len() as f64;
        s.policy_loss += f64::from(l.policy.to_scalar::<f32>()?) * m;
        s.value_loss += f64::from(l.value.to_scalar::<f32>()?) * m;
        let logits: Vec<Vec<f32>> = (logits + &b.mask)?.to_vec2()?;
        for ((e, frame), row) in part.iter().zip(&b.frames).zip(&logits) {
            let mut real = vec![0f32; n * n];
            for (k, &x) in row.iter().enumerate() {
                real[frame.real(k)] = x;
            }
            let legal = |i: usize| e.pos.cells[i].is_none();
            s.top1 += top_k(&real, legal, e.played, 1);
            s.top3 += top_k(&real, legal, e.played, 3);
        }
    }
    Ok(finish(s, examples.len()))
}

/// The network's scores on `examples` with its outputs read in one frame (`turned_too` false: the
/// canonical frame, as [`network`]) or averaged over the canonical frame and its 180° turn (true): each
/// frame's policy softmax mapped back to the real board and the two averaged, and the two values averaged.
/// It measures what the symmetry at inference would be worth before a match pays for it.
pub fn network_frames(net: &Net, examples: &[&Example], size: usize, turned_too: bool) -> Result<Scores> {
    let mut s = Scores::default();
    let frames: &[bool] = if turned_too { &[false, true] } else { &[false] };
    for part in batches(examples, size) {
        let n = part[0].pos.size;
        let mut probs = vec![vec![0f32; n * n]; part.len()];
        let mut values = vec![0f32; part.len()];
        for &turned in frames {
            let b = batch(part, &vec![turned; part.len()])?;
            let (logits, value) = net.forward(&b.x, n)?;
            let p: Vec<Vec<f32>> = candle_nn::ops::softmax_last_dim(&(logits + &b.mask)?)?.to_vec2()?;
            let v: Vec<f32> = value.to_vec1()?;
            for (i, frame) in b.frames.iter().enumerate() {
                for (k, &x) in p[i].iter().enumerate() {
                    probs[i][frame.real(k)] += x / frames.len() as f32;
                }
                values[i] += v[i] / frames.len() as f32;
            }
        }
        for ((e, p), v) in part.iter().zip(&probs).zip(&values) {
            let legal = |i: usize| e.pos.cells[i].is_none();
            s.top1 += top_k(p, legal, e.played, 1);
            s.top3 += top_k(p, legal, e.played, 3);
            s.policy_loss -= e.policy.iter().map(|&(k, t)| f64::from(t) * f64::from(p[k].max(1e-30)).ln()).sum::<f64>();
            s.value_loss += f64::from(v - e.value).powi(2);
        }
    }
    Ok(finish(s, examples.len()))
}

/// Divides the sums by the number of positions.
fn finish(mut s: Scores, count: usize) -> Scores {
    let m = count.max(1) as f64;
    s.positions = count;
    s.top1 /= m;
    s.top3 /= m;
    s.policy_loss /= m;
    s.value_loss /= m;
    s
}

/// The pattern prior of the tree search on `e`: each empty cell's strength γ of its shape, times the
/// table's factor where it is next to the last stone (as `set_priors` of the MCTS expansion does with its
/// default `near_prior`). Row-major on the real board; 0 on taken cells.
pub fn pattern_prior(e: &Example, shapes: &Shapes, table: &PatternTable) -> Vec<f32> {
    let n = e.pos.size;
    let (mut mine, mut theirs) = (Wide::ZERO, Wide::ZERO);
    for (k, c) in e.pos.cells.iter().enumerate() {
        match c {
            Some(c) if *c == e.pos.to_move => mine |= Wide::bit(k),
            Some(_) => theirs |= Wide::bit(k),
            None => {}
        }
    }
    let mut factor = vec![1f32; n * n];
    if let Some(last) = e.last {
        for (k, place) in shapes.around(last) {
            factor[k] = table.near(place);
        }
    }
    (0..n * n)
        .map(|k| {
            if e.pos.cells[k].is_some() {
                0.0
            } else {
                table.gamma(shapes.key(k, e.pos.to_move, mine, theirs)) * factor[k]
            }
        })
        .collect()
}

/// The pattern prior's scores on `examples` (top-1 and top-3 only).
pub fn patterns(examples: &[&Example]) -> Scores {
    let table = PatternTable::shipped();
    let mut shapes: Vec<Option<Shapes>> = (0..=crate::data::MAX_SIDE).map(|_| None).collect();
    let mut s = Scores::default();
    for e in examples {
        let n = e.pos.size;
        let sh = shapes[n].get_or_insert_with(|| Shapes::new(n));
        let prior = pattern_prior(e, sh, table);
        let legal = |i: usize| e.pos.cells[i].is_none();
        s.top1 += top_k(&prior, legal, e.played, 1);
        s.top3 += top_k(&prior, legal, e.played, 3);
    }
    finish(s, examples.len())
}

/// The examples of one source, or all.
pub fn of_source(examples: &[Example], source: Option<Source>) -> Vec<&Example> {
    examples.iter().filter(|e| source.is_none_or(|s| e.source == s)).collect()
}

/// The rows of `hextoe-nn-eval`'s table: the held-out positions of each source (hextoe's own games only
/// where the data holds some), of each board size when they hold several (one network serves them all,
/// and a size it plays worse should show), and all of them.
pub fn rows(heldout: &[Example]) -> Vec<(String, Vec<&Example>)> {
    let mut rows = vec![
        ("game lists".to_string(), of_source(heldout, Some(Source::GameList))),
        ("self-play (visits)".to_string(), of_source(heldout, Some(Source::MoHex))),
    ];
    let own = of_source(heldout, Some(Source::Hextoe));
    if !own.is_empty() {
        rows.push(("hextoe self-play (visits)".to_string(), own));
    }
    let mut sizes: Vec<usize> = heldout.iter().map(|e| e.pos.size).collect();
    sizes.sort_unstable();
    sizes.dedup();
    if sizes.len() > 1 {
        for n in sizes {
            rows.push((format!("at {n}x{n}"), heldout.iter().filter(|e| e.pos.size == n).collect()));
        }
    }
    rows.push(("all".to_string(), of_source(heldout, None)));
    rows
}
