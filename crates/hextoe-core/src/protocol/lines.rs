//! Bounded line reading, shared by both ends of the protocol: hextoe's engine reads commands with it and
//! the external-engine client ([`crate::ai::hex::players::external`]) reads answers with it.
//!
//! Both sides read untrusted bytes, so a line is read with a size cap (a peer that never sends a newline
//! cannot exhaust memory) and decoded lossily (bytes that are not UTF-8 become U+FFFD instead of an error).

use std::io::{self, BufRead, Read};

/// The longest line either side accepts, in bytes. Real commands and answers are far shorter; a Hex
/// `showboard` picture at 19×19 is under 2 kB in all.
pub const MAX_LINE: usize = 64 * 1024;

/// One read from a line-oriented peer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadLine {
    /// A line without its `\n` (and without a `\r` before it), lossily decoded.
    Line(String),
    /// A line longer than the cap; its bytes were read and thrown away up to the next newline.
    TooLong,
    /// The peer closed its end.
    Eof,
}

/// How many read lines may wait between the reader thread and the client: a bound on the memory a fast
/// peer can fill while the client is not reading (at most this many lines of [`MAX_LINE`] bytes).
pub(crate) const LINE_QUEUE: usize = 64;

/// Reads one line of at most `max` bytes, not counting its `\n` or `\r\n`, so a line ending in CRLF is
/// held to the same bound as one ending in LF. A final line without a newline still counts as a line.
pub fn read_line<R: BufRead>(r: &mut R, max: usize) -> io::Result<ReadLine> {
    read_line_and(r, max, true)
}

/// Like [`read_line`], but reports a line over the cap at once, without reading the rest of it: for a peer
/// that is dropped on the first line too long, which may never send the newline.
pub(crate) fn read_line_no_skip<R: BufRead>(r: &mut R, max: usize) -> io::Result<ReadLine> {
    read_line_and(r, max, false)
}

fn read_line_and<R: BufRead>(r: &mut R, max: usize, skip: bool) -> io::Result<ReadLine> {
    let mut buf = Vec::new();
    let room = max as u64 + 2;
    let n = r.by_ref().take(room).read_until(b'\n', &mut buf)?;
    if n == 0 {
        return Ok(ReadLine::Eof);
    }
    let ended = buf.last() == Some(&b'\n');
    if ended {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if n as u64 == room && !skip {
        return Ok(ReadLine::TooLong);
    } else if n as u64 == room {
        // The cap was reached inside the line: skip the rest of it in bounded chunks.
        loop {
            let mut sink = Vec::new();
            let n = r.by_ref().take(max as u64 + 1).read_until(b'\n', &mut sink)?;
            if n == 0 || sink.last() == Some(&b'\n') {
                return Ok(ReadLine::TooLong);
            }
        }
    }
    if buf.len() > max {
        return Ok(ReadLine::TooLong);
    }
    Ok(ReadLine::Line(String::from_utf8_lossy(&buf).into_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<ReadLine> {
        let mut r = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        loop {
            let l = read_line(&mut r, max).unwrap_or(ReadLine::Eof);
            let eof = l == ReadLine::Eof;
            out.push(l);
            if eof {
                return out;
            }
        }
    }

    #[test]
    fn lines_are_split_bounded_and_lossy() {
        let got = lines(b"ab\r\n0123456789xyz\nok\n\xff\xfeq\nlast", 8);
        assert_eq!(
            got,
            [
                ReadLine::Line("ab".into()),
                ReadLine::TooLong,
                ReadLine::Line("ok".into()),
                ReadLine::Line("\u{fffd}\u{fffd}q".into()),
                ReadLine::Line("last".into()),
                ReadLine::Eof
            ]
        );
        // Exactly at the cap is fine, one more byte is not.
        assert_eq!(lines(b"12345678\n", 8)[0], ReadLine::Line("12345678".into()));
        assert_eq!(lines(b"123456789\n", 8)[0], ReadLine::TooLong);
        assert_eq!(lines(b"123456789", 8), [ReadLine::TooLong, ReadLine::Eof]);
    }

    #[test]
    fn crlf_and_lf_lines_share_one_bound() {
        // Finding 10: a line at the cap was accepted with LF and refused with CRLF.
        assert_eq!(
            lines(b"12345678\r\nok\n", 8)[..2],
            [ReadLine::Line("12345678".into()), ReadLine::Line("ok".into())]
        );
        assert_eq!(lines(b"123456789\r\nok\n", 8)[..2], [ReadLine::TooLong, ReadLine::Line("ok".into())]);
        let at_cap = [vec![b'a'; MAX_LINE], b"\r\n".to_vec()].concat();
        assert_eq!(lines(&at_cap, MAX_LINE)[0], ReadLine::Line("a".repeat(MAX_LINE)));
        let over = [vec![b'a'; MAX_LINE + 1], b"\r\nnext\n".to_vec()].concat();
        assert_eq!(lines(&over, MAX_LINE)[..2], [ReadLine::TooLong, ReadLine::Line("next".into())]);
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_split_into_bounded_lines(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..200), max in 1usize..20) {
            for l in lines(&bytes, max) {
                if let ReadLine::Line(s) = l {
                    proptest::prop_assert!(s.chars().count() <= max);
                }
            }
        }
    }
}
