//! The lobby (`ssh -p 2222 lobby@HOST`): create a room (a fresh code to send a friend), play the AI alone,
//! join a room that waits for a player, watch a game, resume an adjourned game of yours, or choose the name
//! others see. The lists are read again on every key and every few seconds.

use crate::game::Position;
use crate::serve::identity::{KEYGEN, Person};
use crate::serve::room::Phase;
use crate::serve::room::name::RoomName;
use crate::serve::room::record::Adjourned;
use crate::serve::room::registry::RoomSummary;
use crate::serve::screens::bar::who;
use crate::serve::screens::name_entry::NameEntry;
use crate::tui::action::{Action, KeyMap};
use crate::tui::theme::Theme;
use crate::tui::widgets::panel::panel;
use crate::tui::widgets::wrap::hanging;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use std::path::PathBuf;

/// Where an entry of the lobby leads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A new room with a fresh code.
    Create,
    /// The local game's menu, against the AI.
    Solo,
    /// Take the free seat of a waiting room.
    Join(RoomName),
    /// Watch a room's game.
    Watch(RoomName),
    /// Resume an adjourned game.
    Resume(PathBuf),
    /// Choose the name others see.
    Name,
}

/// The lobby's state: what is listed, and the entry under the cursor.
#[derive(Debug, Default)]
pub struct Lobby {
    /// The entry under the cursor.
    pub selected: usize,
    /// Every room.
    pub rooms: Vec<RoomSummary>,
    /// This client's adjourned games.
    pub adjourned: Vec<Adjourned>,
    /// Why the last entry could not be followed (a room that was full, a game resumed already).
    pub problem: Option<String>,
    /// The name being typed, while it is.
    pub editing: Option<NameEntry>,
}

/// What a key does in the lobby.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing more.
    Stay,
    /// Go where the entry leads.
    Go(Entry),
    /// Leave the server.
    Leave,
}

/// How many moves a game has had, in words.
fn moves(p: &Position) -> String {
    match p.ply() {
        1 => "1 move".into(),
        n => format!("{n} moves"),
    }
}

impl Lobby {
    /// Every entry, with its section and its line, in order.
    pub fn entries(&self, me: &Person) -> Vec<(&'static str, Entry, String)> {
        let person = me;
        let me = &person.identity;
        let mut out = vec![
            ("Start", Entry::Create, "Create a room: a fresh code to send a friend".to_string()),
            ("Start", Entry::Solo, "Play the AI here".to_string()),
        ];
        let name = |p: &Option<Person>| p.as_ref().map_or("…".to_string(), |p| who(p, me));
        // A seat of this key's in a running room comes first and says it is theirs, so that a player back
        // after a drop sees at once where to go (the room gives the seat back to its key).
        let (mut mine, mut waiting, mut games) = (Vec::new(), Vec::new(), Vec::new());
        for r in &self.rooms {
            let players = format!("{} vs {}", name(&r.players[0]), name(&r.players[1]));
            let watching = if r.watchers > 0 { format!(" · {} watching", r.watchers) } else { String::new() };
            if r.open() {
                let host = r.players.iter().flatten().next().map_or("someone".into(), |i| who(i, me));
                waiting.push((
                    "Waiting for a player",
                    Entry::Join(r.name.clone()),
                    format!("{:<8} {} · {host} waits", r.name, r.settings.describe()),
                ));
                continue;
            }
            let state = match &r.phase {
                Phase::Playing => "",
                Phase::Over(_) => " · over",
                Phase::Waiting => " · waiting for its players",
                Phase::Adjourned(_) => " · adjourned",
            };
            let line = format!("{:<8} {} · {players}{state}{watching}", r.name, r.settings.describe());
            if r.players.iter().flatten().any(|p| p.identity == *me) {
                mine.push(("Your seats", Entry::Watch(r.name.clone()), format!("{line} · Enter takes your seat")));
            } else {
                games.push(("Games", Entry::Watch(r.name.clone()), line));
            }
        }
        out.extend(mine);
        out.extend(waiting);
        out.extend(games);
        for a in &self.adjourned {
            let r = &a.record;
            let other = r.players.iter().find(|p| p.identity != *me).map_or("yourself".into(), |p| who(p, me));
            out.push((
                "Your adjourned games",
                Entry::Resume(a.path.clone()),
                format!("{:<8} {} vs {other} · {}", r.room, r.settings.describe(), moves(&r.position)),
            ));
        }
        let name = match &person.name {
            Some(_) => format!("Change your name (others see you as {})", person.short()),
            None => format!("Choose a name (others see you as {})", person.short()),
        };
        out.push(("You", Entry::Name, name));
        out
    }

    /// A key in the lobby.
    pub fn key(&mut self, action: Option<Action>, me: &Person) -> Outcome {
        let entries = self.entries(me);
        self.selected = self.selected.min(entries.len().saturating_sub(1));
        match action {
            Some(Action::Up) => self.selected = self.selected.saturating_sub(1),
            Some(Action::Down) => self.selected = (self.selected + 1).min(entries.len().saturating_sub(1)),
            Some(Action::Place) => {
                return entries.into_iter().nth(self.selected).map_or(Outcome::Stay, |e| Outcome::Go(e.1));
            }
            Some(Action::Back | Action::Quit) => return Outcome::Leave,
            _ => {}
        }
        Outcome::Stay
    }

    /// Draws the lobby into `area`.
    pub fn draw(&self, frame: &mut Frame, area: Rect, me: &Person, theme: &Theme, keys: &KeyMap) {
        let you = match &me.name {
            Some(n) => format!("You are {n} ({}).", me.identity.short()),
            None => format!("You are {}.", me.short()),
        };
        // Inside the frame; an entry that wraps stays set in.
        let width = usize::from(area.width.saturating_sub(2)).max(1);
        let mut lines = vec![Line::styled(you, theme.muted()), Line::default()];
        let mut selected_line = 0;
        let mut section = "";
        for (i, (sec, _, text)) in self.entries(me).into_iter().enumerate() {
            if sec != section {
                if !section.is_empty() {
                    lines.push(Line::default());
                }
                lines.push(Line::styled(sec.to_string(), theme.accent()));
                section = sec;
            }
            if let (true, Some(editing)) = (i == self.selected, &self.editing) {
                lines.extend(editing.lines(theme, width));
                // The whole entry stays in view, its refusal included.
                selected_line = lines.len().saturating_sub(1);
            } else if i == self.selected {
                let entry = hanging("› ", &text, width);
                selected_line = lines.len() + entry.len() - 1;
                lines.extend(entry.into_iter().map(|l| Line::styled(l, theme.accent())));
            } else {
                lines.extend(hanging("  ", &text, width).into_iter().map(|l| Line::styled(l, theme.text())));
            }
        }
        lines.push(Line::default());
        if let Some(p) = &self.problem {
            lines.push(Line::styled(p.clone(), theme.error()));
        }
        if !me.identity.has_key() {
            lines.push(Line::styled(
                format!("You have no key: a dropped seat cannot be won back. Make one with: {KEYGEN}"),
                theme.error(),
            ));
        }
        let k = |a: Action| keys.first_key(a);
        let leave = keys.last_key(Action::Back);
        let help = format!("{}{} choose · {} go · {leave} leave", k(Action::Up), k(Action::Down), k(Action::Place));
        if self.editing.is_none() {
            lines.push(Line::styled(help, theme.muted()));
        }
        // Long lines wrap (a refusal, the ssh-keygen line), so rows are counted as drawn to keep the cursor's
        // entry in view.
        let rows = |l: &Line| l.width().div_ceil(width).max(1);
        let above: usize = lines.iter().take(selected_line + 1).map(rows).sum();
        let inner = area.height.saturating_sub(2) as usize;
        let scroll = u16::try_from((above + 1).saturating_sub(inner)).unwrap_or(u16::MAX);
        let block = panel(" hextoe lobby ".into(), theme);
        let text = Paragraph::new(lines).wrap(Wrap { trim: false }).scroll((scroll, 0)).block(block);
        frame.render_widget(text, area);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::serve::identity::Identity;
    use crate::serve::room::settings::RoomSettings;

    fn room(name: &str, players: [Option<&Identity>; 2], phase: Phase) -> RoomSummary {
        let Ok(name) = RoomName::parse(name) else { panic!("a room name") };
        RoomSummary {
            name,
            settings: RoomSettings::new(&Config::default()),
            phase,
            players: players.map(|p| p.cloned().map(Person::unnamed)),
            watchers: 0,
        }
    }

    #[test]
    fn a_players_own_seat_is_listed_first_as_theirs_and_others_games_to_watch() {
        let (me, bob, carol) =
            (Identity::Key("SHA256:me".into()), Identity::Key("SHA256:bob".into()), Identity::guest());
        let lobby = Lobby {
            rooms: vec![
                room("others", [Some(&bob), Some(&carol)], Phase::Playing),
                room("open", [Some(&carol), None], Phase::Waiting),
                room("mine", [Some(&bob), Some(&me)], Phase::Playing),
            ],
            ..Lobby::default()
        };
        let entries = lobby.entries(&Person::unnamed(me));
        let sections: Vec<&str> = entries.iter().map(|e| e.0).collect();
        assert_eq!(sections, ["Start", "Start", "Your seats", "Waiting for a player", "Games", "You"]);
        assert!(
            entries[2].2.starts_with("mine") && entries[2].2.ends_with("Enter takes your seat"),
            "{}",
            entries[2].2
        );
        assert!(entries[2].2.contains("vs you"), "{}", entries[2].2);
        assert!(entries[4].2.starts_with("others") && !entries[4].2.contains("your seat"), "{}", entries[4].2);
    }
}
