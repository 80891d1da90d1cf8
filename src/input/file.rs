//! Bounded reads of text files: config, saved games and the score file.
//!
//! Only regular files are read: a directory, a named pipe, a device or a socket is refused at once, before
//! anything waits on it (a pipe is opened without blocking, and checked again once open, so that one put in
//! a file's place meanwhile is refused too). A file over the bound is refused after reading one byte more
//! than the bound, whatever its real size, so no file can make hextoe read until memory runs out.

use std::io::Read;
use std::path::Path;

/// The largest text file hextoe reads: 1 MiB. A config, a saved game or a score file is a few kilobytes;
/// a 19×19 SGF with every cell played is under 4 kB.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Why a text file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The operating system refused (missing file, no permission, a directory...).
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The file holds more than the bound.
    #[error("the file is larger than {limit} bytes, the most hextoe reads; is it the right file?")]
    TooLarge {
        /// The bound, in bytes.
        limit: u64,
    },
    /// The bytes are not UTF-8 text.
    #[error("the file is not UTF-8 text: {0}")]
    NotUtf8(std::string::FromUtf8Error),
    /// Not a regular file: a directory, a named pipe, a device or a socket.
    #[error("it is {0}, not a regular file: expected a file such as a saved game or a config.toml")]
    NotAFile(&'static str),
}

impl ReadError {
    /// True when the file does not exist, which callers often treat as "nothing saved yet".
    pub(crate) fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

/// Reads a UTF-8 text file of at most `limit` bytes; anything but a regular file is refused at once.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    regular(&std::fs::metadata(path)?)?;
    let f = open_without_waiting(path)?;
    regular(&f.metadata()?)?;
    read_text_from(f, limit)
}

/// `Ok` for a regular file, else what it is.
fn regular(meta: &std::fs::Metadata) -> Result<(), ReadError> {
    let t = meta.file_type();
    if t.is_file() {
        return Ok(());
    }
    if t.is_dir() {
        return Err(ReadError::NotAFile("a directory"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let what = if t.is_fifo() {
            "a named pipe"
        } else if t.is_char_device() || t.is_block_device() {
            "a device"
        } else if t.is_socket() {
            "a socket"
        } else {
            "not a file"
        };
        Err(ReadError::NotAFile(what))
    }
    #[cfg(not(unix))]
    Err(ReadError::NotAFile("not a file"))
}

/// Opens a file for reading without waiting: a named pipe with no writer would otherwise block the open.
fn open_without_waiting(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// Reads UTF-8 text of at most `limit` bytes from any reader (an open, perhaps locked, file).
fn read_text_from<R: Read>(r: R, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    r.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    String::from_utf8(bytes).map_err(ReadError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_files_are_read_and_large_or_binary_ones_refused() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("f.txt");
        assert!(std::fs::write(&p, "héllo").is_ok());
        assert_eq!(read_text(&p, 6).ok().as_deref(), Some("héllo"));
        // One byte over the bound is refused.
        assert!(matches!(read_text(&p, 5), Err(ReadError::TooLarge { limit: 5 })));
        assert!(std::fs::write(&p, b"ok\xff").is_ok());
        let msg = read_text(&p, 100).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("not UTF-8"), "{msg}");
        assert!(read_text(&dir.path().join("missing"), 10).err().is_some_and(|e| e.is_not_found()));
    }

    #[test]
    fn anything_but_a_regular_file_is_refused_at_once() {
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let msg = read_text(zero, MAX_FILE_BYTES).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(msg.contains("it is a device, not a regular file"), "{msg}");
        }
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let msg = read_text(dir.path(), MAX_FILE_BYTES).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("it is a directory"), "{msg}");
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_without_waiting_for_a_writer() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let fifo = dir.path().join("pipe.sgf");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return;
        }
        // Nothing ever writes to it: a read that waited would hang this test.
        let msg = read_text(&fifo, MAX_FILE_BYTES).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(msg.contains("it is a named pipe, not a regular file"), "{msg}");
    }
}
