//! Tests of the playout board: playouts agree with the rules, bridges are saved, inferior cells match the
//! solver's definitions.

use super::*;
use crate::game::hex::{Game, HexMove};

fn game(moves: &str, n: usize) -> Game {
    let mut g = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
    for m in moves.split_whitespace() {
        g.play(HexMove::parse(m, n).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
    }
    g
}

#[test]
fn playouts_fill_the_board_and_agree_with_the_rules() {
    let mut rng = FastRng::new(11);
    for n in [1, 2, 5, 8] {
        let g = game("", n);
        let base = PlayBoard::<u64>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!());
        let mut b = base.clone();
        for _ in 0..200 {
            b.reset_from(&base);
            let w = b.playout(&mut rng, true, None);
            // Replay the filled board through the rules layer's union–find.
            let mut rb = Board::new(n).unwrap_or_else(|e| panic!("{e}"));
            for k in 0..n * n {
                let c = b.geometry().cell(k);
                rb.play(c, b.at(k).unwrap_or_else(|| panic!("cell {c} left empty")));
            }
            assert_eq!(rb.winner(), Some(w));
            assert_eq!(b.stones(Color::Black).count() as usize, n * n / 2 + n * n % 2);
        }
    }
}

#[test]
fn a_broken_bridge_is_always_saved() {
    // Black b2 and c3 form a bridge through c2 and b3 (5×5). White intrudes at c2; with bridge saving,
    // Black's next move is always b3.
    let (base, b3, mut rng) = always_answered("b2 a1 c3 c2", 5, "c2", "b3", 5, 100);
    // Without bridge saving Black sometimes loses the cell.
    let lost = (0..200)
        .filter(|_| {
            let mut b = base.clone();
            b.playout(&mut rng, false, None);
            b.at(b3) == Some(Color::White)
        })
        .count();
    assert!(lost > 0);
}

#[test]
fn an_edge_bridge_is_saved() {
    // Black b2 stands on row 2 of 4×4; White takes b1; Black answers c1.
    always_answered("b2 b1", 4, "b1", "c1", 8, 50);
}

/// Plays `tries` bridge-saving playouts for Black after White's `intrusion` in the game `moves`, and
/// checks that Black always holds `answer`. Returns the board, the answer's index and the generator.
fn always_answered(
    moves: &str,
    n: usize,
    intrusion: &str,
    answer: &str,
    seed: u64,
    tries: usize,
) -> (PlayBoard<u64>, usize, FastRng) {
    let g = game(moves, n);
    let mut base = PlayBoard::<u64>::new(g.board(), Color::Black).unwrap_or_else(|| panic!());
    base.set_last(Some(g_index(&base, intrusion)));
    let k = g_index(&base, answer);
    let mut rng = FastRng::new(seed);
    for _ in 0..tries {
        let mut b = base.clone();
        b.playout(&mut rng, true, None);
        assert_eq!(b.at(k), Some(Color::Black), "{answer} after {intrusion} in {moves}");
    }
    (base, k, rng)
}

#[test]
fn inferior_cells_match_the_solver_definitions() {
    // The padded-array analysis against the solver's ring patterns: dead cells, and pairs of empty
    // neighbours captured by either colour.
    use crate::ai::hex::knowledge::solver::position::{Pos, Rings};
    let mut rng = FastRng::new(21);
    let mut seen = 0;
    for n in [4, 6, 8] {
        let rings = Rings::new(n);
        for _ in 0..100 {
            let mut g = Game::new(n, false).unwrap_or_else(|e| panic!("{e}"));
            for _ in 0..rng.below(n * n / 2) {
                let moves = g.legal_moves();
                let _ = g.play(moves[rng.below(moves.len())]);
                if g.winner().is_some() {
                    break;
                }
            }
            let b = PlayBoard::<u64>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!());
            let pos = Pos { stones: [b.stones(Color::Black), b.stones(Color::White)], to_move: g.to_move() };
            let empty = b.empty_cells();
            let mut want = 0u64;
            for k in empty.ones() {
                let pk = rings.pattern(&pos, k);
                if dead_pattern(pk) {
                    want |= 1 << k;
                }
                for j in rings.cells(k).filter(|&j| empty.has(j)) {
                    let (sj, sk) = (rings.slot(k, j).unwrap_or(0), rings.slot(j, k).unwrap_or(0));
                    let pj = rings.pattern(&pos, j);
                    if [1, 2].iter().any(|v| dead_pattern(pk | v << (2 * sj)) && dead_pattern(pj | v << (2 * sk))) {
                        want |= 1 << k | 1 << j;
                    }
                }
            }
            assert_eq!(b.inferior_cells(), want, "{:?}", g.board());
            seen += want.count();
        }
    }
    assert!(seen > 50, "{seen}");
}

fn g_index<B: Bits>(b: &PlayBoard<B>, name: &str) -> usize {
    let n = b.geometry().size();
    b.geometry().index(crate::game::hex::Cell::parse(name, n).unwrap_or_else(|e| panic!("{e}")))
}

/// The playout board after `moves` on an n×n board, with its last stone marked as the one to answer, and
/// that stone's padded index.
fn after(moves: &str, n: usize) -> (PlayBoard<u128>, usize) {
    let g = game(moves, n);
    let mut b = PlayBoard::<u128>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("{n}×{n} fits"));
    let last = moves.split_whitespace().last().map_or_else(|| panic!("a last stone"), |m| g_index(&b, m));
    b.set_last(Some(last));
    let p = b.pad[last] as usize;
    (b, p)
}

#[test]
fn local_replies_reach_bridge_partners_when_the_policy_has_partner_strengths() {
    // 9×9, Black's last stone at e5 alone on the board; White to move. Count how often the reply lands on
    // one of e5's neighbours and on one of its bridge partners (two rings out, through two empty cells).
    let (b, p) = after("e5", 9);
    let near: Vec<usize> = (0..6).map(|i| p.wrapping_add_signed(b.ring[i])).collect();
    let partners: Vec<usize> = (0..6).map(|i| p.wrapping_add_signed(b.ring[i] + b.ring[(i + 1) % 6])).collect();
    let count = |policy: &LocalPolicy| {
        let mut rng = FastRng::new(4);
        let (mut adjacent, mut bridge) = (0, 0);
        for _ in 0..4_000 {
            match b.local_reply(p, Color::White, policy, &mut rng) {
                Some(q) if near.contains(&q) => adjacent += 1,
                Some(q) if partners.contains(&q) => bridge += 1,
                Some(q) => panic!("a local reply at {q}, neither next to e5 nor its bridge partner"),
                None => {}
            }
        }
        (adjacent, bridge)
    };
    // The shipped policy answers on both (a lone stone more often at a bridge's distance, as strong players
    // block it); without partner strengths, next to the stone alone.
    let (a, b) = count(LocalPolicy::shipped());
    assert!(a > 100 && b > 100, "the default's replies: {a} next to e5, {b} on its partners");
    let (six, none) = count(&LocalPolicy::shipped().clone().without_partners());
    assert!(six > 100 && none == 0, "without partners: {six} next to e5, {none} on its partners");
}

#[test]
fn the_local_replies_odds_scale_how_often_the_last_stone_is_answered() {
    // 11×11 after f6 e8 g5, White to move: the replies to g5 drawn with the fit's odds, twice them and half
    // them. Odds x make a reply x·S / (x·S + γ₀·m) likely, so twice the odds answer more often, half less,
    // and the draw still follows its definition.
    let (b, p) = after("f6 e8 g5", 11);
    let answered = |policy: &LocalPolicy| {
        let mut rng = FastRng::new(9);
        (0..20_000).filter(|_| b.local_reply(p, Color::White, policy, &mut rng).is_some()).count()
    };
    let (twice, half) = (LocalPolicy::shipped().clone().with_odds(2.0), LocalPolicy::shipped().clone().with_odds(0.5));
    let (one, more, fewer) = (answered(LocalPolicy::shipped()), answered(&twice), answered(&half));
    assert!(fewer < one && one < more, "half, the fit's and twice the odds: {fewer}, {one}, {more}");
    // The share s = S / (S + R) becomes 2S / (2S + R) = 2s / (1 + s): check it within sampling noise.
    let s = one as f64 / 20_000.0;
    let want = 2.0 * s / (1.0 + s) * 20_000.0;
    assert!((more as f64 - want).abs() < 400.0, "twice the odds answered {more} times, expected about {want:.0}");
    assert_eq!(twice.other(Color::White) * 2.0, LocalPolicy::shipped().other(Color::White));
    replies_draw_as_their_definition(&twice);
}

/// The ring pattern of padded cell `p`, read from the cells themselves.
fn ring_of<B: Bits>(b: &PlayBoard<B>, p: usize) -> usize {
    (0..6).map(|i| usize::from(b.cells[p.wrapping_add_signed(b.ring[i])]) << (2 * i)).sum()
}

#[test]
fn the_kept_ring_patterns_match_the_cells_after_moves_fills_and_playouts() {
    let mut rng = FastRng::new(5);
    let policy = LocalPolicy::shipped();
    for n in [1, 3, 6, 11] {
        let g = game(if n == 11 { "f6 e8 a1 k11 k1" } else { "" }, n);
        let base = PlayBoard::<u128>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("{n}×{n} fits"));
        let mut b = base.clone();
        for round in 0..30 {
            b.reset_from(&base);
            let empty: Vec<usize> = b.empty_cells().ones().collect();
            for (j, &k) in empty.iter().enumerate().take(round % 7) {
                if j % 3 == 2 { b.place(k, Color::White) } else { b.play(k) }
            }
            for &p in &b.pad {
                assert_eq!(b.pattern(usize::from(p)), ring_of(&b, usize::from(p)), "{n}×{n}, round {round}");
            }
            b.playout(&mut rng, round % 2 == 0, Some(policy).filter(|_| round % 3 != 2));
            for &p in &b.pad {
                assert_eq!(b.pattern(usize::from(p)), ring_of(&b, usize::from(p)), "{n}×{n} after a playout");
            }
        }
    }
}

/// The local reply by its definition: the last stone's empty neighbours in ring order, then, if the
/// policy answers on them, its empty bridge partners, each weighed by its shape's γ for its place, against
/// γ₀ for every other empty cell, drawn with one number from `rng`.
fn reference_reply<B: Bits>(
    b: &PlayBoard<B>,
    last: usize,
    mover: Color,
    policy: &LocalPolicy,
    rng: &mut FastRng,
) -> Option<usize> {
    let (row, col) = (last / b.stride(), last % b.stride());
    let on_board = |q: usize| {
        (1..=b.geometry().size()).contains(&(q / b.stride())) && (1..=b.geometry().size()).contains(&(q % b.stride()))
    };
    let mut local: Vec<(usize, f32)> = Vec::new();
    for &step in &b.ring[..6] {
        let q = last.wrapping_add_signed(step);
        if b.cells[q] == EMPTY {
            local.push((q, policy.gamma(mover, ring_of(b, q))));
        }
    }
    if let Some(partners) = policy.partners(mover) {
        // The partners by their (row, column) steps, so that none wraps round a row.
        for (dr, dc) in [(-1isize, 2isize), (-2, 1), (-1, -1), (1, -2), (2, -1), (1, 1)] {
            let (r, c) = (row as isize + dr, col as isize + dc);
            if r < 0 || c < 0 {
                continue;
            }
            let q = r as usize * b.stride() + c as usize;
            if (c as usize) < b.stride() && on_board(q) && b.cells[q] == EMPTY {
                local.push((q, partners[ring_of(b, q)]));
            }
        }
    }
    if local.is_empty() {
        return None;
    }
    let sum: f32 = local.iter().map(|l| l.1).sum();
    let mut x = rng.unit() * (sum + policy.other(mover) * (b.empty - local.len()) as f32);
    for &(q, w) in &local {
        if x < w {
            return Some(q);
        }
        x -= w;
    }
    None
}

#[test]
fn the_branch_free_local_replies_draw_as_their_definition() {
    // The default (neighbours and bridge partners by their own strengths), and the six neighbours alone.
    replies_draw_as_their_definition(LocalPolicy::shipped());
    replies_draw_as_their_definition(&LocalPolicy::shipped().clone().without_partners());
}

/// Random 11×11 positions, each stone in turn taken as the last one; the same seed on both sides.
fn replies_draw_as_their_definition(policy: &LocalPolicy) {
    let mut fill = FastRng::new(21);
    let (mut replies, mut elsewhere) = (0, 0);
    for round in 0..200 {
        let g = game("", 11);
        let mut b = PlayBoard::<u128>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("11×11 fits"));
        for _ in 0..(round % 90) {
            let empty: Vec<usize> = b.empty_cells().ones().collect();
            b.play(empty[fill.below(empty.len())]);
        }
        let stones: Vec<usize> = (b.stones(Color::Black) | b.stones(Color::White)).ones().collect();
        for &k in &stones {
            let p = usize::from(b.pad[k]);
            for mover in [Color::Black, Color::White] {
                let seed = (round * 1000 + k) as u64;
                let (mut r1, mut r2) = (FastRng::new(seed), FastRng::new(seed));
                let got = b.local_reply(p, mover, policy, &mut r1);
                assert_eq!(got, reference_reply(&b, p, mover, policy, &mut r2), "round {round}, stone {k}");
                assert_eq!(r1.below(1 << 20), r2.below(1 << 20), "both drew the same numbers");
                if got.is_some() { replies += 1 } else { elsewhere += 1 }
            }
        }
    }
    assert!(replies > 1000 && elsewhere > 1000, "both outcomes were tried: {replies} and {elsewhere}");
}

#[test]
fn owners_tell_what_stands_on_every_cell() {
    let g = game("f6 e8 a1 k11", 11);
    let mut b = PlayBoard::<u128>::new(g.board(), g.to_move()).unwrap_or_else(|| panic!("11×11 fits"));
    let mut out = Vec::new();
    b.owners(&mut out);
    let expect = |b: &PlayBoard<u128>| -> Vec<u8> { (0..121).map(|k| b.at(k).map_or(0, code)).collect() };
    assert_eq!(out, expect(&b));
    assert_eq!(out.iter().filter(|&&c| c != 0).count(), 4);
    b.playout(&mut FastRng::new(3), true, Some(LocalPolicy::shipped()));
    b.owners(&mut out);
    assert_eq!(out, expect(&b));
    assert!(out.iter().all(|&c| c != 0), "a playout fills the board");
}
