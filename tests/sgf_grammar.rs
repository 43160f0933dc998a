//! Owns the promise that any file sgfmill's grammar accepts is read, or refused with reasons
//! that each point at a line and column (issue 21). Files are generated from that grammar:
//! text before and after the games (sgfmill skips it), game trees with variations, nodes of
//! properties with up to eight capitals, values with escapes, line breaks and any character,
//! whitespace between every token, and any property repeated in a node.

use libertykit::diag::Source;
use libertykit::record::{RuleOverrides, load_sgf, read_collection};
use proptest::prelude::*;

/// A property identifier: mostly ones a Go reader gives meaning to, sometimes any capitals.
fn identifier() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(vec![
            "B", "W", "AB", "AW", "AE", "PL", "SZ", "KM", "HA", "RU", "GM", "FF", "CA", "C",
            "GN", "PB", "PW", "RE", "AP", "TR", "SQ", "LB", "VW", "MN", "N",
        ])
        .prop_map(String::from),
        1 => "[A-Z]{1,8}",
    ]
}

/// A value's text as written between `[` and `]`: points, numbers, rules, colours, and free
/// text in which `]` and `\` are escaped, as the grammar asks.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => "[a-s]{2}",
        1 => "[a-z]{2}:[a-z]{2}",
        1 => Just(String::new()),
        1 => "(tt|zz|[0-9]{1,2}|[0-9]\\.5|B|W|Japanese|AGA|Chinese|UTF-8)",
        2 => "[ -~\n\r\t é黑白]{0,12}".prop_map(|t| t.replace('\\', "\\\\").replace(']', "\\]")),
    ]
}

fn property() -> impl Strategy<Value = String> {
    (
        identifier(),
        prop::collection::vec(value(), 1..4),
        "[ \n]{0,2}",
    )
        .prop_map(|(id, values, space)| {
            let values: String = values.iter().map(|v| format!("[{v}]")).collect();
            format!("{id}{space}{values}")
        })
}

fn node() -> impl Strategy<Value = String> {
    prop::collection::vec(property(), 0..5)
        .prop_map(|properties| format!(";{}", properties.join(" ")))
}

/// A game tree: a sequence of nodes and up to three variations, nested a few levels deep.
fn game_tree() -> impl Strategy<Value = String> {
    let leaf =
        prop::collection::vec(node(), 1..5).prop_map(|nodes| format!("({})", nodes.concat()));
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(node(), 1..5),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(nodes, trees)| format!("({}\n{})", nodes.concat(), trees.concat()))
    })
}

/// Text sgfmill skips around the games: anything without `(` in it.
fn junk() -> impl Strategy<Value = String> {
    prop_oneof![3 => Just(String::new()), 1 => "[a-zA-Z0-9 :.\n-]{1,30}"]
}

fn collection() -> impl Strategy<Value = String> {
    (junk(), prop::collection::vec(game_tree(), 1..3), junk())
        .prop_map(|(before, games, after)| format!("{before}{}{after}", games.join("\n")))
}

/// Every diagnostic that is printed points at a place in the file; none is empty.
fn located(text: &str, problems: &[libertykit::diag::Diagnostic]) -> Result<(), TestCaseError> {
    prop_assert!(!problems.is_empty(), "refused with no reason: {text:?}");
    let source = Source::new("g.sgf", text);
    for d in problems.iter().take(20) {
        // The one reason that is about the whole file: a replay reads one game.
        if d.message.starts_with("the file holds") {
            continue;
        }
        prop_assert!(!d.message.is_empty(), "{text:?}");
        let span = d.span.clone();
        prop_assert!(span.is_some(), "`{}` has no place in {text:?}", d.message);
        let shown = source.render(d);
        prop_assert!(shown.contains("g.sgf:"), "{shown}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// `replay`'s reader reads the file or says, at a line and column, why not.
    #[test]
    fn replay_reads_or_refuses_with_a_place(text in collection()) {
        if let Err(problems) = load_sgf(&text, &RuleOverrides::default()) {
            located(&text, &problems)?;
        }
    }

    /// `import`'s reader too, for every game of the collection.
    #[test]
    fn import_reads_or_refuses_with_a_place(text in collection()) {
        if let Err(problems) = read_collection(&text) {
            located(&text, &problems)?;
        }
    }
}
