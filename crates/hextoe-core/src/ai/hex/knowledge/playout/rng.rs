//! A small, fast generator for playouts.
//!
//! A playout draws about one random number per empty cell, so the generator is a large share of its cost.
//! wyrand (Wang Yi's generator, as in `fastrand`) passes BigCrush, needs one multiplication per number and
//! is seeded from the caller's `Rng`, so a seeded search stays reproducible.

use rand::Rng;

/// wyrand: 64 bits of state, one 128-bit multiplication per number.
#[derive(Clone, Debug)]
pub struct FastRng(u64);

impl FastRng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> FastRng {
        FastRng(seed)
    }

    /// A generator seeded from another generator.
    pub(crate) fn from_rng<R: Rng + ?Sized>(rng: &mut R) -> FastRng {
        FastRng(rng.next_u64())
    }

    /// The next 64 random bits.
    #[inline]
    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = u128::from(self.0) * u128::from(self.0 ^ 0xe703_7ed1_a0b4_28db);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in [0, 1), for weighted choices.
    #[inline]
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    /// A number in `0..n` (Lemire's multiply-shift; the bias is below 2⁻³² for the small `n` playouts use).
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_covers_the_range_evenly() {
        let mut r = FastRng::new(7);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6)] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
        assert_ne!(FastRng::new(1).next_u64(), FastRng::new(2).next_u64());
    }
}
