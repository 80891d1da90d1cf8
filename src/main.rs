//! The `hextoe` binary: parse the command line, load the config, dispatch.

use hextoe::cli::{Cli, Command, PlayArgs};
use hextoe::config::Config;
use hextoe::error::exit_status;
use hextoe::{commands, tui};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse_args();
    if cli.command.is_some() && cli.menu != PlayArgs::default() {
        eprintln!(
            "hextoe: the game flags (--game, --size, --level …) go after the subcommand, e.g. hextoe play --game hex"
        );
        return ExitCode::from(2);
    }
    let result = match &cli.command {
        // Generated from the command line alone: a broken config must not keep a shell from its completions.
        Some(Command::Completions(a)) => commands::completions::completions(a),
        Some(Command::Man) => commands::completions::man(),
        command => match Config::load(cli.config.as_deref()) {
            Ok(config) => run(command.as_ref(), &cli.menu, &config),
            Err(e) => {
                eprintln!("hextoe: {e}");
                return ExitCode::from(2);
            }
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // The reader went away (`| head`): what it read was all it wanted.
        Err(e) if e.is::<hextoe::output::Closed>() => ExitCode::SUCCESS,
        // Bad input (a position, a saved file, a player entry) exits like a bad flag or config: status 2.
        Err(e) => {
            eprintln!("hextoe: {e:#}");
            ExitCode::from(exit_status(&e))
        }
    }
}

/// Runs a command that reads the config (or, with none, the game's menu).
fn run(command: Option<&Command>, menu: &PlayArgs, config: &Config) -> anyhow::Result<()> {
    // The tree search asks the network where its settings say so; without it, the pattern prior serves.
    if let Err(e) = hextoe_nn::predictor::install_shipped() {
        eprintln!("hextoe: {e}");
    }
    match command {
        None => tui::run(menu, config, true),
        Some(Command::Play(a)) => tui::run(a, config, false),
        Some(Command::Perft(a)) => commands::perft::run(a, config),
        Some(Command::Analyze(a)) => commands::analyze::run(a, config),
        Some(Command::Solve(a)) => commands::solve::run(a, config),
        Some(Command::Tourney(a)) => commands::tourney::run(a, config),
        Some(Command::Engine(a)) => commands::engine::run(a, config),
        Some(Command::Completions(a)) => commands::completions::completions(a),
        Some(Command::Man) => commands::completions::man(),
        Some(Command::Serve(a)) => hextoe::serve::run(a, config),
    }
}
