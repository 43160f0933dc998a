//! Helpers shared by the integration tests: running the binary, and finding the command-line
//! PDF tools that CI must have.

// Each test crate compiles this module and uses only part of it.
#![allow(dead_code)]

use std::process::Command;

/// Runs `libertykit` with `args` from the crate's folder: (exit code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Whether a command-line tool (pdftotext, qpdf, ...) can be started. Locally a missing tool
/// skips its check with a note; under CI (`CI` set) it fails the test instead.
pub fn tool_available(tool: &str) -> bool {
    // Only whether the binary can be started matters, not what `-v` prints or returns.
    let found = Command::new(tool).arg("-v").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "{tool} is required when CI is set"
        );
        eprintln!("skipping {tool} check: {tool} not installed");
    }
    found
}
