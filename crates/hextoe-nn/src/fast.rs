//! The policy and the value, computed for one position at a time, as the tree search asks for them: the
//! same network as [`crate::net`], evaluated in a layout chosen for a batch of one.
//!
//! Why by hand. candle's 3×3 convolution on the CPU lays its input out again and gathers every patch with
//! index arithmetic at each call; at a batch of one on a 13×13 grid that bookkeeping took about three
//! quarters of an evaluation, and the matrix products, the real work, a seventh. Here the activations stay
//! channels-last (each grid point's channels side by side, with a zero border for the padding), so a
//! patch row is one contiguous slice and gathering a patch is three slice copies; the kernels are laid
//! out as matrices once, at load; and the products still go through candle's `matmul` (the `gemm` crate,
//! with its SIMD kernels chosen at run time). The value head is small (a 1×1 convolution and two
//! linear layers of `channels`) and is computed with plain loops. `tests/fast.rs` checks that the logits
//! and the value equal candle's within rounding, and `benches/eval.rs` times both.

use crate::error::{NnError, Result};
use crate::net::NetConfig;
use crate::planes::PLANES;
use candle_core::{Device, Tensor};
use std::collections::HashMap;

/// One 3×3 convolution as a matrix: `[9 · c_in, c_out]`, row `(kh · 3 + kw) · c_in + ci`, and its bias.
struct Conv3 {
    c_in: usize,
    c_out: usize,
    kernel: Tensor,
    bias: Vec<f32>,
}

impl Conv3 {
    /// The convolution `name` from the weights `t` (`[c_out, c_in, 3, 3]` and `[c_out]`).
    fn new(t: &HashMap<String, Tensor>, name: &str) -> Result<Conv3> {
        let w = get(t, &format!("{name}.weight"))?;
        let (c_out, c_in) = match w.dims() {
            &[o, i, 3, 3] => (o, i),
            d => return Err(NnError::Invalid(format!("{name}.weight is {d:?}; expected [c_out, c_in, 3, 3]"))),
        };
        let w: Vec<f32> = w.flatten_all()?.to_vec1()?;
        let mut m = vec![0f32; 9 * c_in * c_out];
        for o in 0..c_out {
            for i in 0..c_in {
                for k in 0..9 {
                    m[(k * c_in + i) * c_out + o] = w[(o * c_in + i) * 9 + k];
                }
            }
        }
        let kernel = Tensor::from_vec(m, (9 * c_in, c_out), &Device::Cpu)?;
        let bias = get(t, &format!("{name}.bias"))?.to_vec1()?;
        Ok(Conv3 { c_in, c_out, kernel, bias })
    }
}

/// A tensor by name, or the error naming it.
fn get<'a>(t: &'a HashMap<String, Tensor>, name: &str) -> Result<&'a Tensor> {
    t.get(name).ok_or_else(|| NnError::Invalid(format!("{name} is missing")))
}

/// The network's trunk and both heads, ready for one position at a time.
pub struct SearchNet {
    stem: Conv3,
    blocks: Vec<(Conv3, Conv3)>,
    /// The policy head's 1×1 convolution: a weight per channel, and the bias.
    policy: (Vec<f32>, f32),
    value: ValueHead,
}

/// The value head's weights as candle stores them: `conv` is `[c, c]` (out, in) with its bias, `fc1`
/// `[c, c]` (out, in) with its bias, `fc2` `[c]` with its bias.
struct ValueHead {
    conv: (Vec<f32>, Vec<f32>),
    fc1: (Vec<f32>, Vec<f32>),
    fc2: (Vec<f32>, f32),
}

impl ValueHead {
    /// The head from the weights `t`, or None if its shapes do not fit `c` channels.
    fn new(t: &HashMap<String, Tensor>, c: usize) -> Result<Option<ValueHead>> {
        let flat = |name: &str| -> Result<Vec<f32>> { Ok(get(t, name)?.flatten_all()?.to_vec1()?) };
        let head = ValueHead {
            conv: (flat("value.conv.weight")?, flat("value.conv.bias")?),
            fc1: (flat("value.fc1.weight")?, flat("value.fc1.bias")?),
            fc2: (flat("value.fc2.weight")?, flat("value.fc2.bias")?.first().copied().unwrap_or(f32::NAN)),
        };
        let fits = head.conv.0.len() == c * c
            && head.conv.1.len() == c
            && head.fc1.0.len() == c * c
            && head.fc1.1.len() == c
            && head.fc2.0.len() == c;
        Ok(fits.then_some(head))
    }

    /// The value of the trunk's output `h` on a board of side `n`: the mean over the board's cells of the
    /// ReLU'd 1×1 convolution, then the two linear layers and tanh, as [`crate::net::Net::forward`].
    fn evaluate(&self, h: &Grid, n: usize) -> f32 {
        let c = h.c;
        let mut mean = vec![0f32; c];
        let mut cell = vec![0f32; c];
        for y in 0..n {
            for x in 0..n {
                let at = h.at(y + 2, x + 2);
                let input = &h.data[at..at + c];
                linear(&self.conv.0, &self.conv.1, input, &mut cell);
                for (m, v) in mean.iter_mut().zip(&cell) {
                    *m += v.max(0.0);
                }
            }
        }
        let cells = (n * n).max(1) as f32;
        mean.iter_mut().for_each(|m| *m /= cells);
        let mut hidden = vec![0f32; c];
        linear(&self.fc1.0, &self.fc1.1, &mean, &mut hidden);
        let out = self.fc2.1 + hidden.iter().zip(&self.fc2.0).map(|(a, w)| a.max(0.0) * w).sum::<f32>();
        out.tanh()
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
        let stem = Conv3::new(t, "stem")?;
        let blocks = (0..cfg.blocks)
            .map(|i| Ok((Conv3::new(t, &format!("blocks.{i}.conv1"))?, Conv3::new(t, &format!("blocks.{i}.conv2"))?)))
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
            Some(value) if fits => Ok(SearchNet { stem, blocks, policy: (w, b[0]), value }),
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
        let mut cols = Vec::new();
        let mut h = conv(&self.stem, &input, &mut cols, None)?;
        for (c1, c2) in &self.blocks {
            let r = conv(c1, &h, &mut cols, None)?;
            h = conv(c2, &r, &mut cols, Some(&h))?;
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
        Ok((out, self.value.evaluate(&h, n)))
    }
}

/// `conv`'s output over `input` plus its bias, plus `residual` if given, through a ReLU; `cols` is the
/// patch buffer, reused between calls.
fn conv(conv: &Conv3, input: &Grid, cols: &mut Vec<f32>, residual: Option<&Grid>) -> Result<Grid> {
    let (g, ci) = (input.side, conv.c_in);
    let k = 9 * ci;
    cols.clear();
    cols.reserve(g * g * k);
    for y in 0..g {
        for x in 0..g {
            // Output point (y, x) reads grid points y-1..=y+1, x-1..=x+1: border rows y..y+3 stored.
            for kh in 0..3 {
                let at = input.at(y + kh, x);
                cols.extend_from_slice(&input.data[at..at + 3 * ci]);
            }
        }
    }
    let patches = Tensor::from_slice(cols.as_slice(), (g * g, k), &Device::Cpu)?;
    let product: Vec<f32> = patches.matmul(&conv.kernel)?.flatten_all()?.to_vec1()?;
    let co = conv.c_out;
    let mut out = Grid::new(g, co);
    for y in 0..g {
        for x in 0..g {
            let src = &product[(y * g + x) * co..(y * g + x + 1) * co];
            let at = out.at(y + 1, x + 1);
            let dst = &mut out.data[at..at + co];
            for ((d, s), b) in dst.iter_mut().zip(src).zip(&conv.bias) {
                *d = s + b;
            }
            if let Some(r) = residual {
                for (d, r) in dst.iter_mut().zip(&r.data[at..at + co]) {
                    *d += r;
                }
            }
            for d in dst.iter_mut() {
                *d = d.max(0.0);
            }
        }
    }
    Ok(out)
}
