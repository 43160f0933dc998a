//! Numbered points where a test stops this process as `kill -9` would, or makes a write fail as
//! a full disk does, so that every moment of a folder's switch can be tried in turn:
//! `LIBERTYKIT_TEST_KILL_AT=N` aborts at the Nth change of a folder (a file staged, the plan
//! written, a file renamed or removed, the plan removed), and `LIBERTYKIT_TEST_FAIL_WRITE_AT=N`
//! makes the Nth file written fail for want of space. Only debug builds read them: a released
//! binary has no such switch.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// Steps of folder changes taken so far, and files written so far.
static STEPS: AtomicU64 = AtomicU64::new(0);
static WRITES: AtomicU64 = AtomicU64::new(0);

/// The number an environment variable sets, in a debug build.
fn setting(name: &str) -> Option<u64> {
    if !cfg!(debug_assertions) {
        return None;
    }
    std::env::var(name).ok()?.trim().parse().ok()
}

/// Marks one step of a folder's change; at the step `LIBERTYKIT_TEST_KILL_AT` names, the
/// process ends at once, running no destructor and removing nothing, as a kill does.
pub fn step() {
    static KILL_AT: OnceLock<Option<u64>> = OnceLock::new();
    if let Some(at) = *KILL_AT.get_or_init(|| setting("LIBERTYKIT_TEST_KILL_AT"))
        && STEPS.fetch_add(1, Ordering::SeqCst) + 1 == at
    {
        // As `kill -9` does: no destructor runs, no temporary is removed.
        #[cfg(unix)]
        let _ = std::process::Command::new("kill")
            .args(["-KILL", &std::process::id().to_string()])
            .status();
        std::process::abort();
    }
}

/// The error the file about to be written meets, when it is the one
/// `LIBERTYKIT_TEST_FAIL_WRITE_AT` names: a disk with no space left.
pub fn write_failure() -> Option<std::io::Error> {
    static FAIL_AT: OnceLock<Option<u64>> = OnceLock::new();
    let at = (*FAIL_AT.get_or_init(|| setting("LIBERTYKIT_TEST_FAIL_WRITE_AT")))?;
    (WRITES.fetch_add(1, Ordering::SeqCst) + 1 == at)
        .then(|| std::io::Error::from(std::io::ErrorKind::StorageFull))
}
