//! A font path that is no font file: named for what it is (a folder, a named pipe, a device),
//! never opened when opening would block or never end, and never silently replaced by the
//! bundled font; at the kit's `font` line for a kit, a usage error (exit 2) for `--font`.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::fresh_dir;

const SEED: &str = "examples/liberty-chain-capture.toml";

/// Runs `libertykit` with `args` in `dir`, failing the test if it takes more than 20 s (a FIFO
/// opened for reading would wait for a writer forever).
fn run_in(dir: &Path, args: &[&str]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let out = child.wait_with_output().unwrap();
            return (
                status.code().unwrap_or(-1),
                String::from_utf8_lossy(&out.stderr).into_owned(),
            );
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("`libertykit {args:?}` still runs after 20 s: it opened a FIFO?");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A folder holding the seed kit as `kit-NAME.toml` naming `font`, for each font path given.
fn kits_naming(dir: &Path, fonts: &[&str]) {
    let seed = fs::read_to_string(SEED).unwrap();
    for font in fonts {
        let kit = seed.replacen(
            "paper = \"a4\"",
            &format!("paper = \"a4\"\nfont = \"{font}\""),
            1,
        );
        fs::write(dir.join(format!("kit-{font}.toml")), kit).unwrap();
    }
}

/// Each kind of path, with the words that must name it.
fn cases(dir: &Path) -> Vec<(&'static str, &'static str)> {
    let regular = fs::read("fonts/LiberationSans-Regular.ttf").unwrap();
    fs::create_dir(dir.join("folder.ttf")).unwrap();
    // Cut inside its tables: the table list is whole, the glyphs are not.
    fs::write(dir.join("cut.ttf"), &regular[..regular.len() / 3]).unwrap();
    fs::write(dir.join("text.ttf"), "not a font\n").unwrap();
    let mut cases = vec![
        ("folder.ttf", "it is a folder, not a font file"),
        ("cut.ttf", "the file is cut short"),
        ("text.ttf", "it is not a TrueType or OpenType font"),
        ("gone.ttf", "no such file"),
    ];
    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.ttf");
        let made = Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            cases.push(("pipe.ttf", "it is a named pipe, not a font file"));
        }
        std::os::unix::fs::symlink("/dev/zero", dir.join("zero.ttf")).unwrap();
        cases.push(("zero.ttf", "it is a device, not a font file"));
    }
    cases
}

#[test]
fn a_kit_font_that_is_no_font_file_is_named_for_what_it_is_at_its_line() {
    let dir = fresh_dir("font-paths-kit");
    let cases = cases(&dir);
    kits_naming(&dir, &cases.iter().map(|(f, _)| *f).collect::<Vec<_>>());
    for (font, words) in cases {
        let kit = format!("kit-{font}.toml");
        let (code, err) = run_in(&dir, &["check", &kit]);
        assert_eq!(code, 1, "{font}: {err}");
        assert!(
            err.contains(&format!("cannot use the font file {font}: {words}")),
            "{font}: {err}"
        );
        // At the kit's `font` line (the seed's line 7), the value's column.
        assert!(err.contains(&format!("{kit}:7:8")), "{font}: {err}");
        assert!(!err.contains("os error"), "{err}");
        // A build is refused the same way: never set in the bundled font instead.
        let (code, err) = run_in(&dir, &["build", &kit, "--out", "pack", "--format", "pdf"]);
        assert_eq!(code, 1, "{font}: {err}");
        assert!(!dir.join("pack").exists(), "{font}: a pack was written");
    }
    let _ = fs::remove_dir_all(dir);
}

#[test]
fn a_font_flag_that_is_no_font_file_is_a_usage_error() {
    let dir = fresh_dir("font-paths-flag");
    let cases = cases(&dir);
    fs::copy(SEED, dir.join("kit.toml")).unwrap();
    for (font, words) in cases {
        for command in ["check", "build"] {
            let (code, err) = run_in(&dir, &[command, "kit.toml", "--font", font]);
            assert_eq!(code, 2, "{command} --font {font}: {err}");
            assert!(
                err.contains(&format!("--font: cannot use the font file {font}: {words}")),
                "{command} --font {font}: {err}"
            );
        }
    }
    assert!(!dir.join("kit").exists(), "a pack was written");
    let _ = fs::remove_dir_all(dir);
}
