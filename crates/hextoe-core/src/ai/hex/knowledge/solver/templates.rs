//! Edge templates: full connections between a cell and its own edge that H-search cannot build from its
//! parts, added to the connection builder as given (as MoHex's builder adds its pattern connections).
//! A template is a set of cells (its carrier) below an anchor cell at height 3 to 5 (its row's distance
//! from the edge; 1 touches it): with the anchor the player's and the carrier free of the opponent's
//! stones, the anchor joins the edge even if the opponent moves first.
//!
//! The shipped templates (`data/hex-edge-templates.txt`) were found by brute force with the solver
//! (`examples/edge_templates.rs`), and a test proves each again. They are written for Black's bottom edge;
//! the 180° turn gives the top edge, and the mirror across the a1 diagonal (column ↔ row, which keeps
//! every hex neighbourhood) gives White's.

use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::game::hex::Color;
use std::sync::OnceLock;

/// The shipped templates' file.
const SHIPPED: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/data/hex-edge-templates.txt"));

/// One template: the anchor's height and its carrier as (column, rows toward the edge) offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Template {
    /// The anchor's distance from its edge (1 touches it).
    pub height: usize,
    /// The carrier's cells, relative to the anchor, for Black's bottom edge.
    pub cells: Vec<(i32, i32)>,
}

/// Reads a templates file: per line the height, then `column,row` offsets; `#` starts a comment line.
/// `Err` says which line is wrong and why.
pub(crate) fn parse(text: &str) -> Result<Vec<Template>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |what: &str| format!("edge templates, line {}: {what}", i + 1);
        let mut words = line.split_whitespace();
        let height = words
            .next()
            .and_then(|w| w.parse::<usize>().ok())
            .filter(|h| (2..=8).contains(h))
            .ok_or_else(|| at("expected a height from 2 to 8 first"))?;
        let mut cells = Vec::new();
        for w in words {
            let (c, r) = w.split_once(',').ok_or_else(|| at("expected column,row offsets"))?;
            let (Ok(c), Ok(r)) = (c.parse::<i32>(), r.parse::<i32>()) else {
                return Err(at("an offset is not a pair of small numbers"));
            };
            if !(0..height as i32).contains(&r) || c.abs() > 16 || (r == 0 && c == 0) {
                return Err(at("an offset lies above the anchor, on it, or too far from it"));
            }
            cells.push((c, r));
        }
        out.push(Template { height, cells });
    }
    Ok(out)
}

/// The shipped templates (none if the file did not parse, which a test rules out).
pub(crate) fn shipped() -> &'static [Template] {
    static TEMPLATES: OnceLock<Vec<Template>> = OnceLock::new();
    TEMPLATES.get_or_init(|| parse(SHIPPED).unwrap_or_default())
}

/// One template placed on a board: the anchor cell, the edge (0 or 1 of the colour's two), and the
/// carrier's cells.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Placed<B> {
    /// The anchor's compact index.
    pub anchor: usize,
    /// Which of the colour's edges it joins: 0 (top, or left for White) or 1.
    pub edge: usize,
    /// The carrier.
    pub carrier: B,
}

/// Every shipped template of `color` that fits on the board of `geo`: the list the builder matches
/// against a position (computed once per board and colour by its caller).
pub(crate) fn placements<B: Bits>(geo: &Geometry<B>, color: Color) -> Vec<Placed<B>> {
    let n = geo.size() as i32;
    let mut out = Vec::new();
    for t in shipped() {
        let h = t.height as i32;
        if h > n {
            continue;
        }
        for edge in 0..2 {
            // Black's bottom edge is the templates' own frame; the top edge turns it by 180°.
            let turn = if edge == 1 { 1 } else { -1 };
            for along in 0..n {
                // The anchor as (column, row) in Black's frame.
                let row = if edge == 1 { n - h } else { h - 1 };
                let anchor = (along, row);
                let cells: Option<Vec<(i32, i32)>> = t
                    .cells
                    .iter()
                    .map(|&(dc, dr)| {
                        let (c, r) = (anchor.0 + turn * dc, anchor.1 + turn * dr);
                        ((0..n).contains(&c) && (0..n).contains(&r)).then_some((c, r))
                    })
                    .collect();
                let Some(cells) = cells else { continue };
                // White's frame is Black's mirrored across the a1 diagonal.
                let index = |(c, r): (i32, i32)| match color {
                    Color::Black => (r * n + c) as usize,
                    Color::White => (c * n + r) as usize,
                };
                let carrier = cells.iter().fold(B::ZERO, |b, &cell| b | B::bit(index(cell)));
                out.push(Placed { anchor: index(anchor), edge, carrier });
            }
        }
    }
    out
}

#[cfg(test)]
#[path = "templates_tests.rs"]
mod tests;
