//! `libertykit new`: writes the scaffold, which passes `check`, and never overwrites a file.

mod common;

use common::run;
use std::path::PathBuf;

#[test]
fn scaffold_is_written_passes_check_and_is_never_overwritten() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("new-kit");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("my-kit.toml");
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["new", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&format!("wrote {p}")), "{out}");
    let written = std::fs::read_to_string(&path).unwrap();
    assert_eq!(written, include_str!("../templates/kit.toml"));

    let (code, out, err) = run(&["check", p]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with(&format!("ok  {p}: 5 examples")), "{out}");
    let (code, _, err) = run(&["key", p]);
    assert_eq!(code, 0, "{err}");

    std::fs::write(&path, "mine").unwrap();
    let (code, _, err) = run(&["new", p]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("error: `{p}` already exists; choose another path or remove it first\n")
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
}

#[test]
fn scaffold_documents_every_kit_key() {
    let scaffold = include_str!("../templates/kit.toml");
    for key in [
        "title",
        "purpose",
        "paper",
        "record_rows",
        "spacing_mm",
        "counter_mm",
        "ink_saving",
        "board",
        "ko",
        "end_passes",
        "max_stones",
        "capture_target",
        "scoring",
        "komi",
        "[text]",
        "position",
        "task",
        "to_play",
        "group",
        "move",
        "history",
        "moves",
        "dead",
        "key",
        "prompt",
    ] {
        assert!(scaffold.contains(key), "{key}");
    }
}

#[cfg(unix)]
#[test]
fn a_link_at_the_path_is_refused_and_creates_nothing_where_it_points() {
    let dir = common::temp_path("new-link");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let target = dir.join("elsewhere.toml");
    let path = dir.join("my-kit.toml");
    std::os::unix::fs::symlink(&target, &path).unwrap();
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["new", p]);
    assert_eq!(code, 2, "{out}");
    assert_eq!(
        err,
        format!("error: `{p}` already exists; choose another path or remove it first\n")
    );
    assert!(std::fs::symlink_metadata(&target).is_err());
    assert!(std::fs::symlink_metadata(&path).unwrap().is_symlink());
}

#[cfg(unix)]
#[test]
fn links_planted_at_temporary_names_cannot_redirect_the_write() {
    let dir = common::temp_path("new-planted");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mine = dir.join("mine.toml");
    std::fs::write(&mine, "mine").unwrap();
    let path = dir.join("my-kit.toml");
    // The temporary names an earlier version used, for the next few hundred process ids,
    // pointing at an existing kit (which it then overwrote) and at a name where nothing is.
    let probe = std::process::Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .arg("--version")
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let pid = probe.id();
    probe.wait_with_output().unwrap();
    for next in pid + 1..=pid + 400 {
        let target = if next % 2 == 0 {
            mine.clone()
        } else {
            dir.join(format!("created-{next}"))
        };
        std::os::unix::fs::symlink(&target, dir.join(format!(".my-kit.toml.{next}.new"))).unwrap();
    }
    let (code, _, err) = run(&["new", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "mine");
    assert!(std::fs::symlink_metadata(&path).unwrap().is_file());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        include_str!("../templates/kit.toml")
    );
    let created = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            let name = name.to_string_lossy();
            name.starts_with("created-") || name.starts_with(".libertykit-")
        })
        .count();
    assert_eq!(created, 0);
}
