//! Compact bitboards: one bit per cell at index `row * n + col`, with no padding.
//!
//! The rules layer's [`CellSet`](crate::game::hex::CellSet) always spends 384 bits so that a cell means the
//! same square on every board. Playouts, the tree search and the solver instead pick the smallest word that
//! holds the board — `u64` up to 8×8, `u128` up to 11×11, [`Wide`] beyond — and are generic over [`Bits`], so
//! the hot loops on the common sizes are plain integer operations.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// A fixed-width set of cell indices with word-parallel operations. Shifts move every member by the same
/// number of indices, which is how neighbourhoods are computed (see
/// [`Geometry::dilate`](super::Geometry::dilate)).
pub trait Bits:
    Copy
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// How many cells fit.
    const CAPACITY: usize;
    /// The empty set.
    const ZERO: Self;

    /// The set holding only index `i`.
    fn bit(i: usize) -> Self;

    /// True if index `i` is a member.
    fn has(self, i: usize) -> bool;

    /// Number of members.
    fn count(self) -> u32;

    /// The smallest member.
    fn lowest(self) -> Option<usize>;

    /// The set without its smallest member (`x & (x - 1)`).
    fn drop_lowest(self) -> Self;

    /// True if the set has no member.
    #[inline]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// Members of `self` that are not in `o`.
    #[inline]
    fn minus(self, o: Self) -> Self {
        self & !o
    }

    /// True if the sets share a member.
    #[inline]
    fn meets(self, o: Self) -> bool {
        !(self & o).is_zero()
    }

    /// True if every member of `self` is in `o`.
    #[inline]
    fn subset_of(self, o: Self) -> bool {
        self.minus(o).is_zero()
    }

    /// The members, smallest first.
    #[inline]
    fn ones(self) -> Ones<Self> {
        Ones(self)
    }
}

/// Iterator over the members of a [`Bits`] set, smallest first.
#[derive(Clone, Debug)]
pub struct Ones<B>(B);

impl<B: Bits> Iterator for Ones<B> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        let i = self.0.lowest()?;
        self.0 = self.0.drop_lowest();
        Some(i)
    }
}

macro_rules! prim_bits {
    ($t:ty) => {
        impl Bits for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;

            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline]
            fn has(self, i: usize) -> bool {
                self >> i & 1 != 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline]
            fn drop_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

prim_bits!(u64);
prim_bits!(u128);

const WIDE_WORDS: usize = 6;

/// 384 bits, enough for 19×19; used for boards larger than 11×11.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Wide([u64; WIDE_WORDS]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline]
    fn bitand(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline]
    fn bitor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl BitXor for Wide {
    type Output = Wide;
    #[inline]
    fn bitxor(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}

impl BitAndAssign for Wide {
    #[inline]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}

impl BitOrAssign for Wide {
    #[inline]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl Shl<u32> for Wide {
    type Output = Wide;
    #[allow(clippy::suspicious_arithmetic_impl)]
    /// Shift towards higher indices by `k < 64`.
    #[inline]
    fn shl(self, k: u32) -> Wide {
        if k == 0 {
            return self;
        }
        let w = self.0;
        Wide(std::array::from_fn(|i| if i == 0 { w[0] << k } else { w[i] << k | w[i - 1] >> (64 - k) }))
    }
}

impl Shr<u32> for Wide {
    type Output = Wide;
    #[allow(clippy::suspicious_arithmetic_impl)]
    /// Shift towards lower indices by `k < 64`.
    #[inline]
    fn shr(self, k: u32) -> Wide {
        if k == 0 {
            return self;
        }
        let w = self.0;
        Wide(std::array::from_fn(|i| if i == WIDE_WORDS - 1 { w[i] >> k } else { w[i] >> k | w[i + 1] << (64 - k) }))
    }
}

impl Bits for Wide {
    const CAPACITY: usize = 64 * WIDE_WORDS;
    const ZERO: Self = Wide([0; WIDE_WORDS]);

    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; WIDE_WORDS];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        self.0.iter().position(|&w| w != 0).map(|i| i * 64 + self.0[i].trailing_zeros() as usize)
    }
    #[inline]
    fn drop_lowest(self) -> Self {
        let mut w = self.0;
        if let Some(i) = w.iter().position(|&x| x != 0) {
            w[i] &= w[i] - 1;
        }
        Wide(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: Bits>() {
        let last = B::CAPACITY - 1;
        let s = B::bit(0) | B::bit(5) | B::bit(last);
        assert_eq!(s.count(), 3);
        assert_eq!(s.ones().collect::<Vec<_>>(), vec![0, 5, last]);
        assert!(s.has(5) && !s.has(4));
        assert_eq!((s << 1).ones().collect::<Vec<_>>(), vec![1, 6]);
        assert_eq!((s >> 1).ones().collect::<Vec<_>>(), vec![4, last - 1]);
        assert_eq!((B::bit(63) << 1).lowest(), Some(64));
        assert_eq!((B::bit(64) >> 19).lowest(), Some(45));
        assert!(B::bit(3).subset_of(s | B::bit(3)) && !B::bit(3).subset_of(s));
        assert!(s.meets(B::bit(5)) && !s.meets(B::bit(6)));
        assert_eq!(B::ZERO.lowest(), None);
        assert_eq!(s.drop_lowest().lowest(), Some(5));
    }

    #[test]
    fn every_width_agrees() {
        check::<u128>();
        check::<Wide>();
        let s: u64 = 0b1011;
        assert_eq!(s.ones().collect::<Vec<_>>(), vec![0, 1, 3]);
    }
}
