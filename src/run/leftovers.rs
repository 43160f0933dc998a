//! The temporary files a killed run left behind, and which of them may go.
//!
//! Every temporary libertykit writes is named `.libertykit-<process id>-<10 letters>.tmp`, so a
//! later run can tell a leftover from a file a concurrent run is still writing: it goes when
//! the process that wrote it no longer runs, or when it has not changed for
//! [`ABANDONED_AFTER`] (a process id can be reused). A folder holding a switch's plan, or whose
//! parent holds one (a session's), keeps its temporaries: the plan may name them, and only the
//! build that finishes the plan may decide about them.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// How the name of every temporary file libertykit makes begins.
pub const TEMPORARY_PREFIX: &str = ".libertykit-";

/// How a written file's temporary name ends; only names of this shape are cleaned up.
pub const STAGED_SUFFIX: &str = ".tmp";

/// How many random letters and digits a temporary name carries.
pub const RANDOM_LETTERS: usize = 10;

/// The name of the plan of a switch under way, in the folder it switches (see `switch.rs`).
pub const PLAN_NAME: &str = ".libertykit-switch";

/// How long a temporary must have stayed unchanged to be called abandoned whoever wrote it:
/// far longer than any write takes.
pub const ABANDONED_AFTER: Duration = Duration::from_secs(15 * 60);

/// Whether the caller holds the folder's build lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Held {
    /// Under the lock no other build writes there, so a temporary of the shape older
    /// versions wrote (no process id) is a leftover too.
    Locked,
    /// A command that takes no lock (`import --out`, `replay --pdf`).
    Unlocked,
}

/// Who wrote a temporary, as its name says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writer {
    /// The process of this id.
    Process(u32),
    /// Unknown: a name of the shape older versions wrote.
    Unnamed,
}

/// The writer of a temporary named `name`, when `name` has the shape of libertykit's
/// temporaries (`.libertykit-<pid>-<10 letters>.tmp`, or the older `.libertykit-<10 letters>.tmp`).
pub fn temporary_writer(name: &str) -> Option<Writer> {
    let rest = name
        .strip_prefix(TEMPORARY_PREFIX)?
        .strip_suffix(STAGED_SUFFIX)?;
    let random_shape =
        |r: &str| r.len() == RANDOM_LETTERS && r.bytes().all(|b| b.is_ascii_alphanumeric());
    match rest.split_once('-') {
        Some((pid, random)) if random_shape(random) => {
            let digits = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
            pid.parse().ok().filter(|_| digits).map(Writer::Process)
        }
        None if random_shape(rest) => Some(Writer::Unnamed),
        _ => None,
    }
}

/// Whether `name` has the shape of a name libertykit gives its temporary files.
pub fn is_staged_name(name: &str) -> bool {
    temporary_writer(name).is_some()
}

/// Removes from `dir` the temporaries a killed run left there (see the module's notes). Best
/// effort: one that cannot be removed stays, harmless, for a later run.
pub fn remove_leftovers(dir: &Path, held: Held) {
    let parent_plan = dir
        .parent()
        .map(|p| {
            if p.as_os_str().is_empty() {
                Path::new(".")
            } else {
                p
            }
        })
        .is_some_and(|p| fs::symlink_metadata(p.join(PLAN_NAME)).is_ok());
    if parent_plan || fs::symlink_metadata(dir.join(PLAN_NAME)).is_ok() {
        return;
    }
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.filter_map(Result::ok) {
        let Some(writer) = entry.file_name().to_str().and_then(temporary_writer) else {
            continue;
        };
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let unchanged_for = meta
            .modified()
            .ok()
            .and_then(|m| SystemTime::now().duration_since(m).ok())
            .unwrap_or_default();
        let abandoned = match writer {
            Writer::Process(pid) => {
                pid != std::process::id() && (!runs(pid) || unchanged_for > ABANDONED_AFTER)
            }
            Writer::Unnamed => held == Held::Locked || unchanged_for > ABANDONED_AFTER,
        };
        if abandoned && meta.is_file() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Whether a process of id `pid` runs now; where the system cannot say (no `/proc`), it is
/// taken to run, and only the time rule removes its temporaries.
fn runs(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_writer_is_read_from_the_name() {
        assert_eq!(
            temporary_writer(".libertykit-4242-AbCdE12345.tmp"),
            Some(Writer::Process(4242))
        );
        assert_eq!(
            temporary_writer(".libertykit-AbCdE12345.tmp"),
            Some(Writer::Unnamed)
        );
        for not_ours in [
            ".libertykit-short.tmp",
            ".libertykit-4242-short.tmp",
            ".libertykit--AbCdE12345.tmp",
            ".libertykit-+42-AbCdE12345.tmp",
            ".libertykit-4242-AbCdE12345.new",
            "libertykit-4242-AbCdE12345.tmp",
            ".libertykit-99999999999-AbCdE12345.tmp",
        ] {
            assert_eq!(temporary_writer(not_ours), None, "{not_ours}");
        }
    }

    #[test]
    fn only_a_dead_writers_temporaries_go_unless_a_plan_may_name_them() {
        let dir = std::env::temp_dir().join(format!("libertykit-leftovers-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        // No process has id 0 in /proc; this process and the init process run.
        let dead = ".libertykit-0-AbCdE12345.tmp";
        let mine = format!(".libertykit-{}-AbCdE12345.tmp", std::process::id());
        let alive = ".libertykit-1-AbCdE12345.tmp";
        let older = ".libertykit-AbCdE12345.tmp";
        for name in [dead, &mine, alive, older] {
            fs::write(dir.join(name), b"x").unwrap();
        }
        fs::write(dir.join(PLAN_NAME), b"libertykit switch 1\n").unwrap();
        remove_leftovers(&dir, Held::Locked);
        assert!(dir.join(dead).exists(), "a plan may name it");
        fs::remove_file(dir.join(PLAN_NAME)).unwrap();
        remove_leftovers(&dir, Held::Unlocked);
        assert!(!dir.join(dead).exists());
        for kept in [&mine, alive, older] {
            assert!(dir.join(kept).exists(), "{kept}");
        }
        remove_leftovers(&dir, Held::Locked);
        assert!(!dir.join(older).exists());
        assert!(dir.join(alive).exists() && dir.join(&mine).exists());
        fs::remove_dir_all(&dir).unwrap();
    }
}
