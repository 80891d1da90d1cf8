//! The learned table: a strength (γ) for each shape, read from `crates/hextoe-core/data/hex-patterns.txt`.
//!
//! The file is text, one shape a line: the key in seven hexadecimal digits and its γ, e.g. `0000401 3.25`
//! (keys from `1000000` on are small shapes, the six neighbours only, from `2000000` on the playouts'
//! six-neighbour shapes among every empty cell, and from `2001000` on the same as replies next to the last
//! stone, see [`REPLY`](super::shape::REPLY)). Lines starting with `#` are
//! comments. A shape the table does not list takes the strength of its small shape, and a small shape it
//! does not list has γ = 1, the strength every shape starts from before training. The shipped table is
//! embedded in the binary and read once.

use super::shape::{Near, SMALL, small};
use std::sync::OnceLock;

/// The shipped table's text.
const SHIPPED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/hex-patterns.txt"));

/// The largest γ a table may give: beyond it one shape would drown every other, and a file that says more
/// is wrong.
const MAX_GAMMA: f32 = 1.0e6;

/// Shapes and their strengths: the list sorted by key, plus an open-addressed index of the full shapes
/// and a direct table of the small ones, because the tree search looks up every child of every new node.
#[derive(Clone, Debug)]
pub struct PatternTable {
    entries: Vec<(u32, f32)>,
    /// Full shapes by hash, linear probing; a power of two long, at most half full. Empty slots hold
    /// [`NO_KEY`].
    index: Vec<(u32, f32)>,
    /// γ of each small shape by its six-neighbour bits (1 where the table lists none).
    small: Vec<f32>,
    /// The prior's last-move factors, adjacent and bridge partner (1 where the table lists none), read
    /// once here because expansion asks for them at every new node.
    near: [f32; 2],
}

impl Default for PatternTable {
    /// The empty table: every γ and every last-move factor is 1.
    fn default() -> PatternTable {
        PatternTable::from_entries(Vec::new())
    }
}

impl PartialEq for PatternTable {
    fn eq(&self, other: &PatternTable) -> bool {
        self.entries == other.entries
    }
}

/// No key can be this (keys are below 2²⁶): marks an empty slot of the index.
const NO_KEY: u32 = u32::MAX;

/// The index slot a full shape's key starts probing from.
#[inline]
fn slot(key: u32, mask: usize) -> usize {
    (key.wrapping_mul(0x9e37_79b1) >> 7) as usize & mask
}

impl PatternTable {
    /// The table shipped in `assets/`; empty (every γ = 1) if it could not be read, which the tests rule out.
    pub fn shipped() -> &'static PatternTable {
        static TABLE: OnceLock<PatternTable> = OnceLock::new();
        TABLE.get_or_init(|| PatternTable::parse(SHIPPED).unwrap_or_default())
    }

    /// A table from its entries; later entries for the same key win.
    pub fn from_entries(mut entries: Vec<(u32, f32)>) -> PatternTable {
        entries.reverse();
        entries.sort_by_key(|e| e.0);
        entries.dedup_by_key(|e| e.0);
        let full: Vec<(u32, f32)> = entries.iter().copied().filter(|e| e.0 < SMALL).collect();
        let len = (full.len() * 2).next_power_of_two().max(16);
        let mut index = vec![(NO_KEY, 1.0); len];
        for (key, g) in full {
            let mut i = slot(key, len - 1);
            while index[i].0 != NO_KEY {
                i = (i + 1) & (len - 1);
            }
            index[i] = (key, g);
        }
        let mut small = vec![1.0; 4096];
        for &(key, g) in &entries {
            if key & !0xfff == SMALL {
                small[(key & 0xfff) as usize] = g;
            }
        }
        let listed = |key: u32| entries.binary_search_by_key(&key, |e| e.0).ok().map_or(1.0, |i| entries[i].1);
        let near = [listed(Near::Adjacent.key()), listed(Near::Bridge.key())];
        PatternTable { entries, index, small, near }
    }

    /// Reads a table, or says which line is wrong and what was expected.
    pub fn parse(text: &str) -> Result<PatternTable, String> {
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: &str| format!("pattern table line {}: {what}", i + 1);
            let mut parts = line.split_whitespace();
            let (Some(key), Some(gamma), None) = (parts.next(), parts.next(), parts.next()) else {
                return Err(bad("expected a key and a strength, e.g. `0000401 3.25`"));
            };
            let key = u32::from_str_radix(key, 16)
                .ok()
                .filter(|k| *k < 1 << 26 && key.len() == 7)
                .ok_or_else(|| bad("the key must be seven hexadecimal digits, below 4000000"))?;
            let gamma: f32 = gamma
                .parse()
                .ok()
                .filter(|g: &f32| g.is_finite() && *g > 0.0 && *g <= MAX_GAMMA)
                .ok_or_else(|| bad("the strength must be a number above 0 and at most 1000000"))?;
            entries.push((key, gamma));
        }
        Ok(PatternTable::from_entries(entries))
    }

    /// The table as text, in the format [`PatternTable::parse`] reads.
    pub fn to_text(&self) -> String {
        self.entries.iter().map(|(k, g)| format!("{k:07x} {g:.4}\n")).collect()
    }

    /// The strength of a full shape (a key below [`SMALL`]): its own γ, else its small shape's, else 1.
    #[inline]
    pub fn gamma(&self, key: u32) -> f32 {
        let mask = self.index.len().wrapping_sub(1);
        if mask != usize::MAX {
            let mut i = slot(key, mask);
            loop {
                match self.index[i] {
                    (NO_KEY, _) => break,
                    (k, g) if k == key => return g,
                    _ => i = (i + 1) & mask,
                }
            }
        }
        self.small.get((small(key) & 0xfff) as usize).copied().unwrap_or(1.0)
    }

    /// The prior's factor for a cell at `place` from the last stone: the table's entry for
    /// [`Near::key`], 1 for [`Near::Far`] or where the table lists none.
    #[inline]
    pub fn near(&self, place: Near) -> f32 {
        match place {
            Near::Far => 1.0,
            Near::Adjacent => self.near[0],
            Near::Bridge => self.near[1],
        }
    }

    /// The γ the table lists for exactly this key.
    #[inline]
    pub fn listed(&self, key: u32) -> Option<f32> {
        self.entries.binary_search_by_key(&key, |e| e.0).ok().map(|i| self.entries[i].1)
    }

    /// Number of shapes listed.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if no shape is listed (every γ is 1).
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_table_loads_and_is_not_empty() {
        let parsed = PatternTable::parse(SHIPPED);
        assert!(parsed.is_ok(), "{parsed:?}");
        assert!(PatternTable::shipped().len() > 100);
        // Some shape is learned to be clearly stronger than an unknown one.
        assert!(PatternTable::shipped().entries.iter().any(|e| e.1 > 2.0));
    }

    #[test]
    fn parse_round_trips_and_unknown_shapes_fall_back_to_their_small_shape_then_one() {
        let t = PatternTable::from_entries(vec![(0x000401, 3.25), (0x00_0001, 0.5), (small(0x00_0002), 2.0)]);
        let back = PatternTable::parse(&t.to_text());
        assert_eq!(back.as_ref().ok(), Some(&t));
        assert_eq!(t.gamma(0x000401), 3.25);
        assert_eq!(t.gamma(0x10_0002), 2.0, "unlisted: its neighbours' strength");
        assert_eq!(t.gamma(0x000003), 1.0, "neither listed");
        // Many keys, all found through the index.
        let many: Vec<(u32, f32)> = (0..5000u32).map(|k| (k * 3331 % (1 << 24), 1.0 + k as f32)).collect();
        let t = PatternTable::from_entries(many.clone());
        assert!(many.iter().all(|&(k, g)| t.gamma(k) == g));
    }

    #[test]
    fn the_last_move_factors_are_the_listed_entries_or_one() {
        let t = PatternTable::from_entries(vec![(Near::Adjacent.key(), 7.5), (0x000401, 3.25)]);
        assert_eq!((t.near(Near::Adjacent), t.near(Near::Bridge), t.near(Near::Far)), (7.5, 1.0, 1.0));
        let empty = PatternTable::default();
        assert_eq!((empty.near(Near::Adjacent), empty.near(Near::Bridge)), (1.0, 1.0));
        let shipped = PatternTable::shipped();
        assert_eq!(Some(shipped.near(Near::Bridge)), shipped.listed(Near::Bridge.key()));
    }

    #[test]
    fn bad_lines_are_refused_with_their_line_number() {
        for (text, needle) in [
            ("# c\n0000401\n", "line 2: expected a key"),
            ("zz00401 1.0\n", "seven hexadecimal"),
            ("4000000 1.0\n", "seven hexadecimal"),
            ("000401 1.0\n", "seven hexadecimal"),
            ("0000401 -1\n", "above 0"),
            ("0000401 NaN\n", "above 0"),
            ("0000401 1e9\n", "at most"),
            ("0000401 1.0 extra\n", "expected a key"),
            ("００００４０１ 1.0\n", "seven hexadecimal"),
        ] {
            let err = PatternTable::parse(text).err().unwrap_or_default();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }
}
