//! Move ordering for the solver: the electrical-resistance evaluation ranks the moves of a position by the
//! current that flows through each cell in both players' circuits, the contested cells first (as Benzene's
//! df-pn solver does). Together with the widening of [`super::dfpn`], which looks at only the best few
//! moves of a position until they are refuted, a good order is what keeps the proofs small.

use super::position::Pos;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};
use crate::ai::hex::knowledge::eval::resistance::circuit;
use crate::game::hex::{Board, Color};

/// Sorts `moves` (compact cell indices) best first: by the product of the currents through each cell in
/// the two circuits of `pos`, each scaled by its circuit's total; ties by `rank` (the centre first).
pub(crate) fn by_resistance<B: Bits>(geo: &Geometry<B>, pos: &Pos<B>, rank: &[u16], moves: &mut [usize]) {
    if moves.len() < 2 {
        return;
    }
    let Ok(mut board) = Board::new(geo.size()) else {
        moves.sort_by_key(|&k| rank[k]);
        return;
    };
    for c in [Color::Black, Color::White] {
        for k in pos.of(c).ones() {
            board.play(geo.cell(k), c);
        }
    }
    let priority = contest(&board);
    let mut keyed: Vec<(f64, u16, usize)> = moves.iter().map(|&k| (-priority[k], rank[k], k)).collect();
    keyed.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
    for (m, (_, _, k)) in moves.iter_mut().zip(keyed) {
        *m = k;
    }
}

/// How contested each cell of `board` is (row-major, `r·n + c`): the product of the currents through it in
/// the two players' circuits, each scaled by its circuit's total. The solver orders its moves by it, and
/// the player proving ahead orders the opponent's likely replies by it.
pub(crate) fn contest(board: &Board) -> Vec<f64> {
    let [a, b] = [circuit(board, Color::Black), circuit(board, Color::White)];
    // The product: a cell matters when both players' currents crowd through it (the sum would put the
    // obtuse corners first on an empty board, since each carries current into one player's edge).
    a.through.iter().zip(&b.through).map(|(x, y)| (x / a.current) * (y / b.current)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_diagonal_comes_first_on_an_empty_board_and_a_blocking_move_after_a_stone() {
        let n = 5;
        let geo = Geometry::<u64>::new(n).unwrap_or_else(|| panic!());
        let rank: Vec<u16> = (0..(n * n) as u16).collect();
        let mut pos = Pos::<u64> { stones: [0, 0], to_move: Color::Black };
        let mut moves: Vec<usize> = (0..n * n).collect();
        by_resistance(&geo, &pos, &rank, &mut moves);
        let names: Vec<String> = moves.iter().map(|&k| geo.cell(k).to_string()).collect();
        // Both players' currents cross most on the short diagonal, from obtuse corner to obtuse corner.
        let mut first: Vec<&str> = names[..5].iter().map(String::as_str).collect();
        first.sort();
        assert_eq!(first, ["a5", "b4", "c3", "d2", "e1"], "{names:?}");
        // The acute corners, far from both players' paths, come last.
        let mut last: Vec<&str> = names[n * n - 2..].iter().map(String::as_str).collect();
        last.sort();
        assert_eq!(last, ["a1", "e5"], "{names:?}");
        // Every move is still there, once.
        let mut sorted = moves.clone();
        sorted.sort();
        assert_eq!(sorted, (0..n * n).collect::<Vec<_>>());
        // A corner is among the last.
        let a1 = moves.iter().position(|&k| k == 0).unwrap_or(0);
        assert!(a1 >= n * n - 4, "a1 ranked {a1}");
        // After Black's centre stone, White's best move is within two steps of it.
        pos.stones[0] = 1 << 12;
        pos.to_move = Color::White;
        let mut moves: Vec<usize> = (0..n * n).filter(|&k| k != 12).collect();
        by_resistance(&geo, &pos, &rank, &mut moves);
        let near = geo.dilate(geo.dilate(1u64 << 12));
        assert!(near & (1u64 << moves[0]) != 0, "first: {}", geo.cell(moves[0]));
    }
}
