//! Command-line flags end to end: `--paper` in any case, `--large-print`, and the `completions` and `man`
//! commands generated from clap's own definitions.

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::fresh_dir;

fn seed_kit() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/liberty-chain-capture.toml")
}

/// Builds the seed kit into `dir/pack` with `--paper paper`: (exit code, stderr).
fn build_on(paper: &str, dir: &Path) -> (Option<i32>, String) {
    let kit = seed_kit();
    let out = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args([
            "build",
            kit.to_str().unwrap(),
            "--out",
            "pack",
            "--paper",
            paper,
        ])
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn paper_flag_takes_any_case_like_the_kit() {
    // (flag, the SVG page's width and height)
    for (paper, width, height) in [
        ("Letter", "215.9mm", "279.4mm"),
        ("LETTER", "215.9mm", "279.4mm"),
        ("A4", "210mm", "297mm"),
        ("a3", "297mm", "420mm"),
    ] {
        let dir = fresh_dir(&format!("paper-{paper}"));
        let (code, stderr) = build_on(paper, &dir);
        assert_eq!(code, Some(0), "--paper {paper}: {stderr}");
        let svg = fs::read_to_string(dir.join("pack/player-sheet-1.svg")).unwrap();
        let head = &svg[..svg.find('>').unwrap()];
        assert!(
            head.contains(&format!(r#"width="{width}""#))
                && head.contains(&format!(r#"height="{height}""#)),
            "--paper {paper}: {head}"
        );
    }
}

#[test]
fn an_unknown_paper_is_still_refused_with_the_choices() {
    let dir = fresh_dir("paper-b5");
    let (code, stderr) = build_on("B5", &dir);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("invalid value 'B5'"), "{stderr}");
    assert!(stderr.contains("a4, letter, a3"), "{stderr}");
    assert!(!dir.join("pack").exists());
}

/// Every subcommand the binary has.
const COMMANDS: [&str; 7] = [
    "check",
    "key",
    "build",
    "replay",
    "new",
    "completions",
    "man",
];

#[test]
fn bash_completion_knows_the_commands_and_the_paper_sizes() {
    let (code, script, stderr) = common::run(&["completions", "bash"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(script.contains("complete -F _libertykit"), "{script}");
    for command in COMMANDS {
        assert!(
            script.contains(&format!("libertykit,{command})")),
            "{command}"
        );
    }
    assert!(script.contains("--paper"), "{script}");
    assert!(script.contains("a4 letter a3"), "{script}");
    // The shells' own spelling of the flag values too.
    assert!(
        script.contains("bash elvish fish powershell zsh"),
        "{script}"
    );
}

#[test]
fn bash_completes_the_paper_sizes_and_the_commands_when_sourced() {
    // The script as bash runs it: source it, then ask its function what `TAB` would offer.
    let (_, script, _) = common::run(&["completions", "bash"]);
    let dir = fresh_dir("bash");
    let file = dir.join("libertykit.bash");
    fs::write(&file, &script).unwrap();
    let probe = r#"
        source "$1" || exit 3
        complete -p libertykit || exit 4
        ask() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
                _libertykit libertykit "${COMP_WORDS[-1]}" "${COMP_WORDS[-2]}"; echo "${COMPREPLY[*]}"; }
        ask libertykit build k.toml --paper ""
        ask libertykit c
        ask libertykit completions ""
    "#;
    if !common::tool_available("bash") {
        return;
    }
    let out = Command::new("bash")
        .args(["-c", probe, "probe"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "complete -o bashdefault -o default -o nosort -F _libertykit libertykit",
            "a4 letter a3",
            "check completions",
            "-h --help bash elvish fish powershell zsh",
        ]
    );
}

#[test]
fn zsh_fish_elvish_and_powershell_completions_are_written() {
    for (shell, marker) in [
        ("zsh", "#compdef libertykit"),
        ("fish", "complete -c libertykit"),
        ("elvish", "edit:completion:arg-completer[libertykit]"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let (code, script, stderr) = common::run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {stderr}");
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(script.contains("build"), "{shell}: {script}");
        assert!(script.contains("paper"), "{shell}: {script}");
        // zsh and fish offer the values with their descriptions; elvish and powershell only
        // complete flags and commands.
        if shell == "zsh" || shell == "fish" {
            assert!(script.contains("letter"), "{shell}: {script}");
        }
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error_naming_the_shells() {
    let (code, out, stderr) = common::run(&["completions", "tcsh"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(out.is_empty(), "{out}");
    assert!(
        stderr.contains("error: invalid value 'tcsh' for '<SHELL>'"),
        "{stderr}"
    );
    assert!(
        stderr.contains("[possible values: bash, elvish, fish, powershell, zsh]"),
        "{stderr}"
    );
    let (code, _, stderr) = common::run(&["completions"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("<SHELL>"), "{stderr}");
}

/// The `.TH` line of a roff page, after roff's apostrophe preamble (`.ie`/`.el`), which is all
/// that may come before it.
fn title_line(page: &str) -> &str {
    let mut lines = page
        .lines()
        .skip_while(|l| l.starts_with(".ie") || l.starts_with(".el"));
    lines.next().unwrap_or_default()
}

#[test]
fn man_prints_the_main_page_naming_every_command() {
    let (code, page, stderr) = common::run(&["man"]);
    assert_eq!(code, 0, "{stderr}");
    let th = title_line(&page);
    assert!(th.starts_with(".TH LIBERTYKIT 1 "), "{th}");
    assert!(th.contains(env!("CARGO_PKG_VERSION")), "{th}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for command in COMMANDS {
        // roff escapes the hyphen: `libertykit\-build(1)`.
        assert!(
            page.contains(&format!("libertykit\\-{command}(1)")),
            "{command}: {page}"
        );
    }
    // `help` is libertykit's own command (it prints the guides), so the page lists it.
    assert!(page.contains("libertykit\\-help(1)"), "{page}");
}

#[test]
fn man_prints_each_command_s_own_page_with_its_options() {
    for command in COMMANDS {
        let (code, page, stderr) = common::run(&["man", command]);
        assert_eq!(code, 0, "{command}: {stderr}");
        let th = title_line(&page);
        let title = format!(".TH LIBERTYKIT-{} 1 ", command.to_uppercase());
        assert!(th.starts_with(&title), "{th}");
    }
    let (_, page, _) = common::run(&["man", "build"]);
    for option in [
        "\\-\\-out",
        "\\-\\-paper",
        "\\-\\-font",
        "letter: US Letter",
    ] {
        assert!(page.contains(option), "{option}: {page}");
    }
    let (code, out, stderr) = common::run(&["man", "frobnicate"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(out.is_empty());
    assert!(stderr.contains("invalid value 'frobnicate'"), "{stderr}");
}

#[test]
fn every_man_page_typesets_without_a_warning() {
    // groff's warnings (all of them, `-ww`) name any malformed request or escape.
    if !common::tool_available("groff") {
        return;
    }
    let dir = fresh_dir("man");
    let pages = std::iter::once(None).chain(COMMANDS.map(Some));
    for command in pages {
        let mut args = vec!["man"];
        args.extend(command);
        let (code, page, stderr) = common::run(&args);
        assert_eq!(code, 0, "{stderr}");
        let file = dir.join(format!("{}.1", command.unwrap_or("libertykit")));
        fs::write(&file, &page).unwrap();
        let out = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww", "-z"])
            .arg(&file)
            .output()
            .unwrap();
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && warnings.is_empty(),
            "{command:?}: {warnings}"
        );
    }
}

/// The font sizes (in points, from the SVG's millimetres) of the texts of a pack's page.
fn text_sizes_pt(svg: &str) -> Vec<f64> {
    svg.split("font-size=\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next()?.parse::<f64>().ok())
        .map(|mm| (mm * 72.0 / 25.4 * 10.0).round() / 10.0)
        .collect()
}

/// `build --large-print` and `[kit] large_print = true` both set the pack in large print (the
/// rules at 14 pt instead of 9.5), and `check --large-print` checks that pack.
#[test]
fn large_print_comes_from_the_flag_or_the_kit() {
    let dir = fresh_dir("large-print");
    let kit = seed_kit();
    let source = fs::read_to_string(&kit).unwrap();
    let in_kit = dir.join("large.toml");
    fs::write(
        &in_kit,
        source.replacen("[kit]\n", "[kit]\nlarge_print = true\n", 1),
    )
    .unwrap();
    let build = |kit: &Path, out: &str, flag: Option<&str>| {
        let mut args = vec![
            "build",
            kit.to_str().unwrap(),
            "--out",
            out,
            "--format",
            "svg",
        ];
        args.extend(flag);
        let out_put = Command::new(env!("CARGO_BIN_EXE_libertykit"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        assert_eq!(
            out_put.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out_put.stderr)
        );
        text_sizes_pt(&fs::read_to_string(dir.join(out).join("player-sheet-1.svg")).unwrap())
    };
    let regular = build(&kit, "regular", None);
    let flagged = build(&kit, "flagged", Some("--large-print"));
    let written = build(&in_kit, "written", None);
    assert!(regular.contains(&9.5), "{regular:?}");
    for (how, sizes) in [
        ("--large-print", &flagged),
        ("large_print = true", &written),
    ] {
        assert!(sizes.contains(&14.0), "{how}: {sizes:?}");
        assert!(!sizes.contains(&9.5), "{how}: {sizes:?}");
    }
    let check = Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(["check", kit.to_str().unwrap(), "--large-print"])
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(0));
}

/// The guides an installed binary prints are the repository's pages, byte for byte.
#[test]
fn help_prints_the_guides_of_docs_and_each_command_s_help() {
    for (topic, page) in [
        ("kit", "docs/kit-format.md"),
        ("record", "docs/replay.md"),
        ("sgf", "docs/sgf.md"),
    ] {
        let (code, out, stderr) = common::run(&["help", topic]);
        assert_eq!(code, 0, "{topic}: {stderr}");
        assert_eq!(out, std::fs::read_to_string(page).unwrap(), "{topic}");
    }
    let (code, out, _) = common::run(&["help", "replay"]);
    assert_eq!(code, 0);
    assert!(out.contains("Usage: libertykit replay"), "{out}");
    let (code, out, _) = common::run(&["help"]);
    assert_eq!(code, 0);
    assert!(out.contains("libertykit help kit"), "{out}");
    let (code, _, stderr) = common::run(&["help", "kits"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("possible values: kit, record, sgf"),
        "{stderr}"
    );
}
