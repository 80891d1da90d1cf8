//! Bounded reads of text files: config, saved games and the score file.
//!
//! A file over the bound is refused after reading one byte more than the bound, whatever its real size (a
//! device such as `/dev/zero` never ends), so no file can make hextoe read until memory runs out.

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
}

impl ReadError {
    /// True when the file does not exist, which callers often treat as "nothing saved yet".
    pub fn is_not_found(&self) -> bool {
        matches!(self, ReadError::Io(e) if e.kind() == std::io::ErrorKind::NotFound)
    }
}

/// Reads a UTF-8 text file of at most `limit` bytes.
pub fn read_text(path: &Path, limit: u64) -> Result<String, ReadError> {
    let f = std::fs::File::open(path)?;
    read_text_from(f, limit)
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
    fn an_endless_device_fails_fast() {
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            let msg = read_text(zero, MAX_FILE_BYTES).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(msg.contains("larger than 1048576 bytes"), "{msg}");
        }
    }
}
