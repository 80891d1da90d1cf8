//! AdamW with its state in the open, so that a training run can be checkpointed and resumed.
//!
//! candle-nn's `AdamW` keeps its moments private, and a run resumed without them would not be the run
//! that was stopped. This is the same update, operation for operation (a test checks it against
//! candle-nn's bit for bit), with the moments and the step count readable and restorable.

use crate::error::Result;
use candle_core::{Tensor, Var, backprop::GradStore};
use candle_nn::ParamsAdamW;

/// The optimiser: each parameter with its first and second moments.
pub struct AdamW {
    vars: Vec<Var>,
    m: Vec<Var>,
    v: Vec<Var>,
    /// Steps taken, for the bias corrections.
    t: usize,
    params: ParamsAdamW,
}

impl AdamW {
    /// A fresh optimiser over `vars`, its moments zero.
    pub fn new(vars: Vec<Var>, params: ParamsAdamW) -> Result<AdamW> {
        let zeros = |v: &Var| Var::zeros(v.shape(), v.dtype(), v.device());
        let m = vars.iter().map(zeros).collect::<candle_core::Result<Vec<_>>>()?;
        let v = vars.iter().map(zeros).collect::<candle_core::Result<Vec<_>>>()?;
        Ok(AdamW { vars, m, v, t: 0, params })
    }

    /// Sets the learning rate of the next steps.
    pub fn set_learning_rate(&mut self, lr: f64) {
        self.params.lr = lr;
    }

    /// One step down the gradient of `loss`.
    pub fn backward_step(&mut self, loss: &Tensor) -> Result<()> {
        let grads = loss.backward()?;
        self.step(&grads)
    }

    /// One step down `grads`, a gradient computed elsewhere (on several threads, say); a parameter it
    /// does not hold is left as it is.
    pub fn step(&mut self, grads: &GradStore) -> Result<()> {
        self.t += 1;
        let ParamsAdamW { lr, beta1, beta2, eps, weight_decay } = self.params;
        let scale_m = 1f64 / (1f64 - beta1.powi(self.t as i32));
        let scale_v = 1f64 / (1f64 - beta2.powi(self.t as i32));
        for ((theta, m), v) in self.vars.iter().zip(&self.m).zip(&self.v) {
            let Some(g) = grads.get(theta) else { continue };
            let next_m = ((m.as_tensor() * beta1)? + (g * (1.0 - beta1))?)?;
            let next_v = ((v.as_tensor() * beta2)? + (g.sqr()? * (1.0 - beta2))?)?;
            let m_hat = (&next_m * scale_m)?;
            let v_hat = (&next_v * scale_v)?;
            let next_theta = (theta.as_tensor() * (1f64 - lr * weight_decay))?;
            let adjusted = (m_hat / (v_hat.sqrt()? + eps)?)?;
            let next_theta = (next_theta - (adjusted * lr)?)?;
            m.set(&next_m)?;
            v.set(&next_v)?;
            theta.set(&next_theta)?;
        }
        Ok(())
    }

    /// The state to checkpoint: the steps taken and copies of the moments, in the parameters' order.
    pub fn state(&self) -> Result<(usize, Vec<Tensor>, Vec<Tensor>)> {
        let copy = |vs: &[Var]| vs.iter().map(|v| v.as_tensor().copy()).collect::<candle_core::Result<Vec<_>>>();
        Ok((self.t, copy(&self.m)?, copy(&self.v)?))
    }

    /// Restores a checkpointed state (moments of the parameters' shapes, in their order).
    pub fn restore(&mut self, t: usize, m: &[Tensor], v: &[Tensor]) -> Result<()> {
        if m.len() != self.m.len() || v.len() != self.v.len() {
            return Err(crate::error::NnError::Invalid("the checkpoint's moments do not match the network".into()));
        }
        for (var, value) in self.m.iter().zip(m).chain(self.v.iter().zip(v)) {
            var.set(value)?;
        }
        self.t = t;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::{DType, Device};
    use candle_nn::Optimizer;

    /// A few steps on a small least-squares problem.
    fn run(ours: bool) -> Vec<f32> {
        let dev = Device::Cpu;
        let w = Var::from_tensor(&Tensor::new(&[[0.3f32, -0.2], [0.1, 0.5]], &dev).unwrap()).unwrap();
        let x = Tensor::new(&[[1.0f32, 2.0], [-1.0, 0.5], [0.25, -3.0]], &dev).unwrap();
        let y = Tensor::new(&[[0.5f32, 1.0], [2.0, -1.0], [0.0, 0.75]], &dev).unwrap();
        let params = ParamsAdamW { lr: 0.01, weight_decay: 0.1, ..Default::default() };
        let mut a = AdamW::new(vec![w.clone()], params.clone()).unwrap();
        let mut b = candle_nn::AdamW::new(vec![w.clone()], params).unwrap();
        for step in 0..7 {
            let loss = (x.matmul(w.as_tensor()).unwrap() - &y).unwrap().sqr().unwrap().mean_all().unwrap();
            let lr = 0.01 / (1 + step) as f64;
            if ours {
                a.set_learning_rate(lr);
                a.backward_step(&loss).unwrap();
            } else {
                b.set_learning_rate(lr);
                b.backward_step(&loss).unwrap();
            }
        }
        w.as_tensor().to_dtype(DType::F32).unwrap().flatten_all().unwrap().to_vec1().unwrap()
    }

    #[test]
    fn the_update_is_candle_nns_bit_for_bit() {
        let (ours, theirs) = (run(true), run(false));
        assert_eq!(ours, theirs);
        assert_ne!(ours, vec![0.3, -0.2, 0.1, 0.5], "the steps moved the weights");
    }

    #[test]
    fn a_restored_state_continues_as_the_original() {
        let dev = Device::Cpu;
        let make = || Var::from_tensor(&Tensor::new(&[1.0f32, -2.0, 0.5], &dev).unwrap()).unwrap();
        let loss = |w: &Var| w.as_tensor().sqr().unwrap().sum_all().unwrap();
        let params = ParamsAdamW { lr: 0.05, ..Default::default() };
        let (w1, w2) = (make(), make());
        let mut a = AdamW::new(vec![w1.clone()], params.clone()).unwrap();
        for _ in 0..3 {
            a.backward_step(&loss(&w1)).unwrap();
        }
        let (t, m, v) = a.state().unwrap();
        w2.set(w1.as_tensor()).unwrap();
        let mut b = AdamW::new(vec![w2.clone()], params).unwrap();
        b.restore(t, &m, &v).unwrap();
        for _ in 0..3 {
            a.backward_step(&loss(&w1)).unwrap();
            b.backward_step(&loss(&w2)).unwrap();
        }
        assert_eq!(w1.as_tensor().to_vec1::<f32>().unwrap(), w2.as_tensor().to_vec1::<f32>().unwrap());
        assert!(b.restore(0, &[], &[]).is_err(), "moments of another network are refused");
    }
}
