//! The network's parameters: their names and shapes, and their seeded starting values.
//!
//! candle cannot seed its CPU random numbers, so the starting values are drawn here from a SplitMix64
//! stream of the seed: the same seed gives the same network on every machine and candle version.
//! Convolutions and linear layers start He-uniform (bound √(6 / fan-in), right for ReLU), biases at
//! zero; the second convolution of each residual block starts ten times smaller, so that every block starts
//! close to the identity and the trunk trains without normalisation.

use crate::net::NetConfig;
use crate::planes::PLANES;
use candle_core::{Device, Tensor};

/// A small seeded random stream (SplitMix64): reproducible, with no dependency on a library's algorithm.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// The stream of `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The stream's state: [`SplitMix::new`] of it continues the stream from here (a checkpoint keeps it).
    pub fn state(&self) -> u64 {
        self.0
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A uniform index below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// Every parameter's name, shape and fan-in (0 for biases), in a fixed order.
pub fn parameters(cfg: NetConfig) -> Vec<(String, Vec<usize>, usize)> {
    let c = cfg.channels;
    let mut out = Vec::new();
    let mut conv = |name: String, cin: usize, cout: usize, k: usize| {
        out.push((format!("{name}.weight"), vec![cout, cin, k, k], cin * k * k));
        out.push((format!("{name}.bias"), vec![cout], 0));
    };
    conv("stem".into(), PLANES, c, 3);
    for i in 0..cfg.blocks {
        conv(format!("blocks.{i}.conv1"), c, c, 3);
        conv(format!("blocks.{i}.conv2"), c, c, 3);
    }
    conv("policy".into(), c, 1, 1);
    conv("value.conv".into(), c, c, 1);
    out.push(("value.fc1.weight".into(), vec![c, c], c));
    out.push(("value.fc1.bias".into(), vec![c], 0));
    out.push(("value.fc2.weight".into(), vec![1, c], c));
    out.push(("value.fc2.bias".into(), vec![1], 0));
    out
}

/// The number of parameters of a network of shape `cfg`.
pub fn parameter_count(cfg: NetConfig) -> usize {
    parameters(cfg).iter().map(|(_, s, _)| s.iter().product::<usize>()).sum()
}

/// The seeded starting values of every parameter, by name.
pub fn initial(cfg: NetConfig, seed: u64) -> candle_core::Result<Vec<(String, Tensor)>> {
    let mut rng = SplitMix::new(seed);
    parameters(cfg)
        .into_iter()
        .map(|(name, shape, fan_in)| {
            let len: usize = shape.iter().product();
            let data: Vec<f32> = if fan_in == 0 {
                vec![0.0; len]
            } else {
                let small = if name.contains(".conv2.") { 0.1 } else { 1.0 };
                let bound = small * (6.0 / fan_in as f64).sqrt();
                (0..len).map(|_| ((rng.unit() * 2.0 - 1.0) * bound) as f32).collect()
            };
            Ok((name, Tensor::from_vec(data, shape, &Device::Cpu)?))
        })
        .collect()
}
