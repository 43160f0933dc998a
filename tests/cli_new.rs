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
    assert!(out.starts_with(&format!("ok  {p}: 10 examples")), "{out}");
    let (code, key, err) = run(&["key", p]);
    assert_eq!(code, 0, "{err}");
    // An author starts on a title of their own, and the score example means something: a
    // finished position counted by area (worked by hand: Black 5 stones + 10 points, White 5
    // stones + 5 points + 0.5 komi), not "By captures: Black 0, White 0; a draw".
    assert!(!written.contains("Liberty-chain capture"), "{written}");
    assert!(
        key.contains(
            "By area: Black 5 stones + 10 points = 15; \
             White 5 stones + 5 points + 0.5 komi = 10.5; Black wins by 4.5"
        ),
        "{key}"
    );

    std::fs::write(&path, "mine").unwrap();
    let (code, _, err) = run(&["new", p]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        format!("error: `{p}` already exists; choose another path or remove it first\n")
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "mine");
}

/// The scaffold sets every key the loader accepts, in each table, so an author sees them all.
/// Its keys are read as TOML, not searched for as words: `key` or `move` in a comment must not
/// count, and the lists compared with come from the loader itself.
#[test]
fn scaffold_sets_every_key_the_loader_accepts() {
    use libertykit::kit::schema::{EXAMPLE_KEYS, KIT_KEYS};
    use libertykit::toml_input::rules_table::RULES_KEYS;
    let scaffold: toml::Table = include_str!("../templates/kit.toml").parse().unwrap();
    let keys_of = |table: &toml::Table| -> Vec<String> {
        let mut keys: Vec<String> = table.keys().cloned().collect();
        keys.sort();
        keys
    };
    let sorted = |keys: &[&str]| -> Vec<String> {
        let mut keys: Vec<String> = keys.iter().map(ToString::to_string).collect();
        keys.sort();
        keys
    };
    assert_eq!(
        keys_of(scaffold["kit"].as_table().unwrap()),
        sorted(KIT_KEYS)
    );
    assert_eq!(
        keys_of(scaffold["rules"].as_table().unwrap()),
        sorted(RULES_KEYS)
    );
    let mut example_keys: Vec<String> = scaffold["example"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| keys_of(e.as_table().unwrap()))
        .collect();
    example_keys.sort();
    example_keys.dedup();
    assert_eq!(example_keys, sorted(EXAMPLE_KEYS));
    // One example of each task.
    let mut tasks: Vec<&str> = scaffold["example"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["task"].as_str().unwrap())
        .collect();
    tasks.sort_unstable();
    assert_eq!(
        tasks,
        [
            "capture",
            "capture",
            "escape",
            "kill",
            "legal",
            "liberties",
            "live",
            "score",
            "sequence",
            "solve"
        ]
    );
}

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
