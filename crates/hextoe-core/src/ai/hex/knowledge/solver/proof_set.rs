//! Proof sets as the table stores them: a bit per cell of the canonical orientation (a position and its
//! 180° turn share one entry), packed into [`PROOF_WORDS`] words, and turned back to the position as it
//! stands when read.

use super::position::Key;
use super::tt::PROOF_WORDS;
use crate::ai::hex::knowledge::bitboard::Bits;

/// The words the table stores for the proof set `set` of the position of `key` (cells as it stands).
pub(super) fn pack<B: Bits>(key: Key, set: B) -> [u64; PROOF_WORDS] {
    let mut words = [0u64; PROOF_WORDS];
    for k in set.ones() {
        let j = key.orient(k);
        words[j / 64] |= 1 << (j % 64);
    }
    words
}

/// The proof set stored as `words` for the position of `key` on a board of `cells` cells, turned to the
/// position as it stands.
pub(super) fn unpack<B: Bits>(key: Key, words: &[u64], cells: usize) -> B {
    let mut set = B::ZERO;
    for (w, &word) in words.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let j = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if j < cells {
                set |= B::bit(key.orient(j));
            }
        }
    }
    set
}
