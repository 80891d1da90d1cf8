//! The protocol's command table and typed requests: every name in the table parses in the games that
//! answer it and nowhere else, arbitrary lines never panic, and every well-formed request reads back from
//! the line its writer makes.

use hextoe_core::Named;
use hextoe_core::ai::Level;
use hextoe_core::ai::ttt::Style;
use hextoe_core::game::GameKind;
use hextoe_core::game::hex::{self, Color, HexMove, MAX_SIZE};
use hextoe_core::game::ttt;
use hextoe_core::protocol::command::{self, TABLE, Verb};
use hextoe_core::protocol::framing::{self, Parsed};
use hextoe_core::protocol::{HexRequest, Refusal, Request, SessionRequest, TttRequest};
use proptest::prelude::*;

const GAMES: [GameKind; 2] = [GameKind::Hex, GameKind::Tictactoe];

/// Reads `line` as a session playing `game` on a `size` board would.
fn parse(line: &str, game: GameKind, size: usize) -> Result<Request, Refusal> {
    match framing::parse_line(line) {
        Parsed::Command(c) => Request::parse(&c, game, size),
        Parsed::Malformed { message, .. } => Err(message),
        Parsed::Nothing => Err(Refusal::Failed("nothing".into())),
    }
}

/// Arguments that every command of the table accepts, as written after its name.
fn good_args(verb: Verb, game: GameKind) -> &'static str {
    match (verb, game) {
        (Verb::KnownCommand, _) => "play",
        (Verb::Game, _) => "hex",
        (Verb::Level, _) => "medium",
        (Verb::BoardSize, _) => "5",
        (Verb::Play, GameKind::Hex) => "w e5",
        (Verb::Play, GameKind::Tictactoe) => "o c3",
        (Verb::Genmove, GameKind::Hex) => "black",
        (Verb::Genmove, GameKind::Tictactoe) => "X",
        (Verb::Player, _) => "mcts@1s",
        (Verb::Swap, _) => "on",
        (Verb::Ai, _) => "rules",
        (Verb::TimeSettings, _) => "300 30 5",
        (Verb::TimeLeft, GameKind::Hex) => "b 120 0",
        (Verb::TimeLeft, GameKind::Tictactoe) => "x 12.5 3",
        _ => "",
    }
}

#[test]
fn every_name_in_the_table_parses_where_it_is_answered() {
    for row in TABLE {
        for game in GAMES {
            let line = format!("{} {}", row.name.to_ascii_uppercase(), good_args(row.verb, game));
            match (row.usage(game), parse(&line, game, 5)) {
                (Some(_), Ok(request)) => {
                    // The request goes to the session or to the game it was read for.
                    let to = match request {
                        Request::Session(_) => None,
                        Request::Hex(_) => Some(GameKind::Hex),
                        Request::Ttt(_) => Some(GameKind::Tictactoe),
                    };
                    assert!(to.is_none_or(|g| g == game), "{line} in {game}: {request:?}");
                }
                (None, Err(Refusal::UnknownCommand(name))) => assert_eq!(name, row.name),
                (usage, got) => panic!("{line} in {game}: usage {usage:?}, got {got:?}"),
            }
        }
    }
}

#[test]
fn a_wrong_count_names_the_usage_from_the_table() {
    for row in TABLE.iter().filter(|r| !matches!(r.verb, Verb::Quit | Verb::Player | Verb::AnalyzeCommands)) {
        for game in GAMES {
            let Some(usage) = row.usage(game) else { continue };
            let line = format!("{} {} extra words", row.name, good_args(row.verb, game));
            assert_eq!(parse(&line, game, 5), Err(Refusal::WrongArity(usage)), "{line}");
        }
    }
}

#[test]
fn list_commands_and_known_command_come_from_the_table() {
    for game in GAMES {
        let listed: Vec<&str> = command::names(game).collect();
        let served: Vec<&str> = TABLE.iter().filter(|r| r.usage(game).is_some()).map(|r| r.name).collect();
        assert_eq!(listed, served);
        for row in TABLE {
            assert_eq!(command::is_known(row.name, game), listed.contains(&row.name), "{}", row.name);
            let asked = parse(&format!("known_command {}", row.name.to_ascii_uppercase()), game, 5);
            assert_eq!(asked, Ok(Request::Session(SessionRequest::KnownCommand(row.name.to_string()))));
        }
    }
    assert!(!command::is_known("param_game", GameKind::Hex));
}

#[test]
fn arguments_are_refused_with_their_reason() {
    let cases: [(&str, GameKind, Refusal); 10] = [
        ("play red a1", GameKind::Hex, Refusal::NotAColour("red".into())),
        ("play z a1", GameKind::Tictactoe, Refusal::NotATttPlayer("z".into())),
        ("swap Maybe", GameKind::Hex, Refusal::NotOnOff("maybe".into())),
        ("game CHESS", GameKind::Hex, Refusal::UnknownGame("chess".into())),
        ("level Hard", GameKind::Hex, Refusal::UnknownLevel("Hard".into())),
        ("ai AlphaZero", GameKind::Tictactoe, Refusal::UnknownAi("alphazero".into())),
        ("boardsize x", GameKind::Hex, Refusal::NotASize("x".into())),
        ("boardsize 3 4", GameKind::Hex, Refusal::NotSquare(3, 4)),
        ("boardsize 20", GameKind::Hex, Refusal::SizeOutOfRange(20)),
        ("boardsize 3", GameKind::Tictactoe, Refusal::UnknownCommand("boardsize".into())),
    ];
    for (line, game, want) in cases {
        assert_eq!(parse(line, game, 3), Err(want), "{line}");
    }
    let off = parse("play b d1", GameKind::Hex, 3);
    assert_eq!(off.map_err(|r| r.to_string()), Err("d1 is off the 3×3 board: columns run a–c and rows 1–3".into()));
}

/// Every well-formed request, with the game and board size it is read in.
fn request() -> impl Strategy<Value = (Request, GameKind, usize)> {
    let session = prop_oneof![
        Just(SessionRequest::ProtocolVersion),
        Just(SessionRequest::Name),
        Just(SessionRequest::Version),
        "[a-z_-]{1,20}".prop_map(SessionRequest::KnownCommand),
        Just(SessionRequest::ListCommands),
        Just(SessionRequest::Quit),
        prop::sample::select(GameKind::TABLE.iter().map(|e| e.value).collect::<Vec<_>>())
            .prop_map(SessionRequest::Game),
        prop::sample::select(Level::ALL.to_vec()).prop_map(SessionRequest::Level),
    ];
    let colour = prop::sample::select(vec![Color::Black, Color::White]);
    let hex_move =
        (1..=MAX_SIZE).prop_flat_map(|n| (Just(n), 0..n, 0..n, any::<bool>())).prop_map(|(n, c, r, swap)| {
            let cell = hex::Cell::new(c, r).map(HexMove::Place);
            (n, if swap { HexMove::Swap } else { cell.unwrap_or(HexMove::Swap) })
        });
    let hex = prop_oneof![
        (1..=MAX_SIZE).prop_map(HexRequest::BoardSize),
        Just(HexRequest::ClearBoard),
        colour.clone().prop_map(HexRequest::Genmove),
        Just(HexRequest::Undo),
        Just(HexRequest::ShowBoard),
        Just(HexRequest::FinalScore),
        Just(HexRequest::Player(None)),
        "[a-z@:0-9.-]{1,12}( [a-z@:0-9.-]{1,12}){0,2}".prop_map(|e| HexRequest::Player(Some(e))),
        Just(HexRequest::AnalyzeCommands),
        any::<bool>().prop_map(HexRequest::Swap),
    ];
    let player = prop::sample::select(vec![ttt::Player::X, ttt::Player::O]);
    let cell = (0usize..9).prop_filter_map("a cell", ttt::Cell::from_index);
    let tictactoe = prop_oneof![
        Just(TttRequest::ClearBoard),
        (player.clone(), cell).prop_map(|(p, c)| TttRequest::Play(p, c)),
        player.prop_map(TttRequest::Genmove),
        Just(TttRequest::Undo),
        Just(TttRequest::ShowBoard),
        Just(TttRequest::FinalScore),
        prop::sample::select(vec![Style::Minimax, Style::Rules]).prop_map(TttRequest::Ai),
    ];
    prop_oneof![
        (session, prop::sample::select(GAMES.to_vec())).prop_map(|(r, g)| (Request::Session(r), g, 11)),
        hex.prop_map(|r| (Request::Hex(r), GameKind::Hex, 11)),
        (colour, hex_move).prop_map(|(c, (n, mv))| (Request::Hex(HexRequest::Play(c, mv)), GameKind::Hex, n)),
        tictactoe.prop_map(|r| (Request::Ttt(r), GameKind::Tictactoe, 11)),
    ]
}

proptest! {
    #[test]
    fn well_formed_requests_round_trip_through_their_writer((request, game, size) in request(), id in proptest::option::of(0u32..1000)) {
        let line = match id {
            Some(id) => format!("{id} {request}"),
            None => request.to_string(),
        };
        match framing::parse_line(&line) {
            Parsed::Command(c) => {
                prop_assert_eq!(&c.id, &id.map(|i| i.to_string()));
                prop_assert_eq!(Request::parse(&c, game, size), Ok(request));
            }
            other => prop_assert!(false, "{line:?} read as {other:?}"),
        }
    }

    #[test]
    fn arbitrary_lines_never_panic(line in prop_oneof![
        any::<String>(),
        (prop::sample::select(TABLE.iter().map(|r| r.name).collect::<Vec<_>>()), any::<String>()).prop_map(|(n, a)| format!("{n} {a}")),
    ], size in 1..=MAX_SIZE) {
        for game in GAMES {
            if let Parsed::Command(c) = framing::parse_line(&line) {
                match Request::parse(&c, game, size) {
                    Ok(r) => prop_assert!(!r.to_string().is_empty()),
                    Err(refusal) => prop_assert!(!refusal.to_string().is_empty()),
                }
            }
        }
    }
}
