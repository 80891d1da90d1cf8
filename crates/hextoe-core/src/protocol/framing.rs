//! GTP version 2 framing, for both ends: a command line split into its id, name and arguments; an answer
//! written as text; and an answer read back, line by line, within its bounds.
//!
//! Input lines are preprocessed as the GTP 2 specification says: control characters other than tab and
//! newline are removed, everything from `#` on is a comment, tabs become spaces, and lines that are then
//! empty are ignored (no answer at all). A command is `[id] command_name [arguments]`, where the optional
//! id is a string of digits echoed back verbatim (so no id can overflow anything).
//!
//! An answer is `=[id] text` or `?[id] message`, followed by one empty line. A multi-line text keeps its
//! line breaks but never contains an empty line, which would end the answer early for the client.

use super::reply::Refusal;
use std::fmt::Display;

/// The most an answer may hold in all, in bytes (its lines after the first and their newlines). A peer
/// that keeps sending lines without the empty line that ends an answer is cut off here instead of filling
/// memory.
pub const MAX_ANSWER: usize = 256 * 1024;

/// A command line split into words: the optional id, the command name (lower-cased) and its arguments.
/// [`super::Request::parse`] makes it a typed request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The id as written (digits only), echoed in the answer.
    pub id: Option<String>,
    /// The command name, lower-cased.
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// What one input line amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    /// A blank or comment-only line: GTP says to ignore it silently.
    Nothing,
    /// A well-formed command line.
    Command(Command),
    /// A line that is not a command; answered with `?` and this refusal.
    Malformed {
        /// The id, if one was read before the problem.
        id: Option<String>,
        /// What was wrong.
        message: Refusal,
    },
}

/// Preprocesses and splits one input line (without its newline).
pub fn parse_line(line: &str) -> Parsed {
    let cleaned: String = line
        .chars()
        .take_while(|&c| c != '#')
        .filter_map(|c| match c {
            '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect();
    let mut words = cleaned.split_whitespace();
    let Some(first) = words.next() else { return Parsed::Nothing };
    let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
        let id = Some(first.to_string());
        match words.next() {
            Some(name) => (id, name),
            None => return Parsed::Malformed { id, message: Refusal::MissingCommand },
        }
    } else if first.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+') {
        return Parsed::Malformed { id: None, message: Refusal::MalformedId(first.to_string()) };
    } else {
        (None, first)
    };
    Parsed::Command(Command { id, name: name.to_ascii_lowercase(), args: words.map(str::to_string).collect() })
}

/// The full answer text for a reply, ending with the empty line that closes it: `=` and the answer, or `?`
/// and the refusal. Anything that displays as text frames, so both ends and their tests share this one
/// writer.
pub fn format_answer<A: Display, R: Display>(id: Option<&str>, reply: &Result<A, R>) -> String {
    let (mark, text) = match reply {
        Ok(t) => ('=', t.to_string()),
        Err(m) => ('?', m.to_string()),
    };
    let mut lines = text.trim_end().split('\n').map(|l| l.trim_end_matches('\r'));
    let mut out = format!("{mark}{} {}", id.unwrap_or(""), lines.next().unwrap_or(""));
    for l in lines.filter(|l| !l.trim().is_empty()) {
        out.push('\n');
        out.push_str(l);
    }
    out.push_str("\n\n");
    out
}

/// The first line of an answer: `=[id] text` (success) or `?[id] text` (failure).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerHead {
    /// True for `=`, false for `?`.
    pub ok: bool,
    /// The id the peer echoed, if any.
    pub id: Option<String>,
    /// The rest of the line, trimmed.
    pub text: String,
}

/// Reads the first line of an answer; `None` if the line is not one (it starts with neither `=` nor `?`).
pub fn parse_answer_head(line: &str) -> Option<AnswerHead> {
    let ok = match line.chars().next()? {
        '=' => true,
        '?' => false,
        _ => return None,
    };
    let rest = &line[1..];
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let id = (digits > 0).then(|| rest[..digits].to_string());
    Some(AnswerHead { ok, id, text: rest[digits..].trim().to_string() })
}

/// Why a peer's lines are not an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAnswer {
    /// The first line that is not blank starts with neither `=` nor `?`; the line as read.
    NotAnAnswer(String),
    /// The answer grew past [`MAX_ANSWER`] bytes without its closing empty line.
    TooLong,
}

/// Reads one answer from a peer, line by line: blank lines before it are skipped, the head says `=` or `?`,
/// and the empty line after the text ends it. The lines after the head may hold [`MAX_ANSWER`] bytes in all.
#[derive(Clone, Debug, Default)]
pub struct AnswerReader {
    head: Option<AnswerHead>,
    size: usize,
}

impl AnswerReader {
    /// A reader waiting for the head of an answer.
    pub fn new() -> AnswerReader {
        AnswerReader::default()
    }

    /// Takes the next line. `Ok(None)` while the answer goes on; `Ok(Some(head))` when it is complete, with
    /// every line of its text in `head.text`.
    pub fn feed(&mut self, line: String) -> Result<Option<AnswerHead>, BadAnswer> {
        match self.head.as_mut() {
            None if line.trim().is_empty() => Ok(None),
            None => {
                self.head = Some(parse_answer_head(&line).ok_or(BadAnswer::NotAnAnswer(line))?);
                Ok(None)
            }
            Some(_) if line.trim().is_empty() => Ok(self.head.take()),
            Some(head) => {
                self.size = self.size.saturating_add(line.len() + 1);
                if self.size > MAX_ANSWER {
                    return Err(BadAnswer::TooLong);
                }
                head.text.push('\n');
                head.text.push_str(&line);
                Ok(None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(id: Option<&str>, name: &str, args: &[&str]) -> Parsed {
        Parsed::Command(Command {
            id: id.map(str::to_string),
            name: name.into(),
            args: args.iter().map(|s| s.to_string()).collect(),
        })
    }

    #[test]
    fn lines_are_preprocessed_as_gtp_says() {
        assert_eq!(parse_line(""), Parsed::Nothing);
        assert_eq!(parse_line("   \t "), Parsed::Nothing);
        assert_eq!(parse_line("# only a comment"), Parsed::Nothing);
        assert_eq!(parse_line("play\tb  a1 # comment"), cmd(None, "play", &["b", "a1"]));
        assert_eq!(parse_line("12 PLAY b\u{7}a1"), cmd(Some("12"), "play", &["ba1"]));
        assert_eq!(parse_line("007 name"), cmd(Some("007"), "name", &[]));
        assert_eq!(parse_line("99999999999999999999999999 name"), cmd(Some("99999999999999999999999999"), "name", &[]));
    }

    #[test]
    fn bad_ids_are_malformed() {
        assert_eq!(parse_line("12"), Parsed::Malformed { id: Some("12".into()), message: Refusal::MissingCommand });
        assert!(matches!(parse_line("-3 name"), Parsed::Malformed { id: None, message: Refusal::MalformedId(_) }));
        assert!(matches!(parse_line("1a name"), Parsed::Malformed { id: None, .. }));
    }

    #[test]
    fn answers_are_framed() {
        let ok = |s: &str| Ok::<_, String>(s.to_string());
        assert_eq!(format_answer(None, &ok("")), "= \n\n");
        assert_eq!(format_answer(Some("4"), &ok("2")), "=4 2\n\n");
        assert_eq!(format_answer(Some("4"), &Err::<String, _>("no")), "?4 no\n\n");
        assert_eq!(format_answer(None, &ok("\na\n\nb\n")), "= \na\nb\n\n");
    }

    #[test]
    fn answer_heads() {
        assert_eq!(parse_answer_head("= a1"), Some(AnswerHead { ok: true, id: None, text: "a1".into() }));
        assert_eq!(
            parse_answer_head("?12 no"),
            Some(AnswerHead { ok: false, id: Some("12".into()), text: "no".into() })
        );
        assert_eq!(parse_answer_head("="), Some(AnswerHead { ok: true, id: None, text: String::new() }));
        assert_eq!(parse_answer_head("a1"), None);
        assert_eq!(parse_answer_head(""), None);
    }

    fn read(lines: &[&str]) -> Result<Option<AnswerHead>, BadAnswer> {
        let mut r = AnswerReader::new();
        for l in lines {
            if let Some(done) = r.feed(l.to_string())? {
                return Ok(Some(done));
            }
        }
        Ok(None)
    }

    #[test]
    fn answers_are_read_back_line_by_line() {
        let board = read(&["", " ", "=7 ", "  a b", "1 . .", "", "= next"]);
        assert_eq!(board, Ok(Some(AnswerHead { ok: true, id: Some("7".into()), text: "\n  a b\n1 . .".into() })));
        assert_eq!(read(&["? no", ""]), Ok(Some(AnswerHead { ok: false, id: None, text: "no".into() })));
        assert_eq!(read(&["= a1"]), Ok(None), "an answer is complete only at its empty line");
        assert_eq!(read(&["", "garbage", ""]), Err(BadAnswer::NotAnAnswer("garbage".into())));
        let line = "x".repeat(1023);
        let mut flood = vec!["="];
        flood.extend(std::iter::repeat_n(line.as_str(), MAX_ANSWER / 1024));
        assert_eq!(read(&flood), Ok(None), "exactly at the bound");
        flood.push("y");
        assert_eq!(read(&flood), Err(BadAnswer::TooLong));
    }

    proptest::proptest! {
        #[test]
        fn answer_heads_never_panic(line in proptest::prelude::any::<String>()) {
            if let Some(h) = parse_answer_head(&line) {
                let mark = if h.ok { '=' } else { '?' };
                proptest::prop_assert!(line.starts_with(mark));
            }
        }
    }
}
