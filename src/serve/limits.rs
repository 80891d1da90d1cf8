//! Every bound the server keeps, in one place, and the two counters that enforce the per-address ones.
//!
//! An SSH server on the internet is probed within minutes, so nothing a client does may grow without
//! bound: connections in all and per address, the rate of new connections, rooms, watchers, names, the
//! time to log in, idle time in the lobby, input bytes and window sizes. A client over a limit is told why
//! and disconnected; everyone else goes on.

use crate::config::{GraceSeconds, IdleMinutes};
use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The server's limits. [`Limits::default`] holds the documented defaults (docs/serve.md).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Connections at once, in all (`--max-connections`).
    pub max_connections: usize,
    /// Connections at once from one address (`--max-per-address`).
    pub max_per_address: usize,
    /// New connections from one address: a burst, then one per this interval.
    pub new_per_address: Rate,
    /// Rooms at once, open and playing.
    pub max_rooms: usize,
    /// Watchers in one room.
    pub max_watchers: usize,
    /// Time from connecting to a screen: the SSH handshake, logging in and asking for the terminal.
    pub login_time: Duration,
    /// Idle time in the lobby, a waiting room or alone with the AI before the server hangs up; and of a game
    /// without a clock where no player presses a key, before it is adjourned and its room closed
    /// (`[serve] idle_minutes`).
    pub idle_time: Duration,
    /// Bytes of input per second from one client, after a burst.
    pub input: Rate,
    /// The largest window drawn, columns and rows; a larger one is drawn at this size.
    pub max_window: (u16, u16),
    /// How long a dropped player's seat is kept before the game is adjourned (`[serve] grace`).
    pub grace: Duration,
    /// Keys whose chosen names the server remembers.
    pub max_names: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 256,
            max_per_address: 8,
            new_per_address: Rate { burst: 10, every: Duration::from_secs(3) },
            max_rooms: 128,
            max_watchers: 32,
            login_time: Duration::from_secs(10),
            idle_time: IdleMinutes::DEFAULT.duration(),
            input: Rate { burst: 16 * 1024, every: Duration::from_micros(250) },
            max_window: (500, 300),
            grace: GraceSeconds::DEFAULT.duration(),
            max_names: 10_000,
        }
    }
}

impl Limits {
    /// A window size as drawn: from 1×1 up to [`Limits::max_window`] (a larger window is drawn in its top
    /// left corner at the largest size; a tiny one says "terminal too small").
    pub fn clamp_window(&self, (w, h): (u32, u32)) -> (u16, u16) {
        let (mw, mh) = self.max_window;
        (w.clamp(1, u32::from(mw)) as u16, h.clamp(1, u32::from(mh)) as u16)
    }
}

/// A rate: up to `burst` at once, then one more each `every` (a token bucket).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rate {
    /// How many may come at once.
    pub burst: u32,
    /// How often one more may come after that.
    pub every: Duration,
}

impl Rate {
    /// How many come per second at the sustained rate.
    pub fn per_second(&self) -> f64 {
        1.0 / self.every.as_secs_f64().max(1e-9)
    }
}

/// A token bucket over a [`Rate`], driven by the time it is given.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: Rate,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket at `now`.
    pub fn new(rate: Rate, now: Instant) -> Bucket {
        Bucket { rate, tokens: f64::from(rate.burst), last: now }
    }

    fn refill(&mut self, now: Instant) {
        let dt = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens = (self.tokens + dt * self.rate.per_second()).min(f64::from(self.rate.burst));
        self.last = now;
    }

    /// Takes `n` tokens at `now` if there are that many; false (and nothing taken) if not.
    pub fn take(&mut self, n: u32, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= f64::from(n) {
            self.tokens -= f64::from(n);
            true
        } else {
            false
        }
    }

    /// True when the bucket is full again at `now`: it remembers nothing worth keeping.
    pub fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= f64::from(self.rate.burst)
    }
}

/// Why a connection was refused, told to the client before it is disconnected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The server has `0` connections already.
    Full(usize),
    /// This address has `0` connections already.
    TooManyFromAddress(usize),
    /// This address connects too often.
    TooFast,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Full(n) => write!(f, "the server is full ({n} connections); try again later"),
            Refusal::TooManyFromAddress(n) => {
                write!(f, "too many connections from your address ({n} at once); close one and try again")
            }
            Refusal::TooFast => write!(f, "too many new connections from your address; wait a minute and try again"),
        }
    }
}

/// The source that the per-address limits count a connection against: an IPv4 address, or an IPv6
/// address's /64 network — one machine commonly holds a whole /64, so counting its addresses one by one
/// would give it billions of places. An IPv4 address written as IPv6 (`::ffff:a.b.c.d`) is its IPv4 self.
pub fn source(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

/// What the server remembers of one address: its open connections and its rate of new ones.
#[derive(Debug)]
struct Address {
    open: usize,
    bucket: Bucket,
}

/// Above this many addresses remembered, those with nothing open and a full bucket are forgotten.
const PRUNE_ABOVE: usize = 4096;

/// The open connections, in all and per address, shared by every connection's [`Admission`].
#[derive(Debug)]
pub struct Doorman {
    limits: Limits,
    open: usize,
    addresses: HashMap<IpAddr, Address>,
}

/// A connection let in; dropping it gives its place back.
#[derive(Debug)]
pub struct Admission {
    doorman: Arc<Mutex<Doorman>>,
    ip: IpAddr,
}

impl Doorman {
    /// Nobody in yet.
    pub fn new(limits: Limits) -> Arc<Mutex<Doorman>> {
        Arc::new(Mutex::new(Doorman { limits, open: 0, addresses: HashMap::new() }))
    }

    /// Lets a connection from `ip` in at `now`, or says why not. Every attempt counts against the rate of
    /// the address's [`source`], refused or not.
    pub fn admit(doorman: &Arc<Mutex<Doorman>>, ip: IpAddr, now: Instant) -> Result<Admission, Refusal> {
        let ip = source(ip);
        let mut guard = doorman.lock().unwrap_or_else(|p| p.into_inner());
        let d = &mut *guard;
        d.prune(now);
        let limits = d.limits.clone();
        let entry = d
            .addresses
            .entry(ip)
            .or_insert_with(|| Address { open: 0, bucket: Bucket::new(limits.new_per_address, now) });
        if !entry.bucket.take(1, now) {
            return Err(Refusal::TooFast);
        }
        if entry.open >= limits.max_per_address {
            return Err(Refusal::TooManyFromAddress(limits.max_per_address));
        }
        if d.open >= limits.max_connections {
            return Err(Refusal::Full(limits.max_connections));
        }
        d.open += 1;
        if let Some(a) = d.addresses.get_mut(&ip) {
            a.open += 1;
        }
        Ok(Admission { doorman: doorman.clone(), ip })
    }

    /// Forgets the addresses that have nothing open and whose rate is back to full, once there are many.
    fn prune(&mut self, now: Instant) {
        if self.addresses.len() > PRUNE_ABOVE {
            self.addresses.retain(|_, a| a.open > 0 || !a.bucket.is_full(now));
        }
        if self.addresses.len() > 4 * PRUNE_ABOVE {
            // Addresses by the thousand within seconds: the rates are forgotten, the counts of open
            // connections (and with them both connection limits) stay.
            self.addresses.retain(|_, a| a.open > 0);
        }
    }

    /// Connections open now, in all.
    pub fn open(&self) -> usize {
        self.open
    }
}

impl Drop for Admission {
    fn drop(&mut self) {
        let mut d = self.doorman.lock().unwrap_or_else(|p| p.into_inner());
        d.open = d.open.saturating_sub(1);
        if let Some(a) = d.addresses.get_mut(&self.ip) {
            a.open = a.open.saturating_sub(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    #[test]
    fn the_idle_time_and_the_grace_are_the_configs_defaults_and_the_times_are_as_documented() {
        let (limits, config) = (Limits::default(), crate::config::Config::default());
        assert_eq!(limits.idle_time, config.serve.idle_minutes.duration());
        assert_eq!(limits.grace, config.serve.grace.duration());
        let doc = include_str!("../../docs/serve.md");
        let (idle, grace) = (limits.idle_time.as_secs() / 60, limits.grace.as_secs());
        for said in [
            format!("| {idle} minutes | `[serve] idle_minutes` |"),
            format!("| {idle} minutes: the game is adjourned"),
            format!("| {grace} s | `[serve] grace` |"),
            format!("({} minutes by default; `[serve] grace`", grace / 60),
            format!("| time to log in and open a terminal | {} s from connecting", limits.login_time.as_secs()),
        ] {
            assert!(doc.contains(&said), "docs/serve.md does not say {said:?}");
        }
    }

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut b = Bucket::new(Rate { burst: 3, every: Duration::from_secs(1) }, t0);
        assert!((0..3).all(|_| b.take(1, t0)));
        assert!(!b.take(1, t0), "the burst is spent");
        assert!(!b.take(1, t0 + Duration::from_millis(900)));
        assert!(b.take(1, t0 + Duration::from_millis(1000)), "one more a second");
        assert!(!b.take(5, t0 + Duration::from_secs(100)), "never more than the burst at once");
        assert!(b.take(3, t0 + Duration::from_secs(100)));
    }

    #[test]
    fn the_doorman_counts_per_address_and_in_all_and_gives_places_back() {
        let t0 = Instant::now();
        let limits = Limits {
            max_connections: 3,
            max_per_address: 2,
            new_per_address: Rate { burst: 100, every: Duration::from_secs(1) },
            ..Limits::default()
        };
        let d = Doorman::new(limits);
        let a1 = Doorman::admit(&d, ip(1), t0).unwrap_or_else(|e| panic!("{e}"));
        let _a2 = Doorman::admit(&d, ip(1), t0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Doorman::admit(&d, ip(1), t0).err(), Some(Refusal::TooManyFromAddress(2)));
        let _b1 = Doorman::admit(&d, ip(2), t0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Doorman::admit(&d, ip(3), t0).err(), Some(Refusal::Full(3)));
        drop(a1);
        let c1 = Doorman::admit(&d, ip(3), t0);
        assert!(c1.is_ok(), "a closed connection gives its place back");
        assert_eq!(d.lock().map(|d| d.open()).unwrap_or(99), 3);
    }

    #[test]
    fn an_address_that_connects_too_often_is_refused_until_its_rate_allows() {
        let t0 = Instant::now();
        let limits = Limits { new_per_address: Rate { burst: 2, every: Duration::from_secs(3) }, ..Limits::default() };
        let d = Doorman::new(limits);
        for _ in 0..2 {
            drop(Doorman::admit(&d, ip(7), t0).unwrap_or_else(|e| panic!("{e}")));
        }
        assert_eq!(Doorman::admit(&d, ip(7), t0).err(), Some(Refusal::TooFast));
        assert!(Doorman::admit(&d, ip(8), t0).is_ok(), "other addresses go on");
        assert!(Doorman::admit(&d, ip(7), t0 + Duration::from_secs(3)).is_ok());
        assert!(Refusal::TooFast.to_string().contains("wait"));
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address_and_a_mapped_ipv4_as_itself() {
        let t0 = Instant::now();
        let d = Doorman::new(Limits { max_per_address: 2, ..Limits::default() });
        let v6 = |s: &str| s.parse::<IpAddr>().unwrap_or_else(|e| panic!("{e}"));
        let _a = Doorman::admit(&d, v6("2001:db8:1:2::1"), t0).unwrap_or_else(|e| panic!("{e}"));
        let _b = Doorman::admit(&d, v6("2001:db8:1:2:ffff:1:2:3"), t0).unwrap_or_else(|e| panic!("{e}"));
        let same = Doorman::admit(&d, v6("2001:db8:1:2:dead:beef::"), t0).err();
        assert_eq!(same, Some(Refusal::TooManyFromAddress(2)), "the same /64");
        assert!(Doorman::admit(&d, v6("2001:db8:1:3::1"), t0).is_ok(), "the next /64 is another source");
        let _c = Doorman::admit(&d, ip(9), t0).unwrap_or_else(|e| panic!("{e}"));
        let _e = Doorman::admit(&d, v6("::ffff:10.0.0.9"), t0).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Doorman::admit(&d, ip(9), t0).err(), Some(Refusal::TooManyFromAddress(2)), "mapped IPv4 is IPv4");
    }
}
