//! The MCTS player: legal moves under every budget, proven wins kept, reproducible seeded searches,
//! perfect play on small boards (checked against the solver), the swap and the book. Pondering is in
//! `mcts_ponder.rs`, the table of solved openings in `mcts_solved.rs`.

use hextoe_core::ai::hex::knowledge::solver::{Limits, Solver};
use hextoe_core::ai::hex::players::mcts::MctsState;
use hextoe_core::ai::hex::{PlayerKind, PlayerSpec, Proof};
use hextoe_core::ai::{Budget, Stop};
use hextoe_core::game::hex::{Cell, Game, HexMove};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use std::time::Duration;

pub(crate) fn spec(budget: Budget) -> PlayerSpec {
    PlayerSpec { kind: PlayerKind::Mcts, budget, memory_mb: 16 }
}

pub(crate) fn sims(n: u64) -> Budget {
    Budget { nodes: Some(n), threads: 1, ..Budget::default() }
}

fn random_game(n: usize, plies: usize, swap: bool, rng: &mut StdRng) -> Option<Game> {
    let mut g = Game::new(n, swap).unwrap();
    for _ in 0..plies {
        let m = *g.legal_moves().choose(rng)?;
        g.play(m).ok()?;
        if g.winner().is_some() {
            return None;
        }
    }
    Some(g)
}

/// True if `mv` wins for the side to move in `game`, by the solver.
pub(crate) fn wins(game: &Game, mv: HexMove) -> bool {
    let mut after = game.clone();
    after.play(mv).unwrap();
    if after.winner().is_some() {
        return true;
    }
    let s = Solver::new(8);
    let r = s.solve(after.board(), after.to_move(), &Limits::default(), &|_| {});
    // After a swap the colour to move is the same but the mover owns the other one: either way the move
    // wins if the colour now to move loses.
    r.proof == Proof::Loss
}

#[test]
fn every_budget_gives_a_legal_move() {
    let mut rng = StdRng::seed_from_u64(7);
    let raised = Stop::new();
    raised.stop();
    let budgets = [
        (sims(0), Stop::new()),
        (sims(1), Stop::new()),
        (sims(25), Stop::new()),
        (Budget::time(Duration::from_millis(1)), Stop::new()),
        (Budget { move_time: Some(Duration::from_millis(5)), threads: 2, ..Budget::default() }, Stop::new()),
        (sims(1_000), raised.clone()),
    ];
    for n in [1, 2, 3, 5, 8, 11, 13] {
        for plies in [0, 1, n * n / 2] {
            let Some(game) = random_game(n, plies, plies == 1, &mut rng) else { continue };
            for (budget, stop) in &budgets {
                let mut state = MctsState::default();
                let choice = state.choose(&game, &spec(*budget), stop, &mut rng);
                assert!(game.check(choice.mv).is_ok(), "{n}×{n} {budget:?}: {} is illegal", choice.mv);
                assert!(!choice.explanation.is_empty());
            }
        }
    }
}

#[test]
fn a_tiny_memory_cap_bounds_the_tree_but_not_the_search() {
    // 1 MB holds a few tens of thousands of nodes: the tree stops growing and the search goes on.
    let game = Game::new(11, false).unwrap();
    let mut state = MctsState::default();
    let s = PlayerSpec { kind: PlayerKind::Mcts, budget: sims(10_000), memory_mb: 1 };
    let a = state.analyze(&game, &s, &Stop::new(), &mut StdRng::seed_from_u64(1));
    assert!(game.check(a.best).is_ok());
    assert_eq!(a.simulations, 10_000);
    // Memory 0 is treated as the smallest budget, not as "no tree".
    let s = PlayerSpec { memory_mb: 0, ..s };
    let c = MctsState::default().choose(&game, &s, &Stop::new(), &mut StdRng::seed_from_u64(1));
    assert!(game.check(c.mv).is_ok());
}

#[test]
fn seeded_single_thread_searches_are_reproducible() {
    for (n, plies) in [(7, 6), (11, 0)] {
        let game = random_game(n, plies, false, &mut StdRng::seed_from_u64(3)).unwrap();
        let run = || {
            let mut state = MctsState::default();
            state.analyze(&game, &spec(sims(3_000)), &Stop::new(), &mut StdRng::seed_from_u64(99))
        };
        let (a, b) = (run(), run());
        assert_eq!(a.best, b.best);
        assert_eq!(a.moves, b.moves);
        assert_eq!(a.pv, b.pv);
        assert_eq!(a.simulations, 3_000);
    }
}

pub(crate) fn game_of(n: usize, moves: &str) -> Game {
    let mut g = Game::new(n, false).unwrap();
    for m in moves.split_whitespace() {
        g.play(HexMove::parse(m, n).unwrap()).unwrap();
    }
    g
}

#[test]
fn a_proven_win_is_never_thrown_away() {
    // 9×9, too many empty cells for the exact solver: Black's chains e1–e4 and f6–f9 are one move from a
    // double threat (e5 or f5 make two ways to join). The tree proves it; a second search with no budget at
    // all reuses the tree and still plays a winning move.
    let g = game_of(9, "e1 a1 e2 a2 e3 a3 e4 a4 f6 a5 f7 a6 f8 a7 f9 a8");
    assert!(g.board().empty_cells().len() > 49);
    let mut rng = StdRng::seed_from_u64(5);
    let mut state = MctsState::default();
    let first = state.analyze(&g, &spec(sims(20_000)), &Stop::new(), &mut rng);
    assert_eq!(first.proven, Proof::Win, "{}", first.explanation);
    assert!(first.explanation.starts_with("proven win"), "{}", first.explanation);
    assert!(wins(&g, first.best), "{}", first.best);
    let raised = Stop::new();
    raised.stop();
    for budget in [sims(0), sims(1), Budget::time(Duration::from_millis(1))] {
        let again = state.choose(&g, &spec(budget), &raised, &mut rng);
        assert!(wins(&g, again.mv), "{}", again.mv);
        assert_eq!(again.evals.first().map(|e| e.proven), Some(Proof::Win));
    }
    // An immediate win is taken under any budget, even by a fresh player.
    let g = game_of(9, "e1 a1 e2 a2 e3 a3 e4 a4 e6 a5 e7 a6 e8 a7 e9 a8");
    let c = MctsState::default().choose(&g, &spec(sims(0)), &raised, &mut rng);
    assert_eq!(c.mv.to_string(), "e5");
    assert_eq!(c.explanation, "wins at once: e5 joins both edges");
}

#[test]
fn plays_perfectly_on_small_boards() {
    perfect_play(&[(3, 30), (4, 30)], 11);
}

#[test]
#[ignore = "hundreds of searches on 4×4 and 5×5, each checked by the solver"]
fn plays_perfectly_on_5x5() {
    perfect_play(&[(4, 100), (5, 300)], 12);
}

/// On random positions where the side to move can win, the player's move must win.
fn perfect_play(cases: &[(usize, usize)], seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for &(n, count) in cases {
        let mut checked = 0;
        while checked < count {
            let plies = rng.random_range(0..n * n - 1);
            let Some(game) = random_game(n, plies, false, &mut rng) else { continue };
            let s = Solver::new(8);
            let r = s.solve(game.board(), game.to_move(), &Limits::default(), &|_| {});
            if r.proof != Proof::Win {
                continue;
            }
            let mut state = MctsState::default();
            let choice = state.choose(&game, &spec(sims(50_000)), &Stop::new(), &mut rng);
            assert!(
                wins(&game, choice.mv),
                "{n}×{n} {}: {} ({})",
                game.board().to_text(),
                choice.mv,
                choice.explanation
            );
            checked += 1;
        }
    }
}

#[test]
fn swaps_exactly_when_swapping_wins() {
    let mut rng = StdRng::seed_from_u64(2);
    // After b2 on 3×3 the centre stone wins: swap.
    let mut g = Game::new(3, true).unwrap();
    g.play(HexMove::Place(Cell::parse("b2", 3).unwrap())).unwrap();
    let c = MctsState::default().choose(&g, &spec(sims(500)), &Stop::new(), &mut rng);
    assert_eq!(c.mv, HexMove::Swap, "{}", c.explanation);
    // After a1, a losing opening, a stone wins and swapping would not.
    let mut g = Game::new(3, true).unwrap();
    g.play(HexMove::Place(Cell::parse("a1", 3).unwrap())).unwrap();
    let c = MctsState::default().choose(&g, &spec(sims(500)), &Stop::new(), &mut rng);
    assert_ne!(c.mv, HexMove::Swap);
    assert!(wins(&g, c.mv));
}

#[test]
fn the_centre_opening_is_swapped_whatever_the_seed() {
    // On 9×9 the centre stone wins, so under the swap rule taking it over is the reply. A swap whose
    // first playout happened to be lost used to be left at a value of 0, and was played for some seeds
    // only.
    let mut g = Game::new(9, true).unwrap();
    g.play(HexMove::Place(Cell::parse("e5", 9).unwrap())).unwrap();
    for seed in 1..=4 {
        let c = MctsState::default().choose(&g, &spec(sims(10_000)), &Stop::new(), &mut StdRng::seed_from_u64(seed));
        assert_eq!(c.mv, HexMove::Swap, "seed {seed}: {}", c.explanation);
    }
}

#[test]
fn explanations_say_what_the_search_saw() {
    let mut rng = StdRng::seed_from_u64(4);
    // 11×11 from the start: a plain sentence on how Black stands and the answer it expects, no figures
    // but the chance.
    let g = Game::new(11, false).unwrap();
    let a = MctsState::default().analyze(&g, &spec(sims(2_000)), &Stop::new(), &mut rng);
    assert!(
        a.explanation.contains("%") && a.explanation.contains("; it expects White to answer "),
        "{}",
        a.explanation
    );
    assert!(!a.explanation.contains("playouts") && !a.explanation.contains(" %"), "{}", a.explanation);
    assert_eq!(a.pv.first(), Some(&a.best));
    assert!(a.moves.iter().map(|m| m.visits).sum::<u64>() > 1_000);
    // A lost position: every move loses.
    let mut g = Game::new(3, false).unwrap();
    for m in ["b2", "a1"] {
        g.play(HexMove::Place(Cell::parse(m, 3).unwrap())).unwrap();
    }
    let a = MctsState::default().analyze(&g, &spec(sims(200)), &Stop::new(), &mut rng);
    assert_eq!(a.proven, Proof::Win, "{}", a.explanation);
    // White to move at b2 a1 c3: Black's b2 has a virtual connection, White loses.
    g.play(HexMove::Place(Cell::parse("c3", 3).unwrap())).unwrap();
    let a = MctsState::default().analyze(&g, &spec(sims(200)), &Stop::new(), &mut rng);
    assert_eq!(a.proven, Proof::Loss);
    // Lost whatever it plays, White blocks Black's shortest way, so that Black still has the win to find.
    let blocks = format!("every move loses against perfect play; {} blocks Black's shortest way", a.best);
    assert!(a.explanation.starts_with(&blocks), "{}", a.explanation);
}

#[test]
fn under_the_swap_rule_the_first_move_is_not_a_sure_win_to_be_swapped() {
    // On 3×3 every winning opening would be swapped; the tree sees the swap among the replies and so
    // cannot rate any opening as a proven win.
    let g = Game::new(3, true).unwrap();
    let a = MctsState::default().analyze(&g, &spec(sims(3_000)), &Stop::new(), &mut StdRng::seed_from_u64(8));
    assert_ne!(a.proven, Proof::Win, "{}", a.explanation);
    assert!(!a.explanation.starts_with("proven win"), "{}", a.explanation);
}

#[test]
fn the_book_answers_the_positions_its_setting_names_and_the_player_searches_the_rest() {
    use hextoe_core::ai::hex::data::book::Book;
    use hextoe_core::ai::hex::players::mcts::Tuning;
    let player = |book: &str| {
        MctsState::tuned(format!("opening_book={book}").parse::<Tuning>().unwrap_or_else(|e| panic!("{e}")))
    };
    let from_book = |c: &hextoe_core::ai::hex::HexChoice| c.explanation.starts_with("opening book");
    let stop = Stop::new();
    let mut rng = StdRng::seed_from_u64(3);
    let play = |moves: &[&str]| {
        let mut g = Game::new(11, false).unwrap_or_else(|e| panic!("{e}"));
        for m in moves {
            g.play(HexMove::parse(m, 11).unwrap_or_else(|e| panic!("{e}"))).unwrap_or_else(|e| panic!("{e}"));
        }
        g
    };
    // The empty 11×11 board is in the shipped book, with its two equal answers (a stone and its 180° turn).
    let empty = play(&[]);
    let answers: Vec<HexMove> = Book::shipped().answers(&empty).iter().map(|e| e.mv).collect();
    assert_eq!(answers.len(), 2, "{answers:?}");
    for book in ["on", "replies", "first"] {
        let booked = player(book).choose(&empty, &spec(sims(200)), &stop, &mut rng);
        assert!(answers.contains(&booked.mv), "book={book}: {} is one of {answers:?}", booked.mv);
        assert!(from_book(&booked), "book={book}: {}", booked.explanation);
    }
    let searched = player("off").choose(&empty, &spec(sims(200)), &stop, &mut rng);
    assert!(!from_book(&searched), "{}", searched.explanation);
    // The book also answers the first stone f6, with White to move: `on` and `replies` play its answer,
    // `first` searches.
    // f6 is the centre, its own 180° turn, so the answer and its turn are both the book's.
    let f6 = play(&["f6"]);
    let replies: Vec<HexMove> = Book::shipped().answers(&f6).iter().map(|e| e.mv).collect();
    assert!(!replies.is_empty(), "the book answers f6");
    for book in ["on", "replies"] {
        let booked = player(book).choose(&f6, &spec(sims(200)), &stop, &mut rng);
        assert!(replies.contains(&booked.mv) && from_book(&booked), "book={book}: {}", booked.explanation);
    }
    // MoHex 2.0's first stone, j2, and its 180° turn b10 are answered by the games' choice, f8 and f4.
    for (first, answer) in [("j2", "f8"), ("b10", "f4")] {
        let booked = player("replies").choose(&play(&[first]), &spec(sims(200)), &stop, &mut rng);
        assert!(booked.mv.to_string() == answer && from_book(&booked), "{first}: {}", booked.explanation);
    }
    let searched = player("first").choose(&f6, &spec(sims(200)), &stop, &mut rng);
    assert!(!from_book(&searched), "{}", searched.explanation);
    // Black's second move after each reply to the book's first stone, in either orientation: `on` plays
    // it, `replies`, `first` and `off` search.
    for &opening in &answers {
        let second = play(&[&opening.to_string(), "f6"]);
        let entry = Book::shipped().lookup(&second).unwrap_or_else(|| panic!("the book answers {opening} f6"));
        let booked = player("all").choose(&second, &spec(sims(200)), &stop, &mut rng);
        assert!(booked.mv == entry.mv && from_book(&booked), "{}", booked.explanation);
        for book in ["replies", "first", "off"] {
            let searched = player(book).choose(&second, &spec(sims(200)), &stop, &mut rng);
            assert!(!from_book(&searched), "book={book}: {}", searched.explanation);
        }
        // One move further: not in the book, so the player searches even with the book on.
        let third = play(&[&opening.to_string(), "f6", &entry.mv.to_string()]);
        assert!(Book::shipped().lookup(&third).is_none());
        let fallback = player("all").choose(&third, &spec(sims(200)), &stop, &mut rng);
        assert!(!from_book(&fallback), "{}", fallback.explanation);
    }
    // Two stones that do not start with the book's first stone: not in the book either.
    let later = play(&["f6", "e7"]);
    assert!(Book::shipped().lookup(&later).is_none());
    let fallback = player("all").choose(&later, &spec(sims(200)), &stop, &mut rng);
    assert!(!from_book(&fallback), "{}", fallback.explanation);
}
