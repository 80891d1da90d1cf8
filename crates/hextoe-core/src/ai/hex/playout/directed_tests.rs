//! Tests of the directed replies: the playouts read, for each of the last stone's twelve near cells, the
//! strength that training gave the same cell, shape and side of the stone.

use super::*;
use crate::ai::hex::bitboard::Bits;
use crate::ai::hex::patterns::Shapes;
use crate::ai::hex::patterns::shape::{DIRECTED, directed_fallback, directed_shape, turned_slot};
use crate::ai::hex::patterns::train::{examples_from_game, fit_directed};
use crate::ai::hex::playout::{FastRng, PlayBoard};
use crate::game::hex::{Board, Cell, Color};

/// A random `n`×`n` playout board with `stones` stones, the turn passing after each.
fn random_board(n: usize, stones: usize, rng: &mut FastRng) -> PlayBoard<u128> {
    let board = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
    let mut b = PlayBoard::<u128>::new(&board, Color::Black).unwrap_or_else(|| panic!("{n}×{n} fits"));
    for _ in 0..stones {
        let empty: Vec<usize> = b.empty_cells().ones().collect();
        b.play(empty[rng.below(empty.len())]);
    }
    b
}

#[test]
fn the_playouts_read_each_near_cell_by_the_key_training_gives_it() {
    // Each near cell gets a distinct strength by its training key, so a cell read in the wrong frame, on
    // the wrong side of the stone or by the wrong ring would read another cell's strength.
    let mut rng = FastRng::new(9);
    for n in [4, 7, 11] {
        let shapes = Shapes::new(n);
        let mut keys: Vec<u32> = Vec::new();
        let mut cases = Vec::new();
        for round in 0..60 {
            let b = random_board(n, round % (n * n - 1) + 1, &mut rng);
            let (black, white) = (b.stones(Color::Black), b.stones(Color::White));
            for last in (black | white).ones() {
                for mover in [Color::Black, Color::White] {
                    let (mine, theirs) = if mover == Color::Black { (black, white) } else { (white, black) };
                    for (k, _) in shapes.around(last) {
                        // The two obtuse corner cells (three neighbours each) touch the point beyond the
                        // corner, which training counts as a corner and the playouts' padded board as a
                        // Black edge stone; and a taken cell is never a reply.
                        let obtuse = k == n - 1 || k == n * (n - 1);
                        if obtuse || (black | white).has(k) {
                            continue;
                        }
                        let (key, turned) = shapes.key_turned(k, mover, mine, theirs);
                        let slot = shapes.slot_from(last, k, mover).unwrap_or_else(|| panic!("k is near"));
                        let slot = if turned { turned_slot(slot) } else { slot };
                        let want = directed_shape(slot, key);
                        keys.push(want);
                        cases.push((b.clone(), last, k, mover, want));
                    }
                }
            }
        }
        keys.sort_unstable();
        keys.dedup();
        let table = PatternTable::from_entries(keys.iter().enumerate().map(|(i, &k)| (k, 2.0 + i as f32)).collect());
        let policy = LocalPolicy::new(&table, Fit::Directed);
        for (b, last, k, mover, want) in cases {
            let (p, q) = (usize::from(b.pad[last]), usize::from(b.pad[k]));
            let (tables, reach) = policy.near_cells(mover);
            assert_eq!(reach, 12);
            let i = (0..12).find(|&i| p.wrapping_add_signed(b.ring[i]) == q).unwrap_or_else(|| panic!("near"));
            let got = tables[i][b.pattern(q)];
            assert_eq!(Some(got), table.listed(want), "{n}×{n}: cell {k} from {last}, {mover:?} to move");
        }
    }
}

#[test]
fn the_directed_fit_tells_the_sides_of_the_stone_apart() {
    // After a lone White stone in the middle of a 9×9 board, Black answers on one of its bridge partners
    // six times as often as on the next one round. Both partners' rings are empty, so the replies' fit,
    // which knows the ring alone, cannot tell them apart; the directed fit must.
    let n = 9;
    let shapes = Shapes::new(n);
    let centre = 4 * n + 4;
    let partners: Vec<usize> = shapes.around(centre).skip(6).map(|(k, _)| k).collect();
    let (front, back) = (partners[0], partners[1]);
    let mut rng = FastRng::new(4);
    let mut examples = Vec::new();
    for _ in 0..3000 {
        // A game of two moves: White's stone (after a Black stone in a corner) and Black's answer.
        let answer = match rng.below(10) {
            0..6 => front,
            6 => back,
            _ => loop {
                let k = rng.below(n * n);
                if k != centre && k != 0 && !partners.contains(&k) {
                    break k;
                }
            },
        };
        let cells: Vec<Cell> = [0, centre, answer].iter().filter_map(|&k| Cell::new(k % n, k / n)).collect();
        examples.extend(examples_from_game(n, &cells).into_iter().skip(2));
    }
    let table = fit_directed(&examples, 50, 1);
    let ring = |k: usize| shapes.key_turned(k, Color::Black, 1u128, 1u128 << centre);
    let strength = |k: usize| {
        let (key, turned) = ring(k);
        let slot = shapes.slot_from(centre, k, Color::Black).unwrap_or_else(|| panic!("a partner"));
        let slot = if turned { turned_slot(slot) } else { slot };
        table.listed(directed_shape(slot, key)).unwrap_or_else(|| panic!("the partner at {k} is listed"))
    };
    let far = table.listed(DIRECTED).unwrap_or_else(|| panic!("γ₀ is listed"));
    assert_eq!(ring(front).0 & 0xfff, ring(back).0 & 0xfff, "the two partners' rings look alike");
    assert!(strength(front) > 3.0 * strength(back), "front {} back {}", strength(front), strength(back));
    assert!(strength(back) > far, "the back partner is still chosen more often than a far cell");
}

#[test]
fn a_shape_seen_too_rarely_goes_by_its_ring_alone() {
    // With a threshold above any count, every near cell's feature is its fallback, shared by every slot.
    let cells: Vec<Cell> = ["e5", "d5", "f4", "e4"].iter().filter_map(|s| Cell::parse(s, 9).ok()).collect();
    let examples = examples_from_game(9, &cells);
    let table = fit_directed(&examples, 10, u32::MAX);
    assert!(table.listed(DIRECTED).is_some());
    let listed: Vec<u32> = (0..0x1000).flat_map(|r| [directed_fallback(0, r), directed_fallback(6, r)]).collect();
    assert!(listed.iter().any(|&k| table.listed(k).is_some()), "fallback keys are fitted");
    let own = |s: usize, r: u32| directed_shape(s, r) != DIRECTED && table.listed(directed_shape(s, r)).is_some();
    assert!(!(0..12).any(|s| (0..0x1000).any(|r| own(s, r))), "no slot has a strength of its own");
}
