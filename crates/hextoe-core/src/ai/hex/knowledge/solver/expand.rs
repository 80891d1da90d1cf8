//! One position's knowledge for df-pn, before any search: fill-in of inferior cells, a connection already
//! won or lost, the opponent's virtual connections and the must-play region they leave, the moves in
//! resistance order, and the part of the position's proof set that this knowledge accounts for.

use super::inferior::fill_in;
use super::order::by_resistance;
use super::position::{Key, Pos, Rings, Zobrist};
use super::prune::{Pruned, prune};
use super::techniques::Techniques;
use super::vc::EdgeLink;
use super::vcs::Vcs;
use crate::ai::hex::knowledge::bitboard::{Bits, Geometry};

/// How a position was settled without search, or the moves to search.
///
/// A settled position comes with its *proof set*: cells outside it could all go to the loser and the
/// winner would still win (the cells the winner captured, and the carrier of the connection that decides
/// it). Dead cells and the loser's captured cells stay out: a dead cell's colour never matters, and the
/// loser's captured cells are the loser's in the filled-in position already.
#[derive(Clone, Debug)]
pub(crate) enum Expansion<B> {
    /// The side to move wins; the move, if one is needed (a connection already won needs none).
    Win(Option<usize>, B),
    /// The side to move loses.
    Loss(B),
    /// The moves worth trying, best first, in the filled-in position with its key.
    Moves {
        /// The position after fill-in.
        pos: Pos<B>,
        /// Its key.
        key: Key,
        /// The candidate moves (compact indices).
        moves: Vec<usize>,
        /// What a proof of this position needs besides its children's proofs: the filled-in cells, and
        /// for a loss the carriers of the opponent's semi-connections that ruled out the other moves.
        base: Base<B>,
    },
}

/// The part of a searched position's proof set that does not come from its children.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Base<B> {
    /// The cells fill-in gave each colour as captured, `[black, white]`: the winner's belong to the proof.
    pub captured: [B; 2],
    /// The carriers of the opponent's edge semi-connections (empty if they did not narrow the moves).
    pub must: B,
    /// The killers of the vulnerable moves left out (see `prune.rs`).
    pub killers: B,
}

/// What [`expand`] reads besides the position: the board's shape and the search's fixed tables.
pub(crate) struct Knowledge<'k, B> {
    /// The board.
    pub geo: &'k Geometry<B>,
    /// Every cell's ring of neighbours, for fill-in.
    pub rings: &'k Rings,
    /// The key tables, to key the filled-in position.
    pub zob: &'static Zobrist,
    /// Cells ordered from the centre out: the order in which equal moves are tried.
    pub rank: &'k [u16],
    /// The optional techniques in use.
    pub techniques: Techniques,
}

/// Whether the side to move in `pos` (after fill-in) has a virtual connection between its edges: a full
/// one (or an existing chain) wins whatever it plays, a semi one wins by its key. `None` if neither.
pub(crate) fn own_connection<B: Bits>(
    geo: &Geometry<B>,
    rings: &Rings,
    hs: &mut Vcs<B>,
    pos: &Pos<B>,
) -> Option<Expansion<B>> {
    let mut p = *pos;
    let filled = fill_in(geo, rings, &mut p).captured[p.to_move.index()];
    match hs.run(geo, &p, p.to_move, true) {
        EdgeLink::Joined => Some(Expansion::Win(None, filled)),
        EdgeLink::Vc(c) => Some(Expansion::Win(None, filled | c)),
        EdgeLink::Sc(keys) => keys.first().map(|&(k, c)| Expansion::Win(Some(k), filled | c)),
        EdgeLink::None => None,
    }
}

/// Fills in `pos`, reads the opponent's virtual connections and returns the result or the moves.
pub(crate) fn expand<B: Bits>(k: &Knowledge<'_, B>, hs: &mut Vcs<B>, pos: &Pos<B>, key: Key) -> Expansion<B> {
    let geo = k.geo;
    let mut p = *pos;
    let filled = fill_in(geo, k.rings, &mut p);
    let x = p.to_move;
    let y = x.opponent();
    let (won, fill) = (filled.captured[x.index()], filled.captured[y.index()]);
    if geo.connects(p.of(x), x) {
        return Expansion::Win(None, won);
    }
    if geo.connects(p.of(y), y) {
        return Expansion::Loss(fill);
    }
    let empty = p.empty(geo);
    let (must, carriers) = match hs.run(geo, &p, y, false) {
        EdgeLink::Joined => return Expansion::Loss(fill),
        EdgeLink::Vc(c) => return Expansion::Loss(fill | c),
        EdgeLink::Sc(list) => must_play(empty, &list),
        EdgeLink::None => (empty, B::ZERO),
    };
    if must.is_zero() {
        return Expansion::Loss(fill | carriers);
    }
    let mut key = key;
    for (c, set) in [(x, filled.captured[x.index()]), (y, filled.captured[y.index()] | filled.dead)] {
        for cell in set.ones() {
            key = key.toggle(k.zob, c, cell);
        }
    }
    let pruned = if k.techniques.inferior_moves {
        prune(geo, k.rings, &p, must)
    } else {
        Pruned { kept: must, killers: B::ZERO }
    };
    let mut moves: Vec<usize> = pruned.kept.ones().collect();
    by_resistance(geo, &p, k.rank, &mut moves);
    let base = Base { captured: filled.captured, must: carriers, killers: pruned.killers };
    Expansion::Moves { pos: p, key, moves, base }
}

/// The must-play region the opponent's edge semi connections `list` (key, carrier) leave among the
/// `empty` cells — the intersection of their carriers — and the union of the carriers of as few of them
/// as give the same intersection, smallest first: what a loss's proof set needs of them.
fn must_play<B: Bits>(empty: B, list: &[(usize, B)]) -> (B, B) {
    let must = list.iter().fold(empty, |m, &(_, c)| m & c);
    let mut carriers: Vec<B> = list.iter().map(|&(_, c)| c).collect();
    carriers.sort_by_key(|c| c.count());
    let (mut meet, mut used) = (empty, B::ZERO);
    for c in carriers {
        if meet == must {
            break;
        }
        if !meet.subset_of(c) {
            meet &= c;
            used |= c;
        }
    }
    (must, used)
}
