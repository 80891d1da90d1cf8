//! The policy and the value, computed for one position at a time, as the tree search asks for them: the
//! same network as [`crate::net`], evaluated in a layout chosen for a batch of one.
//!
//! Why by hand. candle's 3×3 convolution on the CPU lays its input out again and gathers every patch with
//! index arithmetic at each call; at a batch of one on a 13×13 grid that bookkeeping took about three
//! quarters of an evaluation, and the matrix products, the real work, a seventh. Here the activations stay
//! channels-last (each grid point's channels side by side, with a zero border for the padding), the
//! kernels are laid out once, at load, and every convolution, the value head's 1×1 included, reads its
//! patches in place with the processor's widest vectors ([`crate::conv`]). The rest (the policy head's
//! one channel, the value head's two small linear layers) is plain loops. `tests/fast.rs` checks that the
//! logits and the value equal candle's within rounding, and `benches/eval.rs` times both.

use crate::conv::{Kernel, conv};
use crate::error::{NnError, Result};
use crate::net::NetConfig;
use crate::planes::PLANES;
use candle_core::Tensor;
use pulp::Arch;
use std::collections::HashMap;

/// The `side`×`side` convolution `name` from the weights `t` (`[c_out, c_in, side, side]` and `[c_out]`).
fn kernel(t: &HashMap<String, Tensor>, name: &str, side: usize) -> Result<Kernel> {
    let w = get(t, &format!("{name}.weight"))?;
    let (c_out, c_in) = match w.dims() {
        &[o, i, h, w] if h == side && w == side => (o, i),
        d => {
            return Err(NnError::Invalid(format!("{name}.weight is {d:?}; expected [c_out, c_in, {side}, {side}]")));
        }
    };
    let weights: Vec<f32> = w.flatten_all()?.to_vec1()?;
    let bias: Vec<f32> = get(t, &format!("{name}.bias"))?.flatten_all()?.to_vec1()?;
    Kernel::new(c_out, c_in, side, &weights, &bias)
        .ok_or_else(|| NnError::Invalid(format!("{name}.bias has {} numbers; expected {c_out}", bias.len())))
}

/// A tensor by name, or the error naming it.
fn get<'a>(t: &'a HashMap<String, Tensor>, name: &str) -> Result<&'a Tensor> {
    t.get(name).ok_or_else(|| NnError::Invalid(format!("{name} is missing")))
}

/// The network's trunk and both heads, ready for one position at a time.
pub struct SearchNet {
    stem: Kernel,
    blocks: Vec<(Kernel, Kernel)>,
    /// The policy head's 1×1 convolution: a weight per channel, and the bias.
    policy: (Vec<f32>, f32),
    value: ValueHead,
    /// The instruction set the convolutions run with, found once.
    arch: Arch,
}

/// The value head: its 1×1 convolution (`c` to `c`), then `fc1` `[c, c]` (out, in) with its bias and
/// `fc2` `[c]` with its bias, as candle stores them.
struct ValueHead {
    conv: Kernel,
    fc1: (Vec<f32>, Vec<f32>),
    fc2: (Vec<f32>, f32),
}

impl ValueHead {
    /// The head from the weights `t`, or None if its shapes do not fit `c` channels.
    fn new(t: &HashMap<String, Tensor>, c: usize) -> Result<Option<ValueHead>> {
        let flat = |name: &str| -> Result<Vec<f32>> { Ok(get(t, name)?.flatten_all()?.to_vec1()?) };
        let head = ValueHead {
            conv: kernel(t, "value.conv", 1)?,
            fc1: (flat("value.fc1.weight")?, flat("value.fc1.bias")?),
            fc2: (flat("value.fc2.weight")?, flat("value.fc2.bias")?.first().copied().unwrap_or(f32::NAN)),
        };
        let fits = head.conv.c_in == c
            && head.conv.c_out == c
            && head.fc1.0.len() == c * c
            && head.fc1.1.len() == c
            && head.fc2.0.len() == c;
        Ok(fits.then_some(head))
    }

    /// The value of the trunk's output `h` on a board of side `n`: the mean over the board's cells of the
    /// ReLU'd 1×1 convolution, then the two linear layers and tanh, as [`crate::net::Net::forward`].
    fn evaluate(&self, arch: Arch, h: &Grid, n: usize) -> Result<f32> {
        let c = h.c;
        let cells = SearchNet::conv(arch, &self.conv, h, None)?;
        let mut mean = vec![0f32; c];
        for y in 0..n {
            for x in 0..n {
                let at = cells.at(y + 2, x + 2);
                for (m, v) in mean.iter_mut().zip(&cells.data[at..at + c]) {
                    *m += v;
                }
            }
        }
        let count = (n * n).max(1) as f32;
        mean.iter_mut().for_each(|m| *m /= count);
        let mut hidden = vec![0f32; c];
        linear(&self.fc1.0, &self.fc1.1, &mean, &mut hidden);
        let out = self.fc2.1 + hidden.iter().zip(&self.fc2.0).map(|(a, w)| a.max(0.0) * w).sum::<f32>();
        Ok(out.tanh())
    }
}

/// `out = w · input + b`, with `w` stored `[out, in]` row by row.
fn linear(w: &[f32], b: &[f32], input: &[f32], out: &mut [f32]) {
    for (o, (row, bias)) in out.iter_mut().zip(w.chunks_exact(input.len()).zip(b)) {
        *o = bias + row.iter().zip(input).map(|(a, b)| a * b).sum::<f32>();
    }
}

/// The activations of one grid, channels-last with a one-point zero border: `(g + 2)² · c` numbers for
/// a grid of side g.
struct Grid {
    side: usize,
    c: usize,
    data: Vec<f32>,
}

impl Grid {
    fn new(side: usize, c: usize) -> Grid {
        Grid { side, c, data: vec![0.0; (side + 2) * (side + 2) * c] }
    }

    /// The channels of grid point (y, x), border coordinates included (0 and side + 1 are the border).
    fn at(&self, y: usize, x: usize) -> usize {
        (y * (self.side + 2) + x) * self.c
    }
}

impl SearchNet {
    /// The trunk and heads of a network shaped `cfg`, from its weights `t` (checked already by
    /// [`crate::weights::from_bytes`]).
    pub fn new(cfg: NetConfig, t: &HashMap<String, Tensor>) -> Result<SearchNet> {
        let stem = kernel(t, "stem", 3)?;
        let blocks = (0..cfg.blocks)
            .map(|i| Ok((kernel(t, &format!("blocks.{i}.conv1"), 3)?, kernel(t, &format!("blocks.{i}.conv2"), 3)?)))
            .collect::<Result<Vec<_>>>()?;
        let w: Vec<f32> = get(t, "policy.weight")?.flatten_all()?.to_vec1()?;
        let b: Vec<f32> = get(t, "policy.bias")?.to_vec1()?;
        let value = ValueHead::new(t, cfg.channels)?;
        let fits = stem.c_in == PLANES
            && stem.c_out == cfg.channels
            && blocks.iter().all(|(a, b)| [a.c_in, a.c_out, b.c_in, b.c_out] == [cfg.channels; 4])
            && w.len() == cfg.channels
            && b.len() == 1;
        match value {
            Some(value) if fits => Ok(SearchNet { stem, blocks, policy: (w, b[0]), value, arch: Arch::new() }),
            _ => Err(NnError::Invalid(format!("the weights do not make a network of {cfg:?}"))),
        }
    }

    /// The policy logits and the value of the encoded planes `x` (`PLANES · (n+2)²`, as
    /// [`crate::planes::encode`] writes them) of a board of side `n`: a logit per cell, row-major in the
    /// canonical frame, and the mover's value (−1 loses to 1 wins), as [`crate::net::Net::forward`].
    pub fn evaluate(&self, x: &[f32], n: usize) -> Result<(Vec<f32>, f32)> {
        let g = n + 2;
        if x.len() != PLANES * g * g {
            return Err(NnError::Invalid(format!(
                "{} input numbers for side {n}; expected {}",
                x.len(),
                PLANES * g * g
            )));
        }
        let mut input = Grid::new(g, PLANES);
        for p in 0..PLANES {
            for y in 0..g {
                for xx in 0..g {
                    let at = input.at(y + 1, xx + 1);
                    input.data[at + p] = x[(p * g + y) * g + xx];
                }
            }
        }
        let mut h = SearchNet::conv(self.arch, &self.stem, &input, None)?;
        for (c1, c2) in &self.blocks {
            let r = SearchNet::conv(self.arch, c1, &h, None)?;
            h = SearchNet::conv(self.arch, c2, &r, Some(&h))?;
        }
        let (w, b) = &self.policy;
        let mut out = Vec::with_capacity(n * n);
        for y in 0..n {
            for xx in 0..n {
                // The board's cells sit inside the frame: grid point (y + 1, x + 1), plus the border.
                let at = h.at(y + 2, xx + 2);
                out.push(b + h.data[at..at + h.c].iter().zip(w).map(|(a, b)| a * b).sum::<f32>());
            }
        }
        Ok((out, self.value.evaluate(self.arch, &h, n)?))
    }

    /// `k`'s output over `input` plus its bias, plus `residual` if given, through a ReLU, on `arch`.
    fn conv(arch: Arch, k: &Kernel, input: &Grid, residual: Option<&Grid>) -> Result<Grid> {
        let mut out = Grid::new(input.side, k.c_out);
        if input.c == k.c_in && conv(arch, k, input.side, &input.data, residual.map(|r| &r.data[..]), &mut out.data) {
            Ok(out)
        } else {
            Err(NnError::Invalid(format!("a grid of {} channels into a convolution of {}", input.c, k.c_in)))
        }
    }
}
