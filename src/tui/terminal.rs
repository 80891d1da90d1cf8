//! Terminal set-up and tear-down. Raw mode, the alternate screen and mouse capture are undone however
//! the game ends: on quit, on an error (the guard's `Drop`), on SIGTERM, SIGHUP, SIGINT and SIGQUIT (the
//! event loop turns them into a quit), and on a panic (ratatui's panic hook restores raw mode and the
//! screen; ours, chained before it, turns mouse capture off).

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use std::io::stdout;
use std::sync::Once;

/// The terminal in game mode; dropping it puts the terminal back as it was.
pub(crate) struct TerminalGuard {
    /// The ratatui terminal.
    pub terminal: DefaultTerminal,
    mouse: bool,
}

static MOUSE_HOOK: Once = Once::new();

/// Chains a panic hook that turns mouse capture off before the previous hook runs.
fn install_mouse_hook() {
    MOUSE_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(stdout(), DisableMouseCapture);
            previous(info);
        }));
    });
}

impl TerminalGuard {
    /// Enters raw mode and the alternate screen, and captures the mouse if `mouse`.
    pub fn enter(mouse: bool) -> std::io::Result<TerminalGuard> {
        if mouse {
            install_mouse_hook();
        }
        // ratatui's hook goes in after ours, so on a panic it restores the screen first, then calls ours.
        let terminal = ratatui::try_init()?;
        let guard = TerminalGuard { terminal, mouse };
        if mouse {
            execute!(stdout(), EnableMouseCapture)?;
        }
        Ok(guard)
    }
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        if self.mouse {
            let _ = execute!(stdout(), DisableMouseCapture);
        }
        ratatui::restore();
    }
}
