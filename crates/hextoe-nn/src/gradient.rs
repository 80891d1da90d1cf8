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
        let b = batch(picked, turned)?;
        let l = losses(net, &b)?;
        let loss = (&l.policy + (&l.value * value_weight)?)?;
        return Ok(Step {
            grads: loss.backward()?,
            policy: f64::from(l.policy.to_scalar::<f32>()?),
            value: f64::from(l.value.to_scalar::<f32>()?),
        });
    }
    let parts: Vec<Result<Step>> = std::thread::scope(|s| {
        let running: Vec<_> = picked
            .chunks(part)
            .zip(turned.chunks(part))
            .map(|(examples, turns)| {
                s.spawn(move || -> Result<Step> {
                    let share = examples.len() as f64 / size as f64;
                    let b = batch(examples, turns)?;
                    let l = losses(net, &b)?;
                    let loss = ((&l.policy + (&l.value * value_weight)?)? * share)?;
                    Ok(Step {
                        grads: loss.backward()?,
                        policy: share * f64::from(l.policy.to_scalar::<f32>()?),
                        value: share * f64::from(l.value.to_scalar::<f32>()?),
                    })
                })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::{Plain, parse};
    use crate::dataset::{Source, examples};
    use crate::init::initial;
    use crate::net::NetConfig;
    use candle_core::{DType, Device};
    use candle_nn::{VarBuilder, VarMap};
    use std::path::Path;

    /// A small real batch: the first positions of the committed held-out game list.
    fn examples_of_two_games() -> Vec<Example> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../training/hex-games-mohex-heldout.txt");
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: String = text.lines().filter(|l| !l.starts_with('#')).take(2).map(|l| format!("{l}\n")).collect();
        examples(&parse(&lines, &path, Plain::OneHot { skip: 1 }).unwrap(), Source::GameList)
    }

    /// Every parameter's gradient, flattened, in order.
    fn flat(step: &Step, params: &[Var]) -> Vec<Vec<f32>> {
        params
            .iter()
            .map(|p| step.grads.get(p.as_tensor()).unwrap().flatten_all().unwrap().to_vec1::<f32>().unwrap())
            .collect()
    }

    #[test]
    fn a_batch_cut_into_parts_has_the_gradient_and_losses_of_the_whole() {
        let config = NetConfig { blocks: 1, channels: 8 };
        let varmap = VarMap::new();
        let mut params = Vec::new();
        for (name, t) in initial(config, 3).unwrap() {
            let v = Var::from_tensor(&t).unwrap();
            varmap.data().lock().unwrap().insert(name, v.clone());
            params.push(v);
        }
        let net = Net::new(config, &VarBuilder::from_varmap(&varmap, DType::F32, &Device::Cpu)).unwrap();
        let all = examples_of_two_games();
        // 13 positions of one side: cut into 7 + 6, 5 + 5 + 3, and 13 single positions.
        let side = all[0].pos.size;
        let picked: Vec<&Example> = all.iter().filter(|e| e.pos.size == side).take(13).collect();
        assert_eq!(picked.len(), 13);
        let turned: Vec<bool> = (0..13).map(|i| i % 3 == 0).collect();
        let whole = gradient(&net, &params, &picked, &turned, 0.25, 1).unwrap();
        let reference = flat(&whole, &params);
        let largest = reference.iter().flatten().fold(0f32, |m, g| m.max(g.abs()));
        assert!(largest > 1e-3, "the gradient is all but zero: {largest}");
        for threads in [2, 3, 13, 40] {
            let cut = gradient(&net, &params, &picked, &turned, 0.25, threads).unwrap();
            for (i, (a, b)) in reference.iter().zip(flat(&cut, &params)).enumerate() {
                for (x, y) in a.iter().zip(&b) {
                    assert!((x - y).abs() <= 1e-5 * (1.0 + x.abs()), "{threads} threads, parameter {i}: {x} and {y}");
                }
            }
            assert!((cut.policy - whole.policy).abs() < 1e-5, "{threads} threads: {} {}", cut.policy, whole.policy);
            assert!((cut.value - whole.value).abs() < 1e-5, "{threads} threads: {} {}", cut.value, whole.value);
            let again = gradient(&net, &params, &picked, &turned, 0.25, threads).unwrap();
            assert_eq!(flat(&again, &params), flat(&cut, &params), "{threads} threads: not reproducible");
        }
    }
}
