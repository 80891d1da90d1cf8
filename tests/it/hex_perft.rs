//! Hex perft against an independent brute force: a plain recursive walk over every move order, with a
//! flood-fill win test, counting what the layered count counts.

use hextoe::commands::perft::hex::report;
use hextoe::game::hex::perft::{DEFAULT_LAYER_LIMIT, count};
use std::collections::HashSet;

/// The brute force's counts at one depth.
#[derive(Clone, Debug, Default, PartialEq)]
struct Row {
    nodes: u64,
    black: u64,
    white: u64,
}

/// 0 empty, 1 black, 2 white, row-major.
type Cells = Vec<u8>;

fn connected(cells: &Cells, n: usize, who: u8) -> bool {
    let mut stack: Vec<usize> = (0..n).map(|i| if who == 1 { i } else { i * n }).filter(|&k| cells[k] == who).collect();
    let mut seen = vec![false; n * n];
    for &k in &stack {
        seen[k] = true;
    }
    while let Some(k) = stack.pop() {
        let (c, r) = ((k % n) as isize, (k / n) as isize);
        if (who == 1 && r as usize == n - 1) || (who == 2 && c as usize == n - 1) {
            return true;
        }
        for (dc, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
            let (x, y) = (c + dc, r + dr);
            if x >= 0 && y >= 0 && (x as usize) < n && (y as usize) < n {
                let j = y as usize * n + x as usize;
                if cells[j] == who && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    false
}

/// Walks every game to `max` plies. A game that ends at ply d counts as a leaf at d and every deeper
/// depth; `positions` collects every distinct position reached, `terminal` the finished ones.
struct Walk {
    n: usize,
    max: usize,
    rows: Vec<Row>,
    ended: Vec<(u64, u64)>,
    positions: HashSet<Cells>,
    terminal: HashSet<Cells>,
}

impl Walk {
    fn go(&mut self, cells: &mut Cells, ply: usize) {
        if ply == self.max {
            return;
        }
        let who = if ply.is_multiple_of(2) { 1 } else { 2 };
        for k in 0..self.n * self.n {
            if cells[k] != 0 {
                continue;
            }
            cells[k] = who;
            self.positions.insert(cells.clone());
            self.rows[ply].nodes += 1;
            if connected(cells, self.n, who) {
                self.terminal.insert(cells.clone());
                for d in ply..self.max {
                    if d > ply {
                        self.rows[d].nodes += 1;
                    }
                    if who == 1 {
                        self.rows[d].black += 1;
                    } else {
                        self.rows[d].white += 1;
                    }
                }
                if who == 1 {
                    self.ended[ply].0 += 1;
                } else {
                    self.ended[ply].1 += 1;
                }
            } else {
                self.go(cells, ply + 1);
            }
            cells[k] = 0;
        }
    }
}

fn check(n: usize, depth: usize) {
    let mut walk = Walk {
        n,
        max: depth,
        rows: vec![Row::default(); depth],
        ended: vec![(0, 0); depth],
        positions: HashSet::new(),
        terminal: HashSet::new(),
    };
    walk.go(&mut vec![0; n * n], 0);
    let p = count(n, depth as u32, DEFAULT_LAYER_LIMIT).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.depths.len(), depth);
    for (d, (row, want)) in p.depths.iter().zip(&walk.rows).enumerate() {
        let got = Row { nodes: row.nodes, black: row.black_wins, white: row.white_wins };
        assert_eq!(&got, want, "{n}×{n} depth {}", d + 1);
        assert_eq!((row.black_wins_here, row.white_wins_here), walk.ended[d], "{n}×{n} games of length {}", d + 1);
    }
    let positions: u64 = p.depths.iter().map(|d| d.positions).sum();
    let terminal: u64 = p.depths.iter().map(|d| d.terminal_positions).sum();
    assert_eq!(positions, walk.positions.len() as u64, "{n}×{n} distinct positions");
    assert_eq!(terminal, walk.terminal.len() as u64, "{n}×{n} distinct finished positions");
    // The command's report agrees with the count, and adds the empty board to the positions.
    let r = report(n, Some(depth as u32)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.positions, positions + 1);
    assert_eq!(r.total_games, walk.rows[depth - 1].black + walk.rows[depth - 1].white);
}

#[test]
fn perft_two_by_two_and_three_by_three_to_the_end() {
    check(1, 1);
    check(2, 4);
    check(3, 9);
    // Every 3×3 game has ended by ply 9: the last row is all finished games.
    let p = count(3, 9, DEFAULT_LAYER_LIMIT).unwrap_or_else(|e| panic!("{e}"));
    let last = &p.depths[8];
    assert_eq!(last.nodes, last.black_wins + last.white_wins);
}

#[test]
fn perft_four_by_four_first_plies() {
    check(4, 5);
}

#[test]
#[ignore = "slow in debug: the brute force walks 6.3 million move sequences"]
fn perft_four_by_four_to_six() {
    check(4, 6);
}

#[test]
fn unaffordable_requests_are_refused_at_once() {
    let msg = report(5, None).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("5×5 to depth 25") && msg.contains("--depth 6"), "{msg}");
    let msg = report(11, Some(5)).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(msg.contains("--depth 3"), "{msg}");
}
