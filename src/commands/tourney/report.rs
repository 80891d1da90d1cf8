//! The tourney's results: tallied from the games, printed as tables or as the JSON documented in
//! docs/commands.md.

use super::play::{GameRecord, MoveStats};
use crate::game::{Outcome, Seat};
use serde::Serialize;
use std::fmt::Write;

/// One scheduled game: which entrants sit where.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// Index of the pairing (ordered by colour: `(a black, b white)` and `(b black, a white)` are two).
    pub pairing: usize,
    /// Entrant moving first (Black, x).
    pub first: usize,
    /// Entrant moving second.
    pub second: usize,
    /// 0-based game number within the pairing.
    pub game: usize,
}

/// Games and wins of one pairing with fixed colours. `black` moves first (x in tic-tac-toe).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairingRow {
    /// The first player.
    pub black: String,
    /// The second player.
    pub white: String,
    /// Games played.
    pub games: u64,
    /// Games the first player won.
    pub black_wins: u64,
    /// Games the second player won.
    pub white_wins: u64,
    /// Drawn games (always 0 in Hex, which has no draws).
    pub draws: u64,
}

/// One entrant's totals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// The entrant.
    pub player: String,
    /// Games played.
    pub games: u64,
    /// Games won (including those the opponent forfeited).
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost (including its own forfeits).
    pub losses: u64,
    /// Games it forfeited.
    pub forfeits: u64,
    /// Mean time per move, milliseconds.
    pub mean_move_ms: f64,
    /// Longest move, milliseconds.
    pub max_move_ms: f64,
}

/// A game lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ForfeitRow {
    /// Who forfeited.
    pub player: String,
    /// The opponent.
    pub opponent: String,
    /// The forfeiting player's colour: black/white (Hex) or x/o (tic-tac-toe).
    pub colour: String,
    /// What happened.
    pub reason: String,
}

/// The whole tourney report; the JSON shape is stable.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// Per pairing and colour.
    pub pairings: Vec<PairingRow>,
    /// Best first: most points (a win 1, a draw ½), then most wins, then entry order.
    pub standings: Vec<Standing>,
    /// Every forfeited game.
    pub forfeits: Vec<ForfeitRow>,
    /// "hex" or "tictactoe".
    pub game: String,
    /// Hex board side.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Games per pairing of two players (both colours together).
    pub games_per_pairing: u32,
    /// The seed that reproduces the tourney.
    pub seed: u64,
    /// The clock every game was played on (`--time`, e.g. `5+3`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
}

fn ms(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// Tallies the games. `colours` names the first and second colour ("black"/"white" or "x"/"o").
pub fn tally(
    names: &[String],
    fixtures: &[Fixture],
    results: &[GameRecord],
    colours: [&str; 2],
) -> (Vec<PairingRow>, Vec<Standing>, Vec<ForfeitRow>) {
    let mut pairings: Vec<PairingRow> = Vec::new();
    let n = names.len();
    let mut wins = vec![0u64; n];
    let mut draws = vec![0u64; n];
    let mut games = vec![0u64; n];
    let mut lost_by_forfeit = vec![0u64; n];
    let mut times = vec![MoveStats::default(); n];
    let mut forfeits = Vec::new();
    for (f, r) in fixtures.iter().zip(results) {
        while pairings.len() <= f.pairing {
            pairings.push(PairingRow {
                black: String::new(),
                white: String::new(),
                games: 0,
                black_wins: 0,
                white_wins: 0,
                draws: 0,
            });
        }
        let row = &mut pairings[f.pairing];
        row.black.clone_from(&names[f.first]);
        row.white.clone_from(&names[f.second]);
        row.games += 1;
        let seats = [f.first, f.second];
        for (seat, &e) in seats.iter().enumerate() {
            games[e] += 1;
            times[e].merge(&r.stats[seat]);
        }
        match r.outcome {
            Outcome::Win(Seat::First) => row.black_wins += 1,
            Outcome::Win(Seat::Second) => row.white_wins += 1,
            Outcome::Draw => row.draws += 1,
        }
        match r.outcome {
            Outcome::Win(s) => wins[seats[s.index()]] += 1,
            Outcome::Draw => seats.iter().for_each(|&e| draws[e] += 1),
        }
        if let Some((seat, why)) = &r.forfeit {
            lost_by_forfeit[seats[seat.index()]] += 1;
            forfeits.push(ForfeitRow {
                player: names[seats[seat.index()]].clone(),
                opponent: names[seats[seat.other().index()]].clone(),
                colour: colours[seat.index()].to_string(),
                reason: why.clone(),
            });
        }
    }
    let mut standings: Vec<(usize, Standing)> = (0..n)
        .map(|e| {
            let t = &times[e];
            let mean = if t.moves == 0 { 0.0 } else { ms(t.total) / t.moves as f64 };
            (
                e,
                Standing {
                    player: names[e].clone(),
                    games: games[e],
                    wins: wins[e],
                    draws: draws[e],
                    losses: games[e] - wins[e] - draws[e],
                    forfeits: lost_by_forfeit[e],
                    mean_move_ms: (mean * 1e3).round() / 1e3,
                    max_move_ms: ms(t.max),
                },
            )
        })
        .collect();
    standings.sort_by(|(ea, a), (eb, b)| {
        (2 * b.wins + b.draws).cmp(&(2 * a.wins + a.draws)).then(b.wins.cmp(&a.wins)).then(ea.cmp(eb))
    });
    (pairings, standings.into_iter().map(|(_, s)| s).collect(), forfeits)
}

/// The report as text tables.
pub fn render(r: &Report) -> String {
    let mut s = String::new();
    let title = match r.size {
        Some(n) => format!("{} {n}×{n}", r.game),
        None => r.game.clone(),
    };
    let clock = r.time.as_ref().map(|t| format!(", clock {t}")).unwrap_or_default();
    let _ = writeln!(s, "{title}: {} games per pairing, seed {}{clock}", r.games_per_pairing, r.seed);
    let (first, second) = if r.game == "hex" { ("black", "white") } else { ("x", "o") };
    let width = r.standings.iter().map(|p| p.player.chars().count()).max().unwrap_or(6).max(6);
    let (fw, sw) = (format!("{first} wins"), format!("{second} wins"));
    let _ = writeln!(s, "\n{first:<width$}  {second:<width$}  {:>6}  {fw:>10}  {sw:>10}  {:>6}", "games", "draws");
    for p in &r.pairings {
        let _ = writeln!(
            s,
            "{:<width$}  {:<width$}  {:>6}  {:>10}  {:>10}  {:>6}",
            p.black, p.white, p.games, p.black_wins, p.white_wins, p.draws
        );
    }
    let _ = writeln!(
        s,
        "\n{:>4}  {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>8}  {:>10}  {:>10}",
        "rank", "player", "games", "wins", "draws", "losses", "forfeits", "mean ms", "max ms"
    );
    for (i, p) in r.standings.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:>4}  {:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>8}  {:>10.3}  {:>10.3}",
            i + 1,
            p.player,
            p.games,
            p.wins,
            p.draws,
            p.losses,
            p.forfeits,
            p.mean_move_ms,
            p.max_move_ms
        );
    }
    if !r.forfeits.is_empty() {
        let n = r.forfeits.len();
        let _ = writeln!(s, "\nforfeits ({n} {})", games(n));
        let mut groups: Vec<(&str, &str, usize)> = Vec::new();
        for f in &r.forfeits {
            match groups.iter_mut().find(|(p, why, _)| *p == f.player && *why == f.reason) {
                Some(g) => g.2 += 1,
                None => groups.push((&f.player, &f.reason, 1)),
            }
        }
        for (player, why, count) in groups {
            let _ = writeln!(s, "  {player} lost {count} {}: {why}", games(count));
        }
    }
    s
}

/// "game" or "games", as `count` needs.
fn games(count: usize) -> &'static str {
    if count == 1 { "game" } else { "games" }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(outcome: Outcome, forfeit: Option<(Seat, &str)>) -> GameRecord {
        let mut stats = [MoveStats::default(); 2];
        stats[0].record(std::time::Duration::from_millis(2));
        stats[1].record(std::time::Duration::from_millis(4));
        GameRecord { outcome, forfeit: forfeit.map(|(s, w)| (s, w.to_string())), stats, moves: Vec::new() }
    }

    #[test]
    fn tally_counts_wins_draws_forfeits_and_times() {
        let names = vec!["a".to_string(), "b".to_string()];
        let fx = |pairing, first, second, game| Fixture { pairing, first, second, game };
        let fixtures = [fx(0, 0, 1, 0), fx(1, 1, 0, 1), fx(0, 0, 1, 2), fx(1, 1, 0, 3)];
        let (first, second) = (Outcome::Win(Seat::First), Outcome::Win(Seat::Second));
        let results = [
            result(first, None),
            result(second, Some((Seat::First, "broke"))),
            result(Outcome::Draw, None),
            result(first, None),
        ];
        let (pairings, standings, forfeits) = tally(&names, &fixtures, &results, ["x", "o"]);
        assert_eq!(pairings.len(), 2);
        assert_eq!((pairings[0].black.as_str(), pairings[0].black_wins, pairings[0].draws), ("a", 1, 1));
        assert_eq!((pairings[1].black.as_str(), pairings[1].black_wins, pairings[1].white_wins), ("b", 1, 1));
        // a: won game 0 and game 1 (b forfeited as x), drew game 2, lost game 3.
        assert_eq!(standings[0].player, "a");
        assert_eq!((standings[0].wins, standings[0].draws, standings[0].losses), (2, 1, 1));
        assert_eq!((standings[1].wins, standings[1].forfeits), (1, 1));
        assert_eq!(
            forfeits,
            [ForfeitRow { player: "b".into(), opponent: "a".into(), colour: "x".into(), reason: "broke".into() }]
        );
        // a sat first in games 0 and 2 (2 ms each) and second in 1 and 3 (4 ms each).
        assert_eq!((standings[0].mean_move_ms, standings[0].max_move_ms), (3.0, 4.0));
    }
}
