//! The moves that bring an external engine to a game, each with the colour that plays it, since HTP's
//! `play` names the colour and a swap or a set-up position makes it differ from the move's parity.

use crate::game::hex::{Color, Game, HexMove};

/// A move with the colour that plays it.
pub(super) type Coloured = (Color, HexMove);

/// Every move an HTP engine needs to reach `game`: the start position's stones, Black and White
/// alternately, then the history, each with the colour that plays it.
pub(super) fn moves_with_colours(game: &Game) -> Vec<Coloured> {
    let start = game.start();
    let mut out = Vec::with_capacity(start.stone_count() + game.history().len());
    let mut black = start.stones(Color::Black).iter();
    let mut white = start.stones(Color::White).iter();
    loop {
        let b = black.next().map(|c| (Color::Black, HexMove::Place(c)));
        let w = white.next().map(|c| (Color::White, HexMove::Place(c)));
        if b.is_none() && w.is_none() {
            break;
        }
        out.extend(b);
        out.extend(w);
    }
    let mut replay = Game::from_board(start.clone(), game.swap_rule());
    for &mv in game.history() {
        let color = replay.to_move();
        out.push((color, mv));
        if replay.play(mv).is_err() {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::hex::parse_position;

    #[test]
    fn moves_carry_their_colours_through_a_swap() {
        let g = parse_position("c3 swap-pieces b2 d4", 5, true).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<String> = moves_with_colours(&g).iter().map(|(c, m)| format!("{} {m}", c.letter())).collect();
        assert_eq!(got, ["b c3", "w swap-pieces", "w b2", "b d4"]);
    }

    #[test]
    fn a_diagram_is_sent_as_alternating_stones() {
        let g = parse_position("bb./w../...", 3, false).unwrap_or_else(|e| panic!("{e}"));
        let got: Vec<String> = moves_with_colours(&g).iter().map(|(c, m)| format!("{} {m}", c.letter())).collect();
        assert_eq!(got, ["b a1", "w a2", "b b1"]);
    }
}
