//! One SSH connection, as russh hands it to us: who logs in, which channel requests are answered, and the
//! bytes in and out of the one session channel a client may open.
//!
//! - Logging in: any public key is accepted (its fingerprint is the player); a client without one gets in
//!   by keyboard-interactive with no questions, as a guest. Passwords are never asked for.
//! - One session channel, with a terminal (`pty-req`) and a shell request: that starts the client's screen.
//!   `exec`, subsystems (sftp), environment variables, X11, agent forwarding and every kind of port
//!   forwarding are refused, each logged; nothing ever runs on the server.
//! - Input and requests alike are bounded by a rate ([`crate::serve::limits::Limits::input`], see
//!   [`super::meter`]); a client over it is told why and disconnected. Only a connection's first few
//!   refusals are logged.

use super::meter::{Meter, REQUEST_BYTES, Verdict, WINDOW_CHANGE_BYTES};
use super::reply::{goodbye, refuse_and_close, writer};
use crate::serve::identity::Identity;
use crate::serve::limits::{Admission, Refusal};
use crate::serve::log;
use crate::serve::room::name::Destination;
use crate::serve::session::event::Event;
use crate::serve::session::output::Outbox;
use crate::serve::session::run::{self, Start};
use crate::serve::shared::Shared;
use russh::server::{Auth, ChannelOpenHandle, Msg, Session as SshSession};
use russh::{Channel, ChannelId, Disconnect, MethodKind, MethodSet, Pty};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::time::Instant;

/// The methods offered to clients: a key, or no questions at all.
pub fn methods() -> MethodSet {
    let mut m = MethodSet::empty();
    m.push(MethodKind::PublicKey);
    m.push(MethodKind::KeyboardInteractive);
    m
}

/// A connection's state.
pub struct Client {
    shared: Arc<Shared>,
    peer: SocketAddr,
    local: SocketAddr,
    _admission: Option<Admission>,
    refusal: Option<Refusal>,
    identity: Option<Identity>,
    user: String,
    channel: Option<ChannelId>,
    size: Option<(u32, u32)>,
    events: Option<Sender<Event>>,
    meter: Meter,
    /// Set once the client's screen has started, so that the login timer lets it be.
    pub started: Arc<AtomicBool>,
}

impl Client {
    /// A new connection from `peer` to `local`; `refusal` says why it will be told to go, if it must.
    pub fn new(
        shared: Arc<Shared>,
        peer: SocketAddr,
        local: SocketAddr,
        admission: Result<Admission, Refusal>,
    ) -> Client {
        let (admission, refusal) = match admission {
            Ok(a) => (Some(a), None),
            Err(r) => (None, Some(r)),
        };
        let meter = Meter::new(shared.limits.input, Instant::now());
        Client {
            shared,
            peer,
            local,
            _admission: admission,
            refusal,
            identity: None,
            user: String::new(),
            channel: None,
            size: None,
            events: None,
            meter,
            started: Arc::new(AtomicBool::new(false)),
        }
    }

    fn logged_in(&mut self, user: &str, identity: Identity) -> Auth {
        log::line(format!("{}: logged in as {identity}, for {:?}", self.peer, crate::input::quote(user)));
        self.user = user.to_string();
        self.identity = Some(identity);
        Auth::Accept
    }

    /// Counts `n` bytes of input (`None`: a request) against the client's rate: false once it is over the
    /// rate, when the client is told why (by its screen, or in the disconnect if it has none yet).
    fn within(&mut self, n: Option<usize>, session: &mut SshSession) -> bool {
        let now = Instant::now();
        let verdict = self.meter.bytes(n.unwrap_or(REQUEST_BYTES), now);
        let Verdict::Over(why) = verdict else { return verdict == Verdict::Within };
        let rate = self.shared.limits.input;
        log::line(format!("{}: input over {:.0} bytes a second: disconnected", self.peer, rate.per_second()));
        match &self.events {
            Some(tx) => drop(tx.send(Event::Kick(why))),
            None => drop(session.disconnect(Disconnect::ByApplication, &why, "en")),
        }
        false
    }

    /// Counts a refused request, and logs it if the connection has not had its share of the log: false when
    /// the client is over its rate (and on its way out).
    fn refused(&mut self, session: &mut SshSession, line: impl FnOnce() -> String) -> bool {
        if !self.within(None, session) {
            return false;
        }
        if let Some(l) = self.meter.refused(line) {
            log::line(format!("{}: {l}", self.peer));
        }
        true
    }

    /// How a friend reaches this server: the address this client reached.
    fn host(&self) -> String {
        match self.local.ip() {
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        }
    }

    /// Starts the client's screen: its session thread, and the writer that sends the screen's bytes.
    fn start(&mut self, channel: ChannelId, session: &mut SshSession) -> Result<(), russh::Error> {
        let (tx, rx) = mpsc::channel();
        let outbox = Arc::new(Outbox::default());
        let identity = self.identity.clone().unwrap_or_else(Identity::guest);
        let start = Start {
            identity,
            destination: Destination::of_user(&self.user),
            host: self.host(),
            size: self.size.unwrap_or((80, 24)),
            peer: self.peer.to_string(),
        };
        let kick = tx.clone();
        // An empty reason only asks whether the session is still there (`Sent` changes nothing).
        self.shared.sessions.add(Box::new(move |why: &str| {
            let ev = if why.is_empty() { Event::Sent } else { Event::Kick(why.to_string()) };
            kick.send(ev).is_ok()
        }));
        if let Err(e) = run::spawn(self.shared.clone(), start, tx.clone(), rx, outbox.clone()) {
            log::line(format!("{}: cannot start a session: {e}", self.peer));
            session.data(channel, b"hextoe: the server cannot take more clients now; try again later\r\n".to_vec())?;
            session.exit_status_request(channel, 1)?;
            return session.close(channel);
        }
        writer(session.handle(), channel, outbox, tx.clone());
        self.events = Some(tx);
        self.started.store(true, Ordering::Relaxed);
        Ok(())
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(tx) = &self.events {
            let _ = tx.send(Event::Hangup);
        }
        log::line(format!("{}: connection closed", self.peer));
    }
}

impl russh::server::Handler for Client {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::Reject { proceed_with_methods: Some(methods()), partial_success: false })
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(self.logged_in(user, Identity::of_key(key.public_key)))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        Ok(self.logged_in(user, Identity::guest()))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            self.refused(session, || "a second session channel refused".into());
            reply.reject(russh::ChannelOpenFailure::AdministrativelyProhibited).await;
            return Ok(());
        }
        if !self.within(None, session) {
            return Ok(());
        }
        self.channel = Some(channel.id());
        // The channel's own message stream is not read: everything arrives through these callbacks.
        drop(channel);
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        if !self.within(None, session) {
            return session.channel_failure(channel);
        }
        self.size = Some((cols, rows));
        session.channel_success(channel)
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut SshSession) -> Result<(), Self::Error> {
        if !self.within(None, session) || self.events.is_some() || self.channel != Some(channel) {
            return session.channel_failure(channel);
        }
        if let Some(r) = &self.refusal {
            log::line(format!("{}: refused: {r}", self.peer));
            return goodbye(channel, &r.to_string(), session);
        }
        if self.size.is_none() {
            let text = format!(
                "the game needs a terminal: connect with ssh -t (e.g. ssh -t -p {} ROOM@HOST)",
                self.shared.port
            );
            return goodbye(channel, &text, session);
        }
        session.channel_success(channel)?;
        self.start(channel, session)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        if !self.refused(session, || format!("exec refused: {:?}", crate::input::quote(&String::from_utf8_lossy(data))))
        {
            return session.channel_failure(channel);
        }
        let text = format!("no command runs here; connect without one: ssh -p {} ROOM@HOST", self.shared.port);
        refuse_and_close(channel, &text, session)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        if !self.refused(session, || format!("subsystem {:?} refused", crate::input::quote(name))) {
            return session.channel_failure(channel);
        }
        refuse_and_close(channel, "no subsystem (sftp or any other) runs here", session)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        _value: &str,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        // OpenSSH sends LANG and LC_* by default: refused without a word, as the server takes nothing from
        // the client's environment.
        self.within(None, session);
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        self.refused(session, || "X11 forwarding refused".into());
        session.channel_failure(channel)
    }

    async fn agent_request(&mut self, _channel: ChannelId, session: &mut SshSession) -> Result<bool, Self::Error> {
        self.refused(session, || "agent forwarding refused".into());
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        address: &str,
        port: &mut u32,
        session: &mut SshSession,
    ) -> Result<bool, Self::Error> {
        self.refused(session, || format!("remote forwarding of {:?}:{port} refused", crate::input::quote(address)));
        Ok(false)
    }

    async fn streamlocal_forward(&mut self, socket_path: &str, session: &mut SshSession) -> Result<bool, Self::Error> {
        self.refused(session, || format!("remote forwarding of socket {:?} refused", crate::input::quote(socket_path)));
        Ok(false)
    }

    async fn channel_open_direct_streamlocal(
        &mut self,
        _channel: Channel<Msg>,
        socket_path: &str,
        reply: ChannelOpenHandle,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        self.refused(session, || format!("forwarding to socket {:?} refused", crate::input::quote(socket_path)));
        reply.reject(russh::ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        host: &str,
        port: u32,
        _originator: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        self.refused(session, || format!("forwarding to {:?}:{port} refused", crate::input::quote(host)));
        reply.reject(russh::ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], session: &mut SshSession) -> Result<(), Self::Error> {
        if !self.within(Some(data.len()), session) || self.channel != Some(channel) {
            return Ok(());
        }
        if let Some(tx) = &self.events {
            let _ = tx.send(Event::Input(data.to_vec()));
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        if !self.within(Some(WINDOW_CHANGE_BYTES), session) {
            return Ok(());
        }
        self.size = Some((cols, rows));
        if let Some(tx) = &self.events {
            let _ = tx.send(Event::Resize(cols, rows));
        }
        Ok(())
    }

    async fn channel_eof(&mut self, _channel: ChannelId, _session: &mut SshSession) -> Result<(), Self::Error> {
        if let Some(tx) = &self.events {
            let _ = tx.send(Event::Hangup);
        }
        Ok(())
    }

    async fn channel_close(&mut self, _channel: ChannelId, _session: &mut SshSession) -> Result<(), Self::Error> {
        if let Some(tx) = &self.events {
            let _ = tx.send(Event::Hangup);
        }
        Ok(())
    }
}
