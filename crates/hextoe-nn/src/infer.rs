//! Evaluating positions with a trained network: the move shares on the real board and the value.

use crate::dataset::MASKED;
use crate::error::{NnError, Result};
use crate::net::Net;
use crate::planes::{Frame, PLANES, Position, encode, encoded_len};
use candle_core::{D, Device, Tensor};

/// What the network says of one position.
#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    /// The share of each cell of the real board, row-major (0 on taken cells; they sum to 1).
    pub policy: Vec<f32>,
    /// The mover's expected outcome, −1 (loses) to 1 (wins).
    pub value: f32,
}

/// Evaluates `pos` in its canonical frame (no turn).
pub fn evaluate(net: &Net, pos: &Position) -> Result<Output> {
    let n = pos.size;
    if !(1..=crate::data::MAX_SIDE).contains(&n) || pos.cells.len() != n * n {
        return Err(NnError::Invalid(format!(
            "a position of side {n} with {} cells: the network takes sides 1 to {}",
            pos.cells.len(),
            crate::data::MAX_SIDE
        )));
    }
    let frame = Frame::of(n, pos.to_move, false);
    let mut x = vec![0f32; encoded_len(n)];
    encode(pos, frame, &mut x);
    let x = Tensor::from_vec(x, (1, PLANES, n + 2, n + 2), &Device::Cpu)?;
    let mask: Vec<f32> = (0..n * n).map(|k| if pos.cells[frame.real(k)].is_some() { MASKED } else { 0.0 }).collect();
    let (logits, value) = net.forward(&x, n)?;
    let logits = (logits + Tensor::from_vec(mask, (1, n * n), &Device::Cpu)?)?;
    let shares: Vec<f32> = candle_nn::ops::softmax(&logits, D::Minus1)?.flatten_all()?.to_vec1()?;
    let mut policy = vec![0f32; n * n];
    for (k, s) in shares.into_iter().enumerate() {
        policy[frame.real(k)] = s;
    }
    let value = value.flatten_all()?.to_vec1::<f32>()?.first().copied().unwrap_or(0.0);
    Ok(Output { policy, value })
}
