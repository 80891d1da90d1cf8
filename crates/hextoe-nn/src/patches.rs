//! The patches of a k×k convolution over channels-last activations, gathered for one matrix product, and
//! their gradient scattered back.
//!
//! Written by hand because candle has no differentiable gather of this shape that is fast on the CPU:
//! built from its own operations (pad, nine narrowed views, a concatenation), a training step spent most
//! of its time copying strided views and adding strided gradients, element by element. Here each patch
//! row is `k·k` slice copies of `cin` channels, and the gradient is the same walk with additions.

use candle_core::{CpuStorage, CustomOp1, Layout, Result, Shape, Tensor, bail};

/// The shape of a channels-last batch: `[batch, side, side, channels]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Dims {
    batch: usize,
    side: usize,
    channels: usize,
}

impl Dims {
    fn of(layout: &Layout) -> Result<Dims> {
        let (batch, side, width, channels) = layout.shape().dims4()?;
        if side != width {
            bail!("patches of a {side}×{width} board: expected a square one");
        }
        Ok(Dims { batch, side, channels })
    }

    /// Calls `f(input offset, patch offset)` for each tap of each cell that falls on the board: the `cin`
    /// floats at the input offset belong at the patch offset. Taps off the board stay zero ("same" padding).
    fn for_each_tap(self, k: usize, mut f: impl FnMut(usize, usize)) {
        let Dims { batch, side, channels: c } = self;
        let pad = (k / 2) as isize;
        let row = k * k * c;
        for b in 0..batch {
            for y in 0..side {
                for x in 0..side {
                    let cell = (b * side + y) * side + x;
                    for dy in 0..k {
                        let sy = y as isize + dy as isize - pad;
                        if sy < 0 || sy >= side as isize {
                            continue;
                        }
                        for dx in 0..k {
                            let sx = x as isize + dx as isize - pad;
                            if sx < 0 || sx >= side as isize {
                                continue;
                            }
                            let src = ((b * side + sy as usize) * side + sx as usize) * c;
                            f(src, cell * row + (dy * k + dx) * c);
                        }
                    }
                }
            }
        }
    }
}

/// The contiguous f32 data of a storage, or an error naming `what`.
fn contiguous<'a>(storage: &'a CpuStorage, layout: &Layout, what: &str) -> Result<&'a [f32]> {
    let CpuStorage::F32(data) = storage else {
        bail!("{what}: expected f32 values");
    };
    match layout.contiguous_offsets() {
        Some((start, end)) => Ok(&data[start..end]),
        None => bail!("{what}: expected a contiguous tensor"),
    }
}

/// Gathers the patches: `[batch, side, side, cin]` to `[batch·side·side, k·k·cin]`, where column
/// `(dy·k + dx)·cin + ci` of a cell's row is channel ci of the cell at offset (dy − k/2, dx − k/2).
struct Gather {
    k: usize,
}

impl CustomOp1 for Gather {
    fn name(&self) -> &'static str {
        "patches"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let dims = Dims::of(layout)?;
        let input = contiguous(storage, layout, "patches")?;
        let c = dims.channels;
        let cells = dims.batch * dims.side * dims.side;
        let mut out = vec![0f32; cells * self.k * self.k * c];
        dims.for_each_tap(self.k, |src, dst| out[dst..dst + c].copy_from_slice(&input[src..src + c]));
        Ok((CpuStorage::F32(out), Shape::from((cells, self.k * self.k * c))))
    }

    fn bwd(&self, arg: &Tensor, _res: &Tensor, grad_res: &Tensor) -> Result<Option<Tensor>> {
        let (batch, side, _, channels) = arg.dims4()?;
        let scatter = Scatter { k: self.k, dims: Dims { batch, side, channels } };
        Ok(Some(grad_res.contiguous()?.apply_op1_no_bwd(&scatter)?))
    }
}

/// The gradient of [`Gather`]: each patch entry's gradient added back to the cell it was copied from.
struct Scatter {
    k: usize,
    dims: Dims,
}

impl CustomOp1 for Scatter {
    fn name(&self) -> &'static str {
        "patches-gradient"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let grad = contiguous(storage, layout, "patches-gradient")?;
        let Dims { batch, side, channels: c } = self.dims;
        if grad.len() != batch * side * side * self.k * self.k * c {
            bail!("patches-gradient: {} values for a {batch}×{side}×{side}×{c} batch", grad.len());
        }
        let mut out = vec![0f32; batch * side * side * c];
        self.dims.for_each_tap(self.k, |src, dst| {
            for (o, g) in out[src..src + c].iter_mut().zip(&grad[dst..dst + c]) {
                *o += g;
            }
        });
        Ok((CpuStorage::F32(out), Shape::from((batch, side, side, c))))
    }
}

/// The k×k patches of `x` (`[batch, side, side, cin]`, f32) as a `[batch·side·side, k·k·cin]` matrix,
/// differentiable with respect to `x`.
pub fn patches(x: &Tensor, k: usize) -> Result<Tensor> {
    x.contiguous()?.apply_op1(Gather { k })
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{Device, Var};

    /// The same patches built from candle's own operations: pad, narrow, concatenate.
    fn reference(x: &Tensor, k: usize) -> Result<Tensor> {
        let (b, side, _, c) = x.dims4()?;
        let pad = k / 2;
        let padded = x.pad_with_zeros(1, pad, pad)?.pad_with_zeros(2, pad, pad)?;
        let mut taps = Vec::new();
        for dy in 0..k {
            for dx in 0..k {
                taps.push(padded.narrow(1, dy, side)?.narrow(2, dx, side)?);
            }
        }
        Tensor::cat(&taps, 3)?.reshape((b * side * side, k * k * c))
    }

    fn values(n: usize) -> Vec<f32> {
        (0..n).map(|i| ((i * 37 % 101) as f32 - 50.0) / 25.0).collect()
    }

    #[test]
    fn the_patches_and_their_gradient_match_candles_own_operations() -> Result<()> {
        for k in [1, 3] {
            let x = Var::from_vec(values(2 * 5 * 5 * 3), (2, 5, 5, 3), &Device::Cpu)?;
            let weights = Tensor::from_vec(values(2 * 25 * k * k * 3), (50, k * k * 3), &Device::Cpu)?;
            let ours = patches(x.as_tensor(), k)?;
            let theirs = reference(x.as_tensor(), k)?;
            let diff = (&ours - &theirs)?.abs()?.max_all()?.to_scalar::<f32>()?;
            assert_eq!(diff, 0.0, "k = {k}: the patches differ");
            let g_ours = (ours * &weights)?.sum_all()?.backward()?;
            let g_theirs = (theirs * &weights)?.sum_all()?.backward()?;
            let (Some(a), Some(b)) = (g_ours.get(&x), g_theirs.get(&x)) else {
                panic!("k = {k}: no gradient for the input");
            };
            let diff = (a - b)?.abs()?.max_all()?.to_scalar::<f32>()?;
            assert!(diff < 1e-5, "k = {k}: the gradients differ by {diff}");
        }
        Ok(())
    }

    #[test]
    fn a_patch_row_holds_the_neighbours_and_zeros_off_the_board() -> Result<()> {
        // One channel on a 3×3 board holding 1..9: the corner cell (0, 0) sees zeros above and left.
        let x = Tensor::from_vec((1..=9).map(|v| v as f32).collect::<Vec<_>>(), (1, 3, 3, 1), &Device::Cpu)?;
        let rows = patches(&x, 3)?.to_vec2::<f32>()?;
        assert_eq!(rows[0], vec![0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 0.0, 4.0, 5.0]);
        assert_eq!(rows[4], (1..=9).map(|v| v as f32).collect::<Vec<_>>());
        Ok(())
    }
}
