use super::*;

/// A root with `n` children (cells 1 to n), child k having `visits[k]` visits of which `wins[k]` won.
fn root(visits: &[u32], wins: &[u32]) -> Tree {
    let t = Tree::new(64);
    let kids: Vec<(u16, Proof)> = (1..=visits.len() as u16).map(|c| (c, Proof::Unknown)).collect();
    t.expand(0, &kids, None);
    for (k, (&v, &w)) in visits.iter().zip(wins).enumerate() {
        for j in 0..v {
            t.add_visit(k + 1);
            if j < w {
                t.add_win(k + 1);
            }
        }
    }
    t
}

#[test]
fn nothing_is_forced_before_the_warm_up_ends() {
    let t = root(&[100, 10, 1], &[60, 8, 1]);
    let mut h = Halving::new(4);
    let mut rng = FastRng::new(1);
    h.update(&t, 0.1);
    assert_eq!(h.pick(&t, &mut rng), None);
    h.update(&t, 0.3);
    assert_eq!(h.pick(&t, &mut rng), Some(3), "the least visited candidate first");
}

#[test]
fn candidates_are_the_most_visited_and_the_better_half_by_win_rate_stays() {
    // Five children; four candidates (the most visited); two rounds after the warm-up, of 0.35 each.
    let t = root(&[100, 50, 40, 30, 1], &[50, 40, 10, 27, 1]);
    let mut h = Halving::new(4);
    let mut rng = FastRng::new(2);
    h.update(&t, 0.3);
    let mut firsts: Vec<usize> = (0..40).filter_map(|_| h.pick(&t, &mut rng)).collect();
    firsts.dedup();
    assert_eq!(firsts, vec![4], "child 4 (30 visits) has the fewest; child 5 is no candidate");
    h.update(&t, 0.64);
    assert_eq!(h.pick(&t, &mut rng), Some(4), "still the first round");
    h.update(&t, 0.66);
    // Win rates: 0.5, 0.8, 0.25, 0.9: children 4 and 2 stay, and 2 has more visits.
    assert_eq!(h.pick(&t, &mut rng), Some(4));
    for _ in 0..30 {
        t.add_visit(4);
    }
    assert_eq!(h.pick(&t, &mut rng), Some(2), "child 2 (50 visits) now has fewer than child 4 (60)");
}

#[test]
fn proofs_decide_at_once() {
    let t = root(&[100, 50, 40], &[50, 40, 10]);
    let mut h = Halving::new(3);
    let mut rng = FastRng::new(3);
    h.update(&t, 0.5);
    t.set_proof(3, Proof::Loss);
    assert_eq!(h.pick(&t, &mut rng), Some(2), "a proven loss is never forced");
    t.set_proof(1, Proof::Win);
    assert_eq!(h.pick(&t, &mut rng), Some(1), "a proven win at once");
}

#[test]
fn one_candidate_leaves_the_choice_to_selection() {
    let t = root(&[100], &[50]);
    let mut h = Halving::new(8);
    h.update(&t, 0.9);
    assert_eq!(h.pick(&t, &mut FastRng::new(4)), None);
}

#[test]
fn rounds_halve_down_to_two() {
    assert_eq!((ceil_log2(2), ceil_log2(3), ceil_log2(16), ceil_log2(17)), (1, 2, 4, 5));
    let visits: Vec<u32> = (1..=16).map(|k| 100 - k).collect();
    let wins: Vec<u32> = (1..=16).map(|k| k * 5).collect();
    let t = root(&visits, &wins);
    let mut h = Halving::new(16);
    h.update(&t, 0.3);
    h.update(&t, 0.999);
    // Four rounds: three halvings by the end of the third, 16 → 8 → 4 → 2; the last round is left to the
    // final ranking. The best two by win rate are children 16 and 15.
    let mut picked: Vec<usize> = (0..50).filter_map(|_| h.pick(&t, &mut FastRng::new(5))).collect();
    picked.sort_unstable();
    picked.dedup();
    assert_eq!(picked, vec![16]);
}
