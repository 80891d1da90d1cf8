//! One training step's gradient, on one thread or on several.
//!
//! candle's CPU kernels run on the calling thread when `RAYON_NUM_THREADS` is 1, and a step of this small
//! network gains little from splitting each kernel: most of its time goes to candle's bookkeeping around
//! the kernels (the backward pass's zeroed buffers and element-wise sums), which stays on one thread. So
//! the step is split over the batch instead (data parallelism): each thread takes a part of the batch,
//! computes its loss scaled by the part's share, and differentiates it; the parts' gradients are summed
//! in the parts' order. The sum is the batch's gradient up to the rounding of the order of the additions,
//! so a thread count gives the same weights on every run, but not bit for bit those of another count.

use crate::dataset::{Example, batch};
use crate::error::{NnError, Result};
use crate::net::Net;
use crate::train::losses;
use candle_core::Var;
use candle_core::backprop::GradStore;

/// A step's gradient and its two losses (means over the whole batch).
pub struct Step {
    /// The gradient of `policy + value_weight · value` with respect to every parameter.
    pub grads: GradStore,
    /// The policy's mean cross-entropy over the batch.
    pub policy: f64,
    /// The value's mean squared error over the batch.
    pub value: f64,
}

/// The gradient of `net`'s loss on the examples `picked` (each turned 180° where `turned` says), with the
/// value loss weighted by `value_weight`, computed on `threads` threads: the batch is cut into that many
/// parts of nearly equal size (fewer if it is smaller), and `params`' gradients are summed in order. One
/// thread computes the batch as one, with no scaling, as training always did.
pub fn gradient(
    net: &Net,
    params: &[Var],
    picked: &[&Example],
    turned: &[bool],
    value_weight: f64,
    threads: usize,
) -> Result<Step> {
    let size = picked.len();
    let part = size.div_ceil(threads.max(1)).max(1);
    if part >= size {
        return part_step(net, picked, turned, value_weight, None);
    }
    let parts: Vec<Result<Step>> = std::thread::scope(|s| {
        let running: Vec<_> = picked
            .chunks(part)
            .zip(turned.chunks(part))
            .map(|(examples, turns)| {
                let share = examples.len() as f64 / size as f64;
                s.spawn(move || part_step(net, examples, turns, value_weight, Some(share)))
            })
            .collect();
        running
            .into_iter()
            .map(|t| t.join().unwrap_or_else(|_| Err(NnError::Invalid("a training thread stopped in a panic".into()))))
            .collect()
    });
    let mut parts = parts.into_iter();
    let Some(first) = parts.next() else {
        return Err(NnError::Invalid("an empty batch".into()));
    };
    let mut sum = first?;
    for next in parts {
        let next = next?;
        for p in params {
            if let (Some(a), Some(b)) = (sum.grads.get(p.as_tensor()), next.grads.get(p.as_tensor())) {
                let added = (a + b)?;
                sum.grads.insert(p.as_tensor(), added);
            }
        }
        sum.policy += next.policy;
        sum.value += next.value;
    }
    Ok(sum)
}

/// The gradient and losses of one part of a batch, its loss and losses scaled by its `share` of the batch;
/// the whole batch (`None`) is left unscaled, so that one thread computes exactly what training always did.
fn part_step(net: &Net, examples: &[&Example], turns: &[bool], value_weight: f64, share: Option<f64>) -> Result<Step> {
    let b = batch(examples, turns)?;
    let l = losses(net, &b)?;
    let mut loss = (&l.policy + (&l.value * value_weight)?)?;
    if let Some(share) = share {
        loss = (loss * share)?;
    }
    let share = share.unwrap_or(1.0);
    Ok(Step {
        grads: loss.backward()?,
        policy: share * f64::from(l.policy.to_scalar::<f32>()?),
        value: share * f64::from(l.value.to_scalar::<f32>()?),
    })
}
