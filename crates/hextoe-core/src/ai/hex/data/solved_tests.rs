//! The table of solved openings: its format, its lookups, and its agreement with the solver.

use super::*;
use crate::ai::Stop;
use crate::ai::hex::data::book::entry_lines;
use crate::ai::hex::knowledge::solver::{Limits, Solver};
use crate::game::hex::parse_position;

fn game(moves: &str, size: usize) -> Game {
    parse_position(moves, size, false).unwrap_or_else(|e| panic!("{e}"))
}

fn winners(s: Option<Solved>) -> Vec<String> {
    match s {
        Some(Solved::Win(m)) => m.iter().map(HexMove::to_string).collect(),
        other => panic!("expected a win, got {other:?}"),
    }
}

#[test]
fn the_shipped_table_covers_every_opening_from_2x2_to_7x7_and_agrees_with_itself() {
    let table = SolvedTable::parse(SHIPPED).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(SolvedTable::shipped().len(), table.len());
    for n in 2..=7 {
        let Some(Solved::Win(first)) = table.lookup(&game("", n)) else { panic!("the empty {n}×{n} board") };
        // A first stone is lost for the side to move after it (White) exactly when it is a winning
        // opening: the empty board's entry and the first-stone entries were solved separately.
        let board = game("", n);
        for c in board.board().empty_cells().iter() {
            let after = game(&c.to_string(), n);
            let lost = table.lookup(&after).unwrap_or_else(|| panic!("{c} is not in the {n}×{n} table"));
            assert_eq!(lost == Solved::Loss, first.contains(&HexMove::Place(c)), "{c} on {n}×{n}");
        }
    }
}

#[test]
fn the_8x8_entries_are_one_proven_move_each_and_agree_with_each_other() {
    // From 8×8 up the table holds the first stones proved so far (a loss for White, or White's one proven
    // winning reply), and, once a winning one is proved, the empty board won by those stones.
    let table = SolvedTable::shipped();
    match table.lookup(&game("", 8)) {
        None => {}
        Some(Solved::WinBy(first)) => {
            for m in first {
                let after = table.lookup(&game(&m.to_string(), 8));
                assert_eq!(after, Some(Solved::Loss), "the empty board's winning stone {m} loses for White");
            }
        }
        other => panic!("the empty 8×8 board: {other:?}"),
    }
    let mut known = 0;
    for c in game("", 8).board().empty_cells().iter() {
        match table.lookup(&game(&c.to_string(), 8)) {
            None | Some(Solved::Loss) => {}
            Some(Solved::WinBy(replies)) => assert_eq!(replies.len(), 1, "{c}: {replies:?}"),
            Some(Solved::Win(m)) => panic!("{c}: every winning reply ({m:?}) is not something 8×8 proves"),
        }
        known += usize::from(table.lookup(&game(&c.to_string(), 8)).is_some());
    }
    assert!(known >= 14, "the first row's stones and their turns are in the table: {known} of 64 cells");
    // The deeper entries: after a winning first stone and any White reply, Black's one proven answer; after
    // a losing first stone, White's proven reply and any Black move, White's one proven answer. Each must
    // continue a first stone the table proves, the way that proof says.
    let (mut deeper, mut answered) = (0, 0);
    for (line, g) in shipped_entries().into_iter().filter(|(_, g)| g.size() == 8 && g.board().stone_count() > 1) {
        deeper += 1;
        let one = |s: Option<Solved>| one_move(s, &line);
        if line.split(' ').nth(3) == Some("loss") {
            // Two moves past the first stone: lost for the side to move, reached by the table's own proven
            // move, and every move answered.
            assert_eq!(table.lookup(&g), Some(Solved::Loss), "{line}");
            let (mut before, last) = (game("", 8), g.history()[g.history().len() - 1]);
            for &m in &g.history()[..g.history().len() - 1] {
                before.play(m).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
            assert_eq!(one(table.lookup(&before)), last, "{line}: the last stone must be the table's proven move");
            for m in g.board().empty_cells().iter() {
                let mut after = g.clone();
                after.play(HexMove::Place(m)).unwrap_or_else(|e| panic!("{line}: {e}"));
                let Some(Solved::WinBy(a)) = table.lookup(&after) else { panic!("{line}: {m} is not answered") };
                assert!(a.iter().all(|a| after.legal_moves().contains(a)), "{line}: {m} answered by {a:?}");
            }
            answered += 1;
            continue;
        }
        // A position stored in both orientations (reached from two first stones that turn into each other)
        // offers the proven moves of both entries.
        let Some(Solved::WinBy(answers)) = table.lookup(&g) else { panic!("{line}: not a win-by entry") };
        assert!((1..=2).contains(&answers.len()), "{line}: {answers:?}");
        for a in &answers {
            assert!(g.legal_moves().contains(a), "{line}: {a} is not a legal move");
        }
        let history = g.history();
        let first = game(&history[0].to_string(), 8);
        match history.len() {
            2 => assert_eq!(table.lookup(&first), Some(Solved::Loss), "{line}: the first stone must win for Black"),
            3 => assert_eq!(one(table.lookup(&first)), history[1], "{line}: White's reply must be the proven one"),
            n => panic!("{line}: {n} stones, expected 2 or 3"),
        }
    }
    // The lines whose proofs cost most are answered first: once any is, the hole impossible fell into
    // against MoHex 2.0 (c7 e4 f4 g2 f3, whose answer took about 120,000 positions) is closed.
    if answered > 0 {
        let hole = game("c7 e4 f4 g2 f3", 8);
        assert!(matches!(table.lookup(&hole), Some(Solved::WinBy(_))), "c7 e4 f4 g2 f3 is not answered");
    }
    // The centre's stone d4 is proved winning; once its replies are entered, every one of them is there.
    if deeper > 0 {
        for c in game("d4", 8).board().empty_cells().iter() {
            one_move(table.lookup(&game(&format!("d4 {c}"), 8)), &format!("d4 {c}"));
        }
    }
}

/// The winning first stones of 8×8 as published with the 8×8 solution's own program: Benzene, the code
/// base of MoHex by the same group, lists in its `share/swap-moves.txt` the first stones it swaps on each
/// board, and on 8×8 those are the stones the solution proved winning (its lists for the small boards are
/// hand-written and partly transposed, so only 8×8 is taken from it).
const PUBLISHED_8X8_WINNING: &str = "h1 g2 h2 b3 c3 d3 e3 f3 g3 b4 c4 d4 e4 f4 g4 h4 \
     a5 b5 c5 d5 e5 f5 g5 b6 c6 d6 e6 f6 g6 a7 b7 a8";

#[test]
fn every_8x8_first_stone_is_proved_and_the_winning_ones_are_the_published_ones() {
    let table = SolvedTable::shipped();
    let mut winning = Vec::new();
    for c in game("", 8).board().empty_cells().iter() {
        match table.lookup(&game(&c.to_string(), 8)) {
            Some(Solved::Loss) => winning.push(c.to_string()),
            Some(Solved::WinBy(_)) => {}
            other => panic!("the first stone {c} on 8×8 is not proved: {other:?}"),
        }
    }
    winning.sort();
    let mut published: Vec<String> = PUBLISHED_8X8_WINNING.split_whitespace().map(String::from).collect();
    published.sort();
    assert_eq!(winning, published);
}

/// The one proven move of a `win-by` entry, or a panic naming `what`.
fn one_move(s: Option<Solved>, what: &str) -> HexMove {
    match s {
        Some(Solved::WinBy(m)) if m.len() == 1 => m[0],
        other => panic!("{what}: expected one proven move, got {other:?}"),
    }
}

#[test]
fn a_position_stored_in_both_orientations_offers_the_moves_of_both_entries() {
    // a1 c6 d8 and e1 f3 h8 turn into each other: each entry's move, turned back, wins in the other.
    let table = SolvedTable::parse("8 a1,d8 c6 win-by e5\n8 e1,h8 f3 win-by c3\n").unwrap_or_else(|e| panic!("{e}"));
    let moves = |s: Option<Solved>| match s {
        Some(Solved::WinBy(m)) => m.iter().map(HexMove::to_string).collect::<Vec<_>>(),
        other => panic!("expected a win, got {other:?}"),
    };
    assert_eq!(moves(table.lookup(&game("a1 c6 d8", 8))), ["e5", "f6"]);
    assert_eq!(moves(table.lookup(&game("e1 f3 h8", 8))), ["c3", "d4"]);
    // Not stored in the other orientation: the entry's own move only.
    let single = SolvedTable::parse("8 a1,d8 c6 win-by e5\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(moves(single.lookup(&game("a1 c6 d8", 8))), ["e5"]);
    assert_eq!(moves(single.lookup(&game("h8 f3 e1", 8))), ["d4"]);
}

#[test]
fn a_position_that_is_its_own_turn_offers_the_turn_of_each_winning_move() {
    let table = SolvedTable::parse("8 - - win-by d4,c3\n8 a1 - win-by c6\n").unwrap_or_else(|e| panic!("{e}"));
    let moves = |s: Option<Solved>| match s {
        Some(Solved::WinBy(m)) => m.iter().map(HexMove::to_string).collect::<Vec<_>>(),
        other => panic!("expected a win, got {other:?}"),
    };
    // The empty board is its own turn: c3 and d4 (kept in board order) turn into f6 and e5.
    assert_eq!(moves(table.lookup(&game("", 8))), ["c3", "d4", "f6", "e5"]);
    // a1 is not its own turn (h8 is): only the one answer, turned with the position.
    assert_eq!(moves(table.lookup(&game("a1", 8))), ["c6"]);
    assert_eq!(moves(table.lookup(&game("h8", 8))), ["f3"]);
}

#[test]
fn the_table_answers_in_both_orientations_and_falls_back_elsewhere() {
    let table = SolvedTable::parse("7 a2 - win e3,d4\n7 d4 - loss -\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(winners(table.lookup(&game("a2", 7))), ["e3", "d4"]);
    // g6 is a2 turned 180°, and so are the answers: e3 → c5, d4 → d4.
    assert_eq!(winners(table.lookup(&game("g6", 7))), ["c5", "d4"]);
    assert_eq!(table.lookup(&game("d4", 7)), Some(Solved::Loss));
    assert_eq!(table.lookup(&game("b2", 7)), None, "a position the table lacks");
    assert_eq!(table.lookup(&game("a2", 8)), None, "a size the table lacks");
}

#[test]
fn bad_tables_are_refused_with_the_line() {
    crate::ai::hex::data::book::tests::refuses(
        SolvedTable::parse,
        &[
            ("7 - - win\n", "line 1: 4 fields"),
            ("\n# c\n7 - - win z9\n", "line 3"),
            ("7 d4 - win d4\n", "d4 is not an empty cell"),
            ("7 d4 - win -\n", "needs its winning moves"),
            ("7 d4 - loss a1\n", "'a1' is not MOVE:ANSWER (a loss has no winning moves"),
            ("7 d4 - draw -\n", "none of win, win-by and loss"),
            ("7 d4 - win-by -\n", "needs its winning moves"),
            ("7 d4,e4 - loss -\n", "2 black and 0 white"),
            ("40 - - win a1\n", "size 40"),
        ],
    );
}

/// Every entry of the shipped table as a game, with its line: Black's and White's stones played in turn.
fn shipped_entries() -> Vec<(String, Game)> {
    let mut out = Vec::new();
    for (_, fields) in entry_lines(SHIPPED) {
        let size: usize = fields[0].parse().unwrap_or_else(|e| panic!("{e}"));
        let stones =
            |f: &str| -> Vec<String> { if f == "-" { Vec::new() } else { f.split(',').map(str::to_string).collect() } };
        let (black, white) = (stones(fields[1]), stones(fields[2]));
        let mut moves = Vec::new();
        for (i, b) in black.iter().enumerate() {
            moves.push(b.clone());
            moves.extend(white.get(i).cloned());
        }
        out.push((fields.join(" "), game(&moves.join(" "), size)));
    }
    out
}

#[test]
fn the_7x7_table_answers_every_reply_to_a_winning_first_stone_and_every_move_after_a_losing_one() {
    // The hole a game against MoHex found: after its winning first stone d3 and White's d4, impossible had
    // no proof within its move and played the losing f3. Every reply to every winning first stone is in
    // the table now, and each leaves Black a win.
    let table = SolvedTable::shipped();
    let Some(Solved::Win(first)) = table.lookup(&game("", 7)) else { panic!("the empty 7×7 board") };
    for opening in &first {
        let after = game(&opening.to_string(), 7);
        for reply in after.board().empty_cells().iter() {
            let line = format!("{opening} {reply}");
            match table.lookup(&game(&line, 7)) {
                Some(Solved::Win(moves) | Solved::WinBy(moves)) => assert!(!moves.is_empty(), "{line}"),
                other => panic!("{line}: {other:?}"),
            }
        }
    }
    // As White: after every losing first stone and each of its winning replies, every Black move leaves
    // White a win, which a1 f2 d4 took the solver 14,000 positions to find.
    for c in game("", 7).board().empty_cells().iter() {
        let Some(Solved::Win(replies)) = table.lookup(&game(&c.to_string(), 7)) else { continue };
        for reply in &replies {
            let after = game(&format!("{c} {reply}"), 7);
            for m in after.board().empty_cells().iter() {
                let line = format!("{c} {reply} {m}");
                match table.lookup(&game(&line, 7)) {
                    Some(Solved::Win(moves) | Solved::WinBy(moves)) => assert!(!moves.is_empty(), "{line}"),
                    other => panic!("{line}: {other:?}"),
                }
            }
        }
    }
    let f3 = HexMove::Place(Cell::parse("f3", 7).unwrap_or_else(|e| panic!("{e}")));
    match table.lookup(&game("d3 d4", 7)) {
        Some(Solved::Win(moves) | Solved::WinBy(moves)) => assert!(!moves.contains(&f3), "{moves:?}"),
        other => panic!("d3 d4: {other:?}"),
    }
}

/// FNV-1a over the line's bytes: a stable, platform-independent sample key (the standard library's hasher
/// is seeded per process).
fn line_hash(line: &str) -> u64 {
    line.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

#[test]
#[ignore = "solves the shipped positions again (every first stone to 7×7, a sample of the rest): minutes in release"]
fn every_sampled_shipped_entry_is_confirmed_by_the_solver() {
    let solver = Solver::new(256);
    let limits = Limits::unlimited(&Stop::new());
    // Every empty board and first stone up to 7×7, one in eight of the deeper entries, one in 64 of the
    // deeper 8×8 entries (by a hash of the line), and of the 8×8 first stones g1 (refuted by White: about 560,000 positions) and d4 (a winning stone: every reply
    // refuted, about 1.5 million), where they are in the table; the empty 8×8 board's stones are proved by
    // their own first-stone entries.
    let mut deeper = 0;
    for (line, g) in shipped_entries() {
        if g.size() >= 8 && g.board().stone_count() > 1 {
            // One in 64 of the deeper 8×8 positions, chosen by a hash of the line rather than its place, so
            // that rows added to the table do not reshuffle which of the old ones are checked.
            if !line_hash(&line).is_multiple_of(64) {
                continue;
            }
        } else if g.size() >= 8 {
            if !(line.starts_with("8 g1 ") || line.starts_with("8 d4 ")) {
                continue;
            }
        } else if g.board().stone_count() > 1 {
            deeper += 1;
            if deeper % 8 != 1 {
                continue;
            }
        }
        match SolvedTable::shipped().lookup(&g) {
            Some(Solved::WinBy(moves)) => {
                for m in moves {
                    let mut after = g.clone();
                    after.play(m).unwrap_or_else(|e| panic!("{line}: {e}"));
                    let r = solver.solve(after.board(), after.to_move(), &limits, &|_| {});
                    assert_eq!(r.proof, crate::ai::hex::Proof::Loss, "{line}: {m} does not win");
                }
            }
            Some(Solved::Loss) if line.split(' ').nth(3) == Some("loss") && g.board().stone_count() > 2 => {
                // A loss with each move's answer: the loss, and two of the answers (the first and the middle).
                let r = solver.solve(g.board(), g.to_move(), &limits, &|_| {});
                assert_eq!(r.proof, crate::ai::hex::Proof::Loss, "{line}");
                let moves: Vec<Cell> = g.board().empty_cells().iter().collect();
                for m in [moves[0], moves[moves.len() / 2]] {
                    let mut after = g.clone();
                    after.play(HexMove::Place(m)).unwrap_or_else(|e| panic!("{line}: {e}"));
                    // Every answer offered: a position reached along two lines has each line's.
                    let Some(Solved::WinBy(answers)) = SolvedTable::shipped().lookup(&after) else {
                        panic!("{line}: {m} is not answered")
                    };
                    for a in answers {
                        let mut won = after.clone();
                        won.play(a).unwrap_or_else(|e| panic!("{line}: {e}"));
                        let r = solver.solve(won.board(), won.to_move(), &limits, &|_| {});
                        assert_eq!(r.proof, crate::ai::hex::Proof::Loss, "{line}: {m} {a} does not win");
                    }
                }
            }
            known => {
                let solution = solver.winning_moves(&g, &limits, &|_| {}, &|_, _| {});
                let want = match known {
                    Some(Solved::Win(m)) => m,
                    _ => Vec::new(),
                };
                assert!(solution.complete, "{line}");
                assert_eq!(solution.winning_moves, want, "{line}");
            }
        }
    }
}

#[test]
fn a_loss_with_each_moves_answer_enters_the_position_after_each_move() {
    // After c2 (Black) and b2 (White) on 3×3, Black to move: each Black move is answered.
    let table = SolvedTable::parse("3 c2 b2 loss a1:b3,c3:a3\n3 c2,c3 b2 win c1\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(table.lookup(&game("c2 b2", 3)), Some(Solved::Loss));
    assert_eq!(table.lookup(&game("c2 b2 a1", 3)), Some(Solved::WinBy(vec![HexMove::Place(cell("b3"))])));
    // An entry of its own comes first, whichever line is read first.
    assert_eq!(winners(table.lookup(&game("c2 b2 c3", 3))), ["c1"]);
    // Turned 180°: a2 b2 c3 is c2 b2 a1 turned, so the answer b3 turns into b1.
    assert_eq!(table.lookup(&game("a2 b2 c3", 3)), Some(Solved::WinBy(vec![HexMove::Place(cell("b1"))])));
    assert_eq!(table.lookup(&game("c2 b2 b1", 3)), None, "a move the line does not answer");
    assert_eq!(table.len(), 4, "two lines, and the two answered moves");
}

fn cell(s: &str) -> Cell {
    Cell::parse(s, 3).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn bad_answers_of_a_loss_are_refused_with_the_line() {
    crate::ai::hex::data::book::tests::refuses(
        SolvedTable::parse,
        &[
            ("3 c2 b2 loss a1b3\n", "line 1: 'a1b3' is not MOVE:ANSWER"),
            ("3 c2 b2 loss a1:b3,c1\n", "'c1' is not MOVE:ANSWER"),
            ("3 c2 b2 loss a1:b2\n", "b2 is not an empty cell"),
            ("3 c2 b2 loss a1:a1\n", "the answer must be another cell"),
            ("3 c2 b2 loss a1:b3,a1:c3\n", "each move is answered once"),
            ("3 c2 b2 loss a1:z9\n", "'z9'"),
            ("3 c2 b2 loss :b3\n", "''"),
        ],
    );
}
