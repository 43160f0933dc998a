//! What keeps the cost of an input bounded (issue 19, section 5): a font file is refused by its
//! size before it is read, `import` never writes a kit over the limit `check` reads, and a kit
//! with no examples is not exported as an SGF file with no game. The time and memory budgets
//! themselves are measured by `scripts/bench-budgets.sh`, not here.

mod common;

use std::fs::{self, File};
use std::path::Path;

use common::{run, temp_path};

/// A kit with one sound example whose `[kit] font` is `font`.
fn kit_with_font(font: &Path) -> String {
    format!(
        "[kit]\ntitle = \"Big font\"\nfont = {:?}\n\n[rules]\nboard = 5\n\n[[example]]\nposition = \"white C3; black B3 C2 D3\"\nto_play = \"black\"\ntask = \"capture\"\n",
        font.display().to_string()
    )
}

/// A 3 GiB font file (sparse: it takes no disk) is refused with a message naming the limit. Read
/// whole, it would take seconds and gigabytes; the size is read from its metadata first.
#[test]
fn a_font_file_over_the_limit_is_refused_before_it_is_read() {
    let font = temp_path("huge-font").with_extension("ttf");
    File::create(&font).unwrap().set_len(3 << 30).unwrap();
    let kit = temp_path("huge-font-kit").with_extension("toml");
    fs::write(&kit, kit_with_font(&font)).unwrap();
    let (code, _, stderr) = run(&["check", kit.to_str().unwrap()]);
    let (flag_code, _, flag_stderr) = run(&[
        "check",
        "examples/liberty-chain-capture.toml",
        "--font",
        font.to_str().unwrap(),
    ]);
    let _ = fs::remove_file(&font);
    let _ = fs::remove_file(&kit);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("is larger than 256 MiB, more than any font needs"),
        "{stderr}"
    );
    assert!(
        stderr.contains("font = "),
        "the kit's line is shown: {stderr}"
    );
    // A font the command line names that cannot be used is a usage error (exit 2).
    assert_eq!(flag_code, 2, "{flag_stderr}");
    assert!(
        flag_stderr.contains("--font: cannot use the font file") && flag_stderr.contains("256 MiB"),
        "{flag_stderr}"
    );
}

/// A collection whose kit would be larger than the 16 MiB `check` reads is refused with exit 1
/// and nothing written, instead of writing a kit `check` then refuses.
#[test]
fn import_never_writes_a_kit_over_the_kit_limit() {
    // 18 games titled with a megabyte each: a small collection in games, a large kit in bytes.
    let title = "a".repeat(1 << 20);
    let sgf_text: String = (0..18)
        .map(|_| format!("(;SZ[5]GN[{title}]AW[cc]AB[bc][cd][dc])\n"))
        .collect();
    let sgf = temp_path("over-limit").with_extension("sgf");
    fs::write(&sgf, sgf_text).unwrap();
    let out = temp_path("over-limit-kit").with_extension("toml");
    let (code, stdout, stderr) = run(&[
        "import",
        sgf.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let written = out.exists();
    let _ = fs::remove_file(&sgf);
    let _ = fs::remove_file(&out);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("MiB, more than the 16 MiB a kit may be; nothing was written"),
        "{stderr}"
    );
    assert!(!written, "no kit is written");
}

/// A kit with no examples passes `check`, but an SGF file needs a game: `export` says so with
/// exit 1 and writes nothing, rather than a 0-byte file `import` refuses.
#[test]
fn a_kit_with_no_examples_is_not_exported() {
    let kit = temp_path("no-examples").with_extension("toml");
    fs::write(
        &kit,
        "[kit]\ntitle = \"Rules only\"\n\n[rules]\nboard = 5\n",
    )
    .unwrap();
    let out = temp_path("no-examples-out").with_extension("sgf");
    let (check_code, _, check_stderr) = run(&["check", kit.to_str().unwrap()]);
    let (code, stdout, stderr) = run(&[
        "export",
        kit.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let (stdout_code, to_stdout, _) = run(&["export", kit.to_str().unwrap()]);
    let written = out.exists();
    let _ = fs::remove_file(&kit);
    let _ = fs::remove_file(&out);
    assert_eq!(check_code, 0, "{check_stderr}");
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("has no examples, and an SGF file holds one game per example"),
        "{stderr}"
    );
    assert!(!written, "no SGF file is written");
    assert_eq!(stdout_code, 1);
    assert!(to_stdout.is_empty(), "{to_stdout}");
}
