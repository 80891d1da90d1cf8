//! The MCTS player on the opponent's time: the pondered tree carries into the next search, and a tree
//! pondered with the person to move is searched again after the person's move.

use super::mcts_player::{sims, spec};
use hextoe_core::ai::Stop;
use hextoe_core::ai::hex::players::mcts::MctsState;
use hextoe_core::ai::hex::{PlayerKind, PlayerSpec, Proof};
use hextoe_core::game::hex::{Game, HexMove};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;

#[test]
fn pondering_on_the_opponents_time_carries_into_the_next_search() {
    use hextoe_core::ai::hex::HexPlayer;
    let spec = spec(sims(200));
    let mut game = Game::new(9, false).unwrap();
    game.play(HexMove::parse("e5", 9).unwrap()).unwrap();
    // The player has just played e5's reply position: the opponent (White) is to move, and it ponders.
    let mut player = HexPlayer::new(spec.clone(), 3).unwrap();
    // On a simulation budget, pondering runs that many simulations: a seeded player ponders the same.
    assert_eq!(player.ponder(&game, &Stop::new()), 200);
    // The pondered tree is the one the player searches from: its most visited reply for White holds
    // visits from the pondering (the search of the same position reuses the tree).
    let hextoe_core::ai::hex::player::Report::Search(p) = player.analyze(&game, &Stop::new()).unwrap() else {
        panic!("mcts reports a search")
    };
    assert!(p.moves.iter().map(|m| m.visits).sum::<u64>() > p.simulations, "the pondered tree was not kept");
    let reply = p.moves.iter().max_by_key(|m| m.visits).map(|m| m.mv).unwrap();
    // White answers; the next search of 200 simulations starts from that move's subtree, so its root moves
    // hold more visits than it ran itself.
    game.play(reply).unwrap();
    let report = player.analyze(&game, &Stop::new()).unwrap();
    let hextoe_core::ai::hex::player::Report::Search(a) = report else { panic!("mcts reports a search") };
    let visits: u64 = a.moves.iter().map(|m| m.visits).sum();
    assert!(visits > a.simulations, "{visits} root visits after {} simulations: nothing carried over", a.simulations);
    // A fresh player with the same budget has only its own visits.
    let mut fresh = HexPlayer::new(spec.clone(), 3).unwrap();
    let hextoe_core::ai::hex::player::Report::Search(f) = fresh.analyze(&game, &Stop::new()).unwrap() else {
        panic!("mcts reports a search")
    };
    assert!(f.moves.iter().map(|m| m.visits).sum::<u64>() <= f.simulations);
    // Other players have nothing to ponder with.
    let mut rush = HexPlayer::new(PlayerSpec { kind: PlayerKind::Rush, ..spec }, 1).unwrap();
    assert_eq!(rush.ponder(&game, &Stop::new()), 0);
}

#[test]
fn a_pondered_tree_is_searched_even_where_it_had_already_proven_the_persons_move_lost() {
    // Pondering searches the position with the person to move, and the virtual connections at its root
    // prove lost the person's moves outside the must-play region, as leaves. When the person plays one, the
    // search from it must still run: every move comes from simulations or from a proof, never from a tree
    // that was not searched (which once answered with a random move, "win rate 50 % after 0 playouts").
    let s = spec(sims(400));
    let mut unsearched_risk = 0;
    for seed in 0..2 {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut state = MctsState::default();
        let mut game = Game::new(9, false).unwrap();
        while game.winner().is_none() {
            let a = state.analyze(&game, &s, &Stop::new(), &mut rng);
            let at = game.history().iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ");
            assert!(a.simulations > 0 || a.proven != Proof::Unknown, "seed {seed}, after {at}: {}", a.explanation);
            game.play(a.best).unwrap();
            if game.winner().is_some() {
                break;
            }
            assert!(state.ponder(&game, &s, &Stop::new(), &mut rng) <= 400, "pondering kept to its budget");
            let m = *game.legal_moves().choose(&mut rng).unwrap();
            game.play(m).unwrap();
            unsearched_risk += 1;
        }
    }
    assert!(unsearched_risk > 15, "the games were long enough to meet proven moves: {unsearched_risk}");
}
