//! `hextoe serve` from the command line, without the network: its help, and the refusals that come before
//! it listens (a bad host key, a bad flag), each with exit status 2 and the reason.

use assert_cmd::cargo::cargo_bin_cmd;

#[test]
fn serve_help_says_how_to_join_and_lists_its_flags() {
    let out = cargo_bin_cmd!("hextoe").args(["serve", "--help"]).output().unwrap_or_else(|e| panic!("{e}"));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    for needed in [
        "ssh -p 2222 ROOM@HOST",
        "lobby@HOST",
        "--port",
        "--bind",
        "--max-connections",
        "--max-per-address",
        "--host-key",
        "[default: 127.0.0.1]",
    ] {
        assert!(help.contains(needed), "the help lacks {needed:?}:\n{help}");
    }
}

#[test]
fn a_host_key_that_others_can_read_or_that_is_no_key_is_refused_before_listening() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let key = dir.path().join("key");
    std::fs::write(&key, "not a key").unwrap_or_else(|e| panic!("{e}"));
    let run = || {
        cargo_bin_cmd!("hextoe")
            .args(["serve", "--port", "0", "--host-key"])
            .arg(&key)
            .env("XDG_DATA_HOME", dir.path())
            .output()
            .unwrap_or_else(|e| panic!("{e}"))
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644));
        let out = run();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("chmod 600"), "{}", String::from_utf8_lossy(&out.stderr));
        let _ = std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600));
    }
    let out = run();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not an OpenSSH private key"));
    let out =
        cargo_bin_cmd!("hextoe").args(["serve", "--max-per-address", "0"]).output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
}
