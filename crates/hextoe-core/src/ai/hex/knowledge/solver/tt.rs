//! The transposition table of proof and disproof numbers.

/// Proof and disproof numbers at or above this are infinite.
pub(crate) const INF: u32 = u32::MAX / 2;

/// One position's proof numbers, from the point of view of its side to move: `pn` estimates the work to
/// prove a win, `dn` to prove a loss; `pn == 0` is a proven win, `dn == 0` a proven loss.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    key: u64,
    /// Proof number.
    pub pn: u32,
    /// Disproof number.
    pub dn: u32,
    /// Positions searched below this one, to decide what to keep when slots collide.
    pub work: u32,
    /// The winning move (compact cell index) of a proven win, if a move is needed; `u16::MAX` if not.
    pub best: u16,
}

impl Entry {
    fn pack(&self) -> [u64; 3] {
        [self.key, u64::from(self.pn) << 32 | u64::from(self.dn), u64::from(self.work) << 16 | u64::from(self.best)]
    }

    fn unpack(w: &[u64; 3]) -> Entry {
        Entry { key: w[0], pn: (w[1] >> 32) as u32, dn: w[1] as u32, work: (w[2] >> 16) as u32, best: w[2] as u16 }
    }
}

/// Words of a stored proof set: 384 bits, enough for 19×19.
pub(crate) const PROOF_WORDS: usize = 6;

/// The cells a proof needs, as words (bit `k` of the set is cell `k`, as the table's key orients it).
pub(crate) type ProofSet = [u64; PROOF_WORDS];

/// A fixed-size table of two-entry buckets. A new entry replaces the bucket's entry with less work, so
/// expensive results — proofs above all — survive. Slots are stored as plain words, so a new table is
/// zeroed memory that the system hands out lazily.
///
/// Beside it, a direct-mapped table of *proof sets*: for a solved position, the cells its winner's proof
/// needs. A set that was overwritten is simply missing, which only costs pruning, never correctness.
#[derive(Clone, Debug)]
pub(crate) struct Tt {
    slots: Vec<[u64; 3]>,
    mask: usize,
    proofs: Vec<(u64, ProofSet)>,
    proof_mask: usize,
}

impl Tt {
    /// Bytes per entry.
    const ENTRY_BYTES: usize = std::mem::size_of::<[u64; 3]>();

    /// Bytes per stored proof set.
    const PROOF_BYTES: usize = std::mem::size_of::<(u64, ProofSet)>();

    /// A table of about `bytes` bytes (at least two buckets): three quarters for the numbers, a quarter
    /// for the proof sets.
    pub fn new(bytes: usize) -> Tt {
        let want = (bytes / 4 * 3 / Self::ENTRY_BYTES).max(4);
        let buckets = (want / 2).next_power_of_two().max(2);
        let buckets = if buckets * 2 > want { buckets / 2 } else { buckets }.max(2);
        let want = (bytes / 4 / Self::PROOF_BYTES).max(2);
        let proofs = if want.next_power_of_two() > want { want.next_power_of_two() / 2 } else { want };
        Tt {
            slots: vec![[0; 3]; buckets * 2],
            mask: buckets - 1,
            proofs: vec![(0, [0; PROOF_WORDS]); proofs],
            proof_mask: proofs - 1,
        }
    }

    /// The proof set stored for the solved position `key`, if it is still there.
    pub fn proof(&self, key: u64) -> Option<ProofSet> {
        let (k, set) = self.proofs[(key as usize) & self.proof_mask];
        // Key 0 marks an empty slot; a position whose key is 0 just never has its set found.
        (k == key && k != 0).then_some(set)
    }

    /// Stores the proof set of the solved position `key`, replacing whatever shared its slot.
    pub fn store_proof(&mut self, key: u64, set: ProofSet) {
        self.proofs[(key as usize) & self.proof_mask] = (key, set);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key as usize) & self.mask) * 2
    }

    /// The entry of `key`, if stored.
    #[inline]
    pub fn get(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        // An empty slot has pn = dn = 0, which no stored entry has.
        self.slots[b..b + 2].iter().find(|w| w[0] == key && w[1] != 0).map(Entry::unpack)
    }

    /// Stores the numbers of `key`.
    pub fn store(&mut self, key: u64, pn: u32, dn: u32, work: u64, best: Option<usize>) {
        let b = self.bucket(key);
        // Proofs are worth more than any estimate.
        let work = if pn == 0 || dn == 0 { u32::MAX } else { work.min(u64::from(u32::MAX - 1)) as u32 };
        let e = Entry { key, pn, dn, work, best: best.map_or(u16::MAX, |k| k as u16) };
        let [s0, s1] = [Entry::unpack(&self.slots[b]), Entry::unpack(&self.slots[b + 1])];
        let slot = if s0.key == key {
            b
        } else if s1.key == key {
            b + 1
        } else if s0.work <= s1.work {
            b
        } else {
            b + 1
        };
        let old = Entry::unpack(&self.slots[slot]);
        if old.key != key && old.work > e.work {
            // Both slots hold more valuable entries; age the weaker one so that it can be replaced later.
            self.slots[slot][2] = (u64::from(old.work / 2) << 16) | u64::from(old.best);
            return;
        }
        self.slots[slot] = e.pack();
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.slots.fill([0; 3]);
        self.proofs.fill((0, [0; PROOF_WORDS]));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_survive_collisions() {
        let mut t = Tt::new(4 * Tt::ENTRY_BYTES);
        let buckets = t.slots.len() / 2;
        let keys: Vec<u64> = (1..=4).map(|i| i * buckets as u64).collect();
        t.store(keys[0], 0, INF, 1, Some(7));
        t.store(keys[1], 3, 4, 10, None);
        t.store(keys[2], 5, 5, 1, None);
        assert_eq!(t.get(keys[0]).map(|e| (e.pn, e.best)), Some((0, 7)));
        assert!(t.get(keys[1]).is_some());
        assert!(t.get(keys[2]).is_none(), "a cheap entry does not evict costlier ones");
        t.store(keys[1], 2, 9, 12, None);
        assert_eq!(t.get(keys[1]).map(|e| (e.pn, e.dn)), Some((2, 9)));
        assert!(t.get(99).is_none());
    }

    #[test]
    fn proof_sets_are_found_by_their_key_and_replaced_by_their_slot_mate() {
        let mut t = Tt::new(1 << 16);
        let slots = t.proofs.len() as u64;
        let set = |w: u64| [w, 0, 0, 0, 0, w];
        t.store_proof(5, set(7));
        assert_eq!(t.proof(5), Some(set(7)));
        assert_eq!(t.proof(5 + slots), None, "another key in the same slot");
        t.store_proof(5 + slots, set(9));
        assert_eq!((t.proof(5), t.proof(5 + slots)), (None, Some(set(9))));
        t.clear();
        assert_eq!(t.proof(5 + slots), None);
    }
}
