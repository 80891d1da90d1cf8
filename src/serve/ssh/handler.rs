//! One SSH connection, as russh hands it to us: who logs in, which channel requests are answered, and the
//! bytes in and out of the one session channel a client may open.
//!
//! - Logging in: any public key is accepted (its fingerprint is the player); a client without one gets in
//!   by keyboard-interactive with no questions, as a guest. Passwords are never asked for.
//! - One session channel, with a terminal (`pty-req`) and a shell request: that starts the client's screen.
//!   `exec`, subsystems (sftp), environment variables, X11, agent forwarding and every kind of port
//!   forwarding are refused, each logged; nothing ever runs on the server.
//! - Input is bounded by a rate ([`crate::serve::limits::Limits::input`]); a client over it is told why
//!   and disconnected.

use crate::serve::identity::Identity;
use crate::serve::limits::{Admission, Bucket, Refusal};
use crate::serve::log;
use crate::serve::room::name::Destination;
use crate::serve::session::event::Event;
use crate::serve::session::output::{Next, Outbox};
use crate::serve::session::run::{self, Start};
use crate::serve::shared::Shared;
use russh::server::{Auth, ChannelOpenHandle, Handle, Msg, Session as SshSession};
use russh::{Channel, ChannelId, MethodKind, MethodSet, Pty};
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
    input: Bucket,
    kicked: bool,
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
        let input = Bucket::new(shared.limits.input, Instant::now());
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
            input,
            kicked: false,
            started: Arc::new(AtomicBool::new(false)),
        }
    }

    fn logged_in(&mut self, user: &str, identity: Identity) -> Auth {
        log::line(format!("{}: logged in as {identity}, for {:?}", self.peer, crate::input::quote(user)));
        self.user = user.to_string();
        self.identity = Some(identity);
        Auth::Accept
    }

    /// How a friend reaches this server: the address this client reached.
    fn host(&self) -> String {
        match self.local.ip() {
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        }
    }

    /// Refuses a request that would run something (a command, a subsystem): the words on the channel's error
    /// stream, then the refusal, and the channel closes.
    fn refuse_and_close(
        &mut self,
        channel: ChannelId,
        text: &str,
        session: &mut SshSession,
    ) -> Result<(), russh::Error> {
        // The words first: OpenSSH gives up on the channel as soon as it reads the failure.
        session.extended_data(channel, 1, format!("hextoe: {text}\r\n").into_bytes())?;
        session.channel_failure(channel)?;
        session.exit_status_request(channel, 1)?;
        session.close(channel)
    }

    /// Says goodbye to a shell the server will not serve (a limit, no terminal): the shell request itself
    /// succeeds, so that OpenSSH prints the words before it leaves, with exit status 1.
    fn goodbye(&mut self, channel: ChannelId, text: &str, session: &mut SshSession) -> Result<(), russh::Error> {
        session.channel_success(channel)?;
        session.data(channel, format!("hextoe: {text}\r\n").into_bytes())?;
        session.exit_status_request(channel, 1)?;
        session.eof(channel)?;
        session.close(channel)
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

/// Sends the screen's bytes as the session hands them over, then closes the channel when it is done.
fn writer(handle: Handle, channel: ChannelId, outbox: Arc<Outbox>, events: Sender<Event>) {
    tokio::spawn(async move {
        loop {
            match outbox.next() {
                Next::Send(bytes) => {
                    if handle.data(channel, bytes).await.is_err() {
                        let _ = events.send(Event::Hangup);
                        return;
                    }
                    outbox.sent();
                    let _ = events.send(Event::Sent);
                }
                Next::Close => {
                    let _ = handle.exit_status_request(channel, 0).await;
                    let _ = handle.eof(channel).await;
                    let _ = handle.close(channel).await;
                    return;
                }
                Next::Wait => outbox.wake.notified().await,
            }
        }
    });
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
        _session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            log::line(format!("{}: a second session channel refused", self.peer));
            reply.reject(russh::ChannelOpenFailure::AdministrativelyProhibited).await;
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
        self.size = Some((cols, rows));
        session.channel_success(channel)
    }

    async fn shell_request(&mut self, channel: ChannelId, session: &mut SshSession) -> Result<(), Self::Error> {
        if self.events.is_some() || self.channel != Some(channel) {
            return session.channel_failure(channel);
        }
        if let Some(r) = &self.refusal {
            log::line(format!("{}: refused: {r}", self.peer));
            let text = r.to_string();
            return self.goodbye(channel, &text, session);
        }
        if self.size.is_none() {
            let text = format!(
                "the game needs a terminal: connect with ssh -t (e.g. ssh -t -p {} ROOM@HOST)",
                self.shared.port
            );
            return self.goodbye(channel, &text, session);
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
        let shown = crate::input::quote(&String::from_utf8_lossy(data));
        log::line(format!("{}: exec refused: {shown:?}", self.peer));
        let text = format!("no command runs here; connect without one: ssh -p {} ROOM@HOST", self.shared.port);
        self.refuse_and_close(channel, &text, session)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        log::line(format!("{}: subsystem {:?} refused", self.peer, crate::input::quote(name)));
        self.refuse_and_close(channel, "no subsystem (sftp or any other) runs here", session)
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
        log::line(format!("{}: X11 forwarding refused", self.peer));
        session.channel_failure(channel)
    }

    async fn agent_request(&mut self, _channel: ChannelId, _session: &mut SshSession) -> Result<bool, Self::Error> {
        log::line(format!("{}: agent forwarding refused", self.peer));
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        address: &str,
        port: &mut u32,
        _session: &mut SshSession,
    ) -> Result<bool, Self::Error> {
        log::line(format!("{}: remote forwarding of {:?}:{port} refused", self.peer, crate::input::quote(address)));
        Ok(false)
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        host: &str,
        port: u32,
        _originator: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut SshSession,
    ) -> Result<(), Self::Error> {
        log::line(format!("{}: forwarding to {:?}:{port} refused", self.peer, crate::input::quote(host)));
        reply.reject(russh::ChannelOpenFailure::AdministrativelyProhibited).await;
        Ok(())
    }

    async fn data(&mut self, channel: ChannelId, data: &[u8], _session: &mut SshSession) -> Result<(), Self::Error> {
        let Some(tx) = &self.events else { return Ok(()) };
        if self.channel != Some(channel) || self.kicked {
            return Ok(());
        }
        let n = u32::try_from(data.len()).unwrap_or(u32::MAX);
        if !self.input.take(n, Instant::now()) {
            self.kicked = true;
            let rate = self.shared.limits.input;
            log::line(format!("{}: input over {:.0} bytes a second: disconnected", self.peer, rate.per_second()));
            let why = format!(
                "more than {:.0} bytes of input a second (after {} at once): disconnected",
                rate.per_second(),
                rate.burst
            );
            let _ = tx.send(Event::Kick(why));
            return Ok(());
        }
        let _ = tx.send(Event::Input(data.to_vec()));
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut SshSession,
    ) -> Result<(), Self::Error> {
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
