//! Finds edge templates by brute force, for the solver's connection builder: sets of empty cells below a
//! cell at height 3 to 5 (its row's distance from the player's own edge) within which a stone on that cell
//! connects to the edge even when the opponent moves first. H-search cannot derive most of them (a
//! template's connection is not made of its parts), so the builder adds them as given (see
//! `solver/templates.rs`). Writes the file `crates/hextoe-core/data/hex-edge-templates.txt`.
//!
//! `cargo run --release --example edge_templates -- [MAX_HEIGHT] > crates/hextoe-core/data/hex-edge-templates.txt`
//!
//! How: on a 15×15 board, Black's anchor stone stands at the given height in the middle column, joined
//! to the top edge by a column of Black stones; every other cell is White's, except a region below the
//! anchor. With White to move, Black wins exactly when the anchor joins the bottom edge inside the region
//! (White holds everything else, so White crosses under the anchor wherever Black does not connect).
//! The region starts as the cone of cells the anchor can reach going down, widened until Black wins; then
//! its cells are given to White one at a time, in several orders, keeping each removal after which Black
//! still wins. What is left is a minimal template; each order may leave a different one. Each template's
//! mirror image (the reflection that keeps the rows) is one too.

use hextoe::ai::Stop;
use hextoe::ai::hex::Proof;
use hextoe::ai::hex::solver::{Limits, Solver};
use hextoe::game::hex::{Board, Cell, Color};
use std::collections::BTreeSet;
use std::process::ExitCode;

/// The board side: room for a template of height 5 and its widening on both sides.
const N: i32 = 15;
/// The anchor's column.
const MIDDLE: i32 = 7;

/// A cell as an offset from the anchor: (columns, rows toward the edge).
type Offset = (i32, i32);

/// Whether the anchor at `height` joins the bottom edge within `region`, White to move.
fn connects(solver: &Solver, height: i32, region: &BTreeSet<Offset>) -> bool {
    let Ok(mut board) = Board::new(N as usize) else { return false };
    let anchor_row = N - height;
    for r in 0..N {
        for c in 0..N {
            let offset = (c - MIDDLE, r - anchor_row);
            let colour = if r < anchor_row || c == MIDDLE && r == anchor_row {
                if c == MIDDLE { Color::Black } else { Color::White }
            } else if region.contains(&offset) {
                continue;
            } else {
                Color::White
            };
            if let Some(cell) = Cell::new(c as usize, r as usize) {
                board.play(cell, colour);
            }
        }
    }
    let stop = Stop::new();
    let solved = solver.solve(&board, Color::White, &Limits::unlimited(&stop), &|_| {});
    solved.proof == Proof::Loss
}

/// The cells the anchor at `height` can reach going down, widened by `wide` columns on each side, and as
/// many on its own row.
fn cone(height: i32, wide: i32) -> BTreeSet<Offset> {
    let mut out: BTreeSet<Offset> = (-wide..=wide).filter(|&dc| dc != 0).map(|dc| (dc, 0)).collect();
    for k in 1..height {
        for dc in (-k - wide)..=wide {
            out.insert((dc, k));
        }
    }
    out
}

/// The reflection that keeps rows: (c, r) → (−c − r, r) is a symmetry of the hex grid.
fn mirror(t: &BTreeSet<Offset>) -> BTreeSet<Offset> {
    t.iter().map(|&(c, r)| (-c - r, r)).collect()
}

/// Removes cells of `region` in `order` while the anchor still connects: a minimal template.
fn minimise(solver: &Solver, height: i32, region: &BTreeSet<Offset>, order: &[Offset]) -> BTreeSet<Offset> {
    let mut t = region.clone();
    for cell in order {
        if !t.remove(cell) {
            continue;
        }
        if !connects(solver, height, &t) {
            t.insert(*cell);
        }
    }
    t
}

fn main() -> ExitCode {
    let max: i32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 4,
        Some(Ok(h)) if (3..=5).contains(&h) => h,
        Some(_) => {
            eprintln!("the largest height is 3, 4 or 5");
            return ExitCode::from(2);
        }
    };
    let solver = Solver::new(256);
    println!("# Edge templates found by examples/edge_templates.rs: per line, the anchor's height (its row's");
    println!("# distance from its own edge; 1 touches it), then the carrier's cells as offsets from the anchor,");
    println!("# column,rows-toward-the-edge, on a board whose edge is below (Black's bottom edge).");
    for height in 3..=max {
        let Some(region) = (0..6).map(|w| cone(height, w)).find(|r| connects(&solver, height, r)) else {
            eprintln!("no template of height {height} within the widest region");
            return ExitCode::FAILURE;
        };
        let cells: Vec<Offset> = region.iter().copied().collect();
        let far = |o: &Offset| -(o.0.abs() * 8 + o.1);
        let mut orders: Vec<Vec<Offset>> = Vec::new();
        let mut by_far = cells.clone();
        by_far.sort_by_key(far);
        orders.push(by_far.clone());
        let mut by_near = by_far.clone();
        by_near.reverse();
        orders.push(by_near);
        orders.push(cells.clone());
        orders.push(cells.iter().rev().copied().collect());
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..8 {
            let mut o = cells.clone();
            for i in (1..o.len()).rev() {
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                o.swap(i, (rng % (i as u64 + 1)) as usize);
            }
            orders.push(o);
        }
        let mut found: BTreeSet<BTreeSet<Offset>> = BTreeSet::new();
        for order in &orders {
            let t = minimise(&solver, height, &region, order);
            found.insert(mirror(&t));
            found.insert(t);
        }
        // A template that holds another adds nothing.
        let all: Vec<&BTreeSet<Offset>> = found.iter().collect();
        for t in &all {
            if all.iter().any(|u| u != t && u.is_subset(t)) {
                continue;
            }
            let cells: Vec<String> = t.iter().map(|(c, r)| format!("{c},{r}")).collect();
            println!("{height} {}", cells.join(" "));
        }
        eprintln!("height {height}: {} templates", found.len());
    }
    ExitCode::SUCCESS
}
