//! The server's host key: made on first start and kept in the data directory, so that clients see the same
//! key every time (and OpenSSH's known_hosts can warn them if it ever changes).
//!
//! The key is Ed25519 in OpenSSH's format, written with mode 0600 in a folder of mode 0700. A key file that
//! others can read is refused, as sshd refuses one: a host key that leaked lets anyone pose as the server.

use russh::keys::ssh_key::LineEnding;
use russh::keys::{Algorithm, HashAlg, PrivateKey};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where the host key lives in the data directory.
pub const DEFAULT_FILE: &str = "serve/host_key";

/// The host key, and whether it was just made.
#[derive(Debug)]
pub struct HostKey {
    /// The key.
    pub key: PrivateKey,
    /// Its file.
    pub path: PathBuf,
    /// True if this start made it.
    pub created: bool,
}

impl HostKey {
    /// The key's SHA-256 fingerprint, for the log (the public part only).
    pub fn fingerprint(&self) -> String {
        self.key.public_key().fingerprint(HashAlg::Sha256).to_string()
    }
}

/// Reads the host key at `path`, or makes one there if there is no file; fails with what was wrong with the
/// file and what to do.
pub fn load_or_create(path: &Path) -> Result<HostKey, String> {
    let shown = path.display();
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.is_file() => Err(format!("the host key {shown} is not a regular file")),
        Ok(meta) => {
            check_private(path, &meta)?;
            let text =
                crate::input::read_text(path, 64 * 1024).map_err(|e| format!("cannot read the host key: {e}"))?;
            let key = russh::keys::decode_secret_key(&text, None).map_err(|e| {
                format!(
                    "{shown} is not an OpenSSH private key without a passphrase ({e}); remove it to have a new one made"
                )
            })?;
            Ok(HostKey { key, path: path.to_path_buf(), created: false })
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => create(path),
        Err(e) => Err(format!("cannot read the host key {shown}: {e}")),
    }
}

/// Refuses a key file that anyone but its owner may read or write.
#[cfg(unix)]
fn check_private(path: &Path, meta: &std::fs::Metadata) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(format!(
            "the host key {} has mode {mode:o}: others may read it; run chmod 600 {0} (or remove it to have a new one made)",
            path.display()
        ));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_private(_: &Path, _: &std::fs::Metadata) -> Result<(), String> {
    Ok(())
}

/// Makes a new Ed25519 key and writes it to `path` (mode 0600, never over an existing file).
fn create(path: &Path) -> Result<HostKey, String> {
    let shown = path.display();
    let key =
        PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).map_err(|e| format!("cannot make a host key: {e}"))?;
    let text = key.to_openssh(LineEnding::LF).map_err(|e| format!("cannot write a host key: {e}"))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder.create(dir).map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
    }
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).map_err(|e| format!("cannot write the host key {shown}: {e}"))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| format!("cannot write the host key {shown}: {e}"))?;
    Ok(HostKey { key, path: path.to_path_buf(), created: true })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_private_and_read_back_the_same() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("serve/host_key");
        let made = load_or_create(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(made.created);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).map(|m| m.permissions().mode() & 0o777).unwrap_or(0);
            assert_eq!(mode, 0o600);
        }
        let again = load_or_create(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(!again.created);
        assert_eq!(again.fingerprint(), made.fingerprint());
    }

    #[test]
    fn a_readable_or_broken_key_file_is_refused_with_what_to_do() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("key");
        std::fs::write(&path, "not a key").unwrap_or_else(|e| panic!("{e}"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644));
            let e = load_or_create(&path).err().unwrap_or_default();
            assert!(e.contains("chmod 600"), "{e}");
            let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
        }
        let e = load_or_create(&path).err().unwrap_or_default();
        assert!(e.contains("not an OpenSSH private key"), "{e}");
        let e = load_or_create(dir.path()).err().unwrap_or_default();
        assert!(e.contains("not a regular file"), "{e}");
    }
}
