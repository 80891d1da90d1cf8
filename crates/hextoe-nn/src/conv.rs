//! The 3×3 and 1×1 convolutions of one position, computed directly on channels-last activations with the
//! processor's widest vectors: the hot loop of every evaluation the search asks for.
//!
//! Why by hand. As one matrix product (patches gathered, then `gemm`), an evaluation at 11×11 spent about
//! as long copying as multiplying: each convolution gathered its 169 × 288 patch matrix, copied it into a
//! tensor and copied the product out again. `gemm` could read the patches in place through strides, but
//! only through its `unsafe` raw-pointer interface, and candle's `matmul` wants contiguous matrices. Here
//! the kernel reads each patch straight from the bordered grid: for a block of grid points it keeps the
//! output channels of every point in vector registers, and for each tap and input channel it broadcasts
//! the input and adds its product with one row of the kernel, as `gemm`'s own micro-kernels do. `pulp`
//! picks the instruction set at run time (AVX-512, AVX2 with FMA, NEON, or plain code), so the binary
//! stays portable with no `unsafe` here.

use pulp::{Arch, Simd, WithSimd};

/// The widest vector `pulp` may use, in f32 lanes: rows of the kernel are padded to a multiple of it, so
/// that they split into whole vectors on every instruction set.
const MAX_LANES: usize = 16;

/// Points of the grid computed together where vectors are narrower than 16 lanes: six points of two
/// vectors make twelve accumulators, which AVX2's sixteen registers hold beside a row of the kernel.
const BLOCK: usize = 6;

/// Points computed together with 16-lane vectors: AVX-512's thirty-two registers hold sixteen
/// accumulators, so more points share each row of the kernel that is loaded (twelve spilled, and measured
/// slower).
const WIDE_BLOCK: usize = 8;

/// A 3×3 or 1×1 convolution laid out for [`conv`]: row `tap · c_in + ci` (tap `kh · k + kw` of a k×k
/// kernel) holds the weights of input channel `ci` at that tap for every output channel, padded with
/// zeros to `stride`.
pub struct Kernel {
    /// Input channels.
    pub c_in: usize,
    /// Output channels.
    pub c_out: usize,
    /// The kernel's side: 3 or 1.
    side: usize,
    /// `c_out` rounded up to a multiple of [`MAX_LANES`].
    stride: usize,
    /// `side² · c_in` rows of `stride` weights.
    rows: Vec<f32>,
    /// The bias of each output channel, padded to `stride`.
    bias: Vec<f32>,
}

impl Kernel {
    /// The `side`×`side` kernel (3 or 1) from weights stored as candle stores them, `[c_out, c_in, side,
    /// side]` row-major, and the bias `[c_out]`; None if the side or the lengths do not fit.
    pub fn new(c_out: usize, c_in: usize, side: usize, weights: &[f32], bias: &[f32]) -> Option<Kernel> {
        let taps = side * side;
        if ![1, 3].contains(&side) || weights.len() != c_out * c_in * taps || bias.len() != c_out {
            return None;
        }
        let stride = c_out.div_ceil(MAX_LANES) * MAX_LANES;
        let mut rows = vec![0f32; taps * c_in * stride];
        for o in 0..c_out {
            for i in 0..c_in {
                for tap in 0..taps {
                    rows[(tap * c_in + i) * stride + o] = weights[(o * c_in + i) * taps + tap];
                }
            }
        }
        let mut padded = vec![0f32; stride];
        padded[..c_out].copy_from_slice(bias);
        Some(Kernel { c_in, c_out, side, stride, rows, bias: padded })
    }
}

/// Writes `relu(conv(input) + bias + residual)` ("same" padding) into the inside of `out`, for a grid of side `side`
/// stored channels-last with a one-point zero border: `input` holds `(side + 2)² · c_in` numbers, `out`
/// and `residual` `(side + 2)² · c_out`. The border of `out` is left as it is (zero, as the caller made
/// it). Returns false, computing nothing, if a length does not fit.
pub fn conv(arch: Arch, k: &Kernel, side: usize, input: &[f32], residual: Option<&[f32]>, out: &mut [f32]) -> bool {
    let points = (side + 2) * (side + 2);
    let fits = input.len() == points * k.c_in
        && out.len() == points * k.c_out
        && residual.is_none_or(|r| r.len() == points * k.c_out);
    if fits {
        arch.dispatch(Conv { k, side, input, residual, out });
    }
    fits
}

/// One convolution's arguments, run by `pulp` with the best instruction set the processor has.
struct Conv<'a> {
    k: &'a Kernel,
    side: usize,
    input: &'a [f32],
    residual: Option<&'a [f32]>,
    out: &'a mut [f32],
}

impl WithSimd for Conv<'_> {
    type Output = ();

    #[inline(always)]
    fn with_simd<S: Simd>(self, simd: S) {
        let Conv { k, side, input, residual, out } = self;
        // Vectors in a padded row; computed two at a time (one at the end if their count is odd).
        let vectors = k.stride / S::F32_LANES;
        let cells = side * side;
        let block = if S::F32_LANES >= 16 { WIDE_BLOCK } else { BLOCK };
        let mut first = 0;
        while first < cells {
            let whole = cells - first >= block;
            let mut v = 0;
            while v < vectors {
                let pair = vectors - v >= 2;
                let at = Block { k, side, input, residual, first, vector: v };
                match (whole, pair) {
                    (true, true) if block == WIDE_BLOCK => at.run::<S, WIDE_BLOCK, 2>(simd, out),
                    (true, false) if block == WIDE_BLOCK => at.run::<S, WIDE_BLOCK, 1>(simd, out),
                    (true, true) => at.run::<S, BLOCK, 2>(simd, out),
                    (true, false) => at.run::<S, BLOCK, 1>(simd, out),
                    (false, true) => at.run::<S, 1, 2>(simd, out),
                    (false, false) => at.run::<S, 1, 1>(simd, out),
                }
                v += if pair { 2 } else { 1 };
            }
            first += if whole { block } else { 1 };
        }
    }
}

/// A block of grid points (the `R` points from `first`, in row-major order over the inside) and of
/// output vectors (the `V` from `vector`).
struct Block<'a> {
    k: &'a Kernel,
    side: usize,
    input: &'a [f32],
    residual: Option<&'a [f32]>,
    first: usize,
    vector: usize,
}

impl Block<'_> {
    #[inline(always)]
    fn run<S: Simd, const R: usize, const V: usize>(&self, simd: S, out: &mut [f32]) {
        let Block { k, side, input, residual, first, vector } = *self;
        let (ci, lanes, wide) = (k.c_in, S::F32_LANES, side + 2);
        let vectors = k.stride / lanes;
        // The top-left grid point of each point's 3×3 window (the point itself sits one row and one column
        // further in, inside the border).
        let corner: [usize; R] = std::array::from_fn(|r| (first + r) / side * wide + (first + r) % side);
        let (bias, _) = S::as_simd_f32s(&k.bias);
        let mut acc = [[simd.splat_f32s(0.0); V]; R];
        for row in acc.iter_mut() {
            row.copy_from_slice(&bias[vector..vector + V]);
        }
        let (rows, _) = S::as_simd_f32s(&k.rows);
        // A 1×1 kernel's one tap is the window's centre.
        let (taps, skip) = (k.side * k.side, (3 - k.side) / 2);
        for tap in 0..taps {
            let offset = (tap / k.side + skip) * wide + tap % k.side + skip;
            let inputs: [&[f32]; R] = std::array::from_fn(|r| {
                let p = corner[r] + offset;
                &input[p * ci..(p + 1) * ci]
            });
            let weights = &rows[tap * ci * vectors..(tap + 1) * ci * vectors];
            // Indexed by `c < ci` (each input slice's length), so that no bound is checked in the loop.
            for c in 0..ci {
                let w = &weights[c * vectors + vector..c * vectors + vector + V];
                for (acc, x) in acc.iter_mut().zip(&inputs) {
                    let x = simd.splat_f32s(x[c]);
                    for (a, w) in acc.iter_mut().zip(w) {
                        *a = simd.mul_add_f32s(x, *w, *a);
                    }
                }
            }
        }
        let co = k.c_out;
        for (r, acc) in acc.iter().enumerate() {
            let at = (corner[r] + wide + 1) * co;
            for (v, a) in acc.iter().enumerate() {
                let start = (vector + v) * lanes;
                if start >= co {
                    break;
                }
                let span = at + start..at + co.min(start + lanes);
                let mut sum = *a;
                if let Some(res) = residual {
                    sum = simd.add_f32s(sum, simd.partial_load_f32s(&res[span.clone()]));
                }
                simd.partial_store_f32s(&mut out[span], simd.max_f32s(sum, simd.splat_f32s(0.0)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_that_do_not_fit_are_refused_and_nothing_is_written() {
        assert!(Kernel::new(2, 1, 2, &[0.0; 8], &[0.0; 2]).is_none(), "a 2×2 kernel was taken");
        assert!(Kernel::new(2, 1, 3, &[0.0; 17], &[0.0; 2]).is_none(), "weights of the wrong length were taken");
        assert!(Kernel::new(2, 1, 1, &[0.0; 2], &[0.0; 3]).is_none(), "a bias of the wrong length was taken");
        let k = Kernel::new(2, 1, 1, &[1.0, 2.0], &[0.5, -9.0]).unwrap_or_else(|| panic!("a 1×1 kernel refused"));
        let mut out = vec![7.0; 9 * 2];
        assert!(!conv(Arch::new(), &k, 1, &[1.0; 8], None, &mut out), "a short input was taken");
        assert!(out.iter().all(|&v| v == 7.0), "a refused call wrote its output");
        // One cell with a 1×1 kernel: 3 · 1 + 0.5, and 3 · 2 − 9 through the ReLU; the border stays as it was.
        let mut input = vec![0.0; 9];
        input[4] = 3.0;
        assert!(conv(Arch::new(), &k, 1, &input, None, &mut out));
        assert_eq!(&out[8..10], &[3.5, 0.0]);
        assert!(out[..8].iter().chain(&out[10..]).all(|&v| v == 7.0), "the border was written");
    }
}
