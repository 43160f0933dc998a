//! `legal` questions after a history, from a set-up position, ruled by GNU Go 3.8 under each
//! repetition rule (tests/data/gnugo_history_cases.txt, from scripts/gnugo_history_cases.py).
//! Each case is written as a kit, as an author would, and the answer key must give GNU Go's
//! verdict: legal, or refused for the same reason.
//!
//! The point of these cases: who is to move in the starting position is the colour of the first
//! history move. Situational superko tells positions apart by who is to move, so taking it from
//! `to_play` instead let an immediate ko retake through.

use std::fs;
use std::path::Path;

use libertykit::answer::{Answer, answer_key};
use libertykit::kit::load;

struct Case<'a> {
    line: usize,
    ko: &'a str,
    position: &'a str,
    to_play: &'a str,
    history: Vec<&'a str>,
    point: &'a str,
    verdict: &'a str,
}

fn cases(text: &str) -> Vec<Case<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(" | ").collect();
            assert_eq!(f.len(), 6, "line {}: {l}", i + 1);
            Case {
                line: i + 1,
                ko: f[0],
                position: f[1],
                to_play: f[2],
                history: f[3].split(", ").collect(),
                point: f[4],
                verdict: f[5],
            }
        })
        .collect()
}

fn kit_text(case: &Case<'_>) -> String {
    let history: Vec<String> = case.history.iter().map(|m| format!("{m:?}")).collect();
    format!(
        "[kit]\ntitle = \"GNU Go case\"\n[rules]\nboard = 5\nko = \"{}\"\n\
         [[example]]\nposition = \"{}\"\nto_play = \"{}\"\ntask = \"legal\"\n\
         history = [{}]\nmove = \"{}\"\n",
        case.ko,
        case.position,
        case.to_play,
        history.join(", "),
        case.point
    )
}

#[test]
fn legal_questions_after_a_history_agree_with_gnu_go() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/gnugo_history_cases.txt");
    let text = fs::read_to_string(&path).unwrap();
    let cases = cases(&text);
    assert!(cases.len() >= 300, "{} cases", cases.len());
    let mut situational_retakes_refused = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let kit = match load(&kit_text(case)) {
            Ok(kit) => kit,
            Err(rejected) => {
                failures.push(format!(
                    "line {}: kit refused: {:?}",
                    case.line,
                    rejected
                        .problems
                        .iter()
                        .map(|d| &d.message)
                        .collect::<Vec<_>>()
                ));
                continue;
            }
        };
        let key = answer_key(&kit);
        let Answer::Legal { reason, .. } = &key.examples[0].answer else {
            panic!("line {}: not a legal answer", case.line);
        };
        let ours = reason.map_or("legal", |r| r.name());
        if ours != case.verdict {
            failures.push(format!(
                "line {}: {} {} after [{}] under {}: GNU Go says {}, we say {ours}",
                case.line,
                case.to_play,
                case.point,
                case.history.join(", "),
                case.ko,
                case.verdict
            ));
        }
        if case.ko == "situational" && case.verdict == "superko" {
            situational_retakes_refused += 1;
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The data exist for these: repetitions refused under situational superko after a history.
    assert!(
        situational_retakes_refused >= 10,
        "{situational_retakes_refused}"
    );
}

/// A TOML record that does not say who moves first starts with its first move's colour, as an
/// SGF record without `PL` and a kit's history do: the retake is refused there too.
#[test]
fn a_record_starts_with_its_first_moves_colour() {
    let path = std::env::temp_dir().join(format!("retake-{}.toml", std::process::id()));
    fs::write(
        &path,
        "[rules]\nboard = 5\nko = \"situational\"\n[game]\n\
         setup = \"black A1 B2 C1; white C2 D1\"\nmoves = [\"white B1\", \"black C1\"]\n",
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_libertykit"))
        .args(["replay", path.to_str().unwrap()])
        .output()
        .unwrap();
    let _ = fs::remove_file(&path);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("White to move first"), "{text}");
    assert!(
        text.contains("| 2    | Black  | C1    | illegal: superko"),
        "{text}"
    );
}
