//! The network: a small residual CNN with a policy head (a logit per cell) and a value head (tanh).
//!
//! Trunk: a 3×3 convolution from the [`crate::planes`] to `channels` channels, then `blocks` residual blocks
//! (two 3×3 convolutions with a ReLU between, added to the block's input, then a ReLU). There is no batch
//! normalisation: the second convolution of each block starts small instead (see [`crate::init`]), which
//! trains as well at this depth and keeps inference a plain chain of convolutions.
//!
//! Heads, both fully convolutional, so one network serves every board side up to
//! [`crate::data::MAX_SIDE`]:
//! - policy: a 1×1 convolution to one channel, read on the board (the frame cut away): a logit per cell,
//!   row-major in the canonical frame;
//! - value: a 1×1 convolution and ReLU, the mean over the board's cells, two linear layers: tanh of the
//!   result estimates the mover's outcome, −1 (loses) to 1 (wins).

use crate::error::Result;
use candle_core::{Module, Tensor};
use candle_nn::{Linear, VarBuilder};

/// The network's shape: the settings stored in the weights file's metadata.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NetConfig {
    /// Residual blocks in the trunk.
    pub blocks: usize,
    /// Channels of every trunk convolution.
    pub channels: usize,
}

impl NetConfig {
    /// The largest settings a weights file may ask for: more would be a network far beyond this crate's
    /// purpose (and a file claiming it is wrong).
    pub const MAX_BLOCKS: usize = 40;
    /// See [`NetConfig::MAX_BLOCKS`].
    pub const MAX_CHANNELS: usize = 256;

    /// The default: 8 blocks of 32 channels, about 150,000 parameters, cheap enough for hundreds of
    /// evaluations in a second's search on one core.
    pub const DEFAULT: NetConfig = NetConfig { blocks: 8, channels: 32 };

    /// Checks the settings are within bounds.
    pub fn check(self) -> std::result::Result<NetConfig, String> {
        if !(1..=Self::MAX_BLOCKS).contains(&self.blocks) || !(1..=Self::MAX_CHANNELS).contains(&self.channels) {
            return Err(format!(
                "{} blocks of {} channels: expected 1 to {} blocks and 1 to {} channels",
                self.blocks,
                self.channels,
                Self::MAX_BLOCKS,
                Self::MAX_CHANNELS
            ));
        }
        Ok(self)
    }
}

/// A convolution over channels-last activations (`[batch, side, side, channels]`): one matrix product of
/// the gathered patches ([`crate::patches`], which says why) by the kernels. The weights keep candle's
/// layout, so a weights file reads the same as with candle's `conv2d`.
struct Conv {
    /// `[cout, cin, k, k]`, candle's layout. It is laid out as a matrix at each call, not once: a training
    /// step updates the variable in place, and a copy taken here would not follow.
    weight: Tensor,
    bias: Tensor,
    k: usize,
}

impl Conv {
    fn new(cin: usize, cout: usize, k: usize, vb: VarBuilder) -> Result<Conv> {
        Ok(Conv { weight: vb.get((cout, cin, k, k), "weight")?, bias: vb.get(cout, "bias")?, k })
    }

    /// The convolution of `x` (`[batch, side, side, cin]`), padded so that the output has the input's side.
    fn forward(&self, x: &Tensor) -> Result<Tensor> {
        let (batch, side, _, cin) = x.dims4()?;
        let patches =
            if self.k == 1 { x.reshape((batch * side * side, cin))? } else { crate::patches::patches(x, self.k)? };
        // Row `(dy·k + dx)·cin + ci` of the kernel matrix is tap (dy, dx) of input channel ci, as in `patches`.
        let kernel = self.weight.permute((2, 3, 1, 0))?.reshape((self.k * self.k * cin, ()))?;
        let out = patches.matmul(&kernel)?.broadcast_add(&self.bias)?;
        Ok(out.reshape((batch, side, side, ()))?)
    }
}

/// One residual block.
struct Block {
    conv1: Conv,
    conv2: Conv,
}

/// The network, ready to evaluate (and to train, when built over trainable variables).
pub struct Net {
    config: NetConfig,
    stem: Conv,
    blocks: Vec<Block>,
    policy: Conv,
    value_conv: Conv,
    value_fc1: Linear,
    value_fc2: Linear,
}

impl Net {
    /// Builds the network from the variables in `vb` (named as in [`crate::init::parameters`]); an error
    /// if one is missing or of the wrong shape.
    pub fn new(config: NetConfig, vb: &VarBuilder) -> Result<Net> {
        let c = config.channels;
        let conv = |name: &str, cin, cout, k| Conv::new(cin, cout, k, vb.pp(name));
        let stem = conv("stem", crate::planes::PLANES, c, 3)?;
        let blocks = (0..config.blocks)
            .map(|i| {
                Ok(Block {
                    conv1: conv(&format!("blocks.{i}.conv1"), c, c, 3)?,
                    conv2: conv(&format!("blocks.{i}.conv2"), c, c, 3)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Net {
            config,
            stem,
            blocks,
            policy: conv("policy", c, 1, 1)?,
            value_conv: conv("value.conv", c, c, 1)?,
            value_fc1: candle_nn::linear(c, c, vb.pp("value.fc1"))?,
            value_fc2: candle_nn::linear(c, 1, vb.pp("value.fc2"))?,
        })
    }

    /// The network's shape.
    pub fn config(&self) -> NetConfig {
        self.config
    }

    /// Evaluates a batch of encoded positions `x` (`[batch, PLANES, n+2, n+2]`, see [`crate::planes`]) of
    /// side `n`: the policy logits `[batch, n*n]` (canonical frame, occupied cells not yet masked) and the
    /// values `[batch]` (tanh, the mover's view).
    pub fn forward(&self, x: &Tensor, n: usize) -> Result<(Tensor, Tensor)> {
        let mut h = self.stem.forward(&x.permute((0, 2, 3, 1))?)?.relu()?;
        for b in &self.blocks {
            let r = b.conv1.forward(&h)?.relu()?;
            let r = b.conv2.forward(&r)?;
            h = (h + r)?.relu()?;
        }
        let batch = x.dim(0)?;
        let board = |t: Tensor| -> Result<Tensor> { Ok(t.narrow(1, 1, n)?.narrow(2, 1, n)?) };
        let policy = board(self.policy.forward(&h)?)?.reshape((batch, n * n))?;
        let v = board(self.value_conv.forward(&h)?.relu()?)?;
        let v = v.reshape((batch, n * n, ()))?.mean(1)?;
        let v = self.value_fc1.forward(&v)?.relu()?;
        let value = self.value_fc2.forward(&v)?.tanh()?.squeeze(1)?;
        Ok((policy, value))
    }
}
