//! `hextoe serve`: an SSH server where a friend joins a room with nothing but `ssh`.
//!
//! `ssh -p 2222 ROOM@HOST` joins room ROOM (the first to arrive waits, the second plays, later ones watch);
//! `ssh -p 2222 lobby@HOST` opens the lobby. Every client sees the local game's own screens, drawn into its
//! SSH channel at its window's size. Identity is the public key; the server is the one authority on each
//! game; everything a client can do is bounded (docs/serve.md).
//!
//! Layered one way, lowest first:
//!
//! | module | what lives there |
//! |---|---|
//! | [`log`], [`display_name`], [`identity`], [`names`], [`limits`], [`hostkey`] | leaves: the log line, a chosen name, who a client is (and as others see them), the names remembered per key, every bound and its counters, the host key |
//! | [`room`] | rooms and their games: seats, moves, clocks, the grace period, records on disk, the registry |
//! | [`screens`] | the lobby, the waiting room and the room's line |
//! | [`shared`] | what every connection shares |
//! | [`session`] | one client's screen and keys, on its own thread, knowing nothing of SSH |
//! | [`ssh`] | the listening socket and each connection, over russh |
//!
//! This file: [`run`], which reads the flags, the key and the data directory, then listens until stopped.

pub mod display_name;
pub mod hostkey;
pub mod identity;
pub mod limits;
pub mod log;
pub mod names;
pub mod room;
pub mod screens;
pub mod session;
pub mod shared;
pub mod ssh;

use crate::ai::Level;
use crate::ai::hex::PlayerKind;
use crate::cli::ServeArgs;
use crate::config::{Config, HexConfig, MemoryMb, Threads};
use crate::error::usage;
use crate::tui::persist::storage::Storage;
use limits::Limits;
use room::record::Records;
use room::registry::{Registry, RegistryOptions};
use room::settings::RoomSettings;
use shared::Shared;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The game's config as the server plays it, and a sentence for each change the operator should know of:
/// no level ponders (it would hold a search thread while a person thinks), each search uses one thread and
/// at most `[serve] memory_mb`, and a level that names an external engine plays hextoe's own player
/// instead, as nothing may run on the server at a client's request.
pub fn served_config(config: &Config) -> (Config, Vec<String>) {
    let mut c = config.clone();
    let mut notes = Vec::new();
    // The operator's own names are not the clients': each client is its key.
    (c.name, c.friend) = (Default::default(), Default::default());
    let cap = c.serve.memory_mb.0;
    let defaults = HexConfig::default();
    for level in Level::ALL {
        let l = match level {
            Level::Easy => &mut c.hex.easy,
            Level::Medium => &mut c.hex.medium,
            Level::Impossible => &mut c.hex.impossible,
        };
        l.ponder = false;
        l.threads = Threads(1);
        l.memory_mb = MemoryMb(l.memory_mb.0.min(cap));
        if matches!(l.player, PlayerKind::Engine(_)) {
            l.player = defaults.level(level).player.clone();
            notes.push(format!(
                "level {level} names an external engine, which the server never starts: it plays {} instead",
                l.player
            ));
        }
    }
    (c, notes)
}

/// Runs the server until SIGINT, SIGTERM or SIGHUP, which adjourn the games in progress.
pub fn run(args: &ServeArgs, config: &Config) -> anyhow::Result<()> {
    let storage = Storage::user().ok_or_else(|| usage("hextoe serve needs a data directory for its host key and games, and this system has none (set HOME or XDG_DATA_HOME)"))?;
    let key_path = args.host_key.clone().unwrap_or_else(|| storage.path(hostkey::DEFAULT_FILE));
    let key = hostkey::load_or_create(&key_path).map_err(usage)?;
    let limits = Limits {
        max_connections: args.max_connections as usize,
        max_per_address: args.max_per_address as usize,
        grace: config.serve.grace.duration(),
        idle_time: config.serve.idle_minutes.duration(),
        ..Limits::default()
    };
    let (served, notes) = served_config(config);
    crate::tui::ai::gate::install(config.serve.threads.0);
    let registry = Registry::new(RegistryOptions {
        max_rooms: limits.max_rooms,
        max_watchers: limits.max_watchers,
        grace: limits.grace,
        idle: limits.idle_time,
        defaults: RoomSettings::new(config),
        records: Some(Records::new(storage.clone())),
        seed: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(7),
    });
    let color = !crate::tui::theme::Theme::no_color_requested();
    let (names, problems) = names::Names::load(&storage.path(names::FILE), limits.max_names);
    let shared = Arc::new(Shared::new(registry, served, limits, args.port, color).with_names(names));
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.bind, args.port))
            .await
            .map_err(|e| usage(format!("cannot listen on {}:{}: {e}", args.bind, args.port)))?;
        let made = if key.created { "made" } else { "read" };
        log::line(format!("host key {} ({made} {})", key.fingerprint(), key.path.display()));
        for n in notes.iter().chain(&problems) {
            log::line(n);
        }
        let reach = if args.bind.is_loopback() {
            "only this machine can connect; --bind 0.0.0.0 opens it to the network".to_string()
        } else {
            format!("REACHABLE FROM THE NETWORK on every address of {}", args.bind)
        };
        let port = if args.port == 22 { String::new() } else { format!("-p {} ", args.port) };
        log::line(format!(
            "listening on {}:{} ({reach}); join with: ssh {port}ROOM@HOST, or ssh {port}lobby@HOST",
            args.bind, args.port
        ));
        log::line(format!("games go to {}", storage.path(crate::tui::persist::history::FOLDER).display()));
        // SIGINT (Ctrl-C), SIGTERM and SIGHUP (the terminal it ran in closed) stop it cleanly.
        let stop = async {
            use tokio::signal::unix::{SignalKind, signal};
            let (mut term, mut hup) = (signal(SignalKind::terminate()).ok(), signal(SignalKind::hangup()).ok());
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                Some(()) = async { term.as_mut()?.recv().await } => {}
                Some(()) = async { hup.as_mut()?.recv().await } => {}
            }
        };
        ssh::listen(shared.clone(), listener, ssh::config(key.key), stop).await;
        let adjourned = shared.registry.stop(Instant::now());
        if let Some(Err(e)) = shared.names.flush(Instant::now(), true) {
            log::line(e);
        }
        let games = if adjourned == 1 { "1 game".to_string() } else { format!("{adjourned} games") };
        log::line(format!("stopping: {games} in progress adjourned"));
        shared.sessions.kick_all(
            "the server is stopping; a game in progress was adjourned, to be resumed from the lobby when it is back",
        );
        // A moment for the screens to be put back and the last words sent.
        tokio::time::sleep(Duration::from_millis(500)).await;
        Ok::<(), anyhow::Error>(())
    })?;
    runtime.shutdown_timeout(Duration::from_millis(200));
    Ok(())
}
