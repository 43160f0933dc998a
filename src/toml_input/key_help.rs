//! What to write for each key of kits and records: the lines that help messages suggest.

/// A line an author could copy for `key`, used in help when its value is of the wrong kind.
pub fn written_example(key: &str) -> &'static str {
    match key {
        "title" => "title = \"Liberty-chain capture\"",
        "purpose" => "purpose = \"Practise counting liberties\"",
        "paper" => "paper = \"a4\"",
        "record_rows" => "record_rows = 8",
        "spacing_mm" => "spacing_mm = [22.0, 23.7]",
        "counter_mm" => "counter_mm = 20.0",
        "ink_saving" => "ink_saving = true",
        "large_print" => "large_print = true",
        "board_print" => "board_print = \"tiled\"",
        "worked_example" => "worked_example = 1",
        "record_numbered" => "record_numbered = true",
        "counters" => "counters = 40",
        "view" => "view = \"A1:G7\"",
        "position" => "position = \"white C3; black B3 C2 D3\"",
        "task" => "task = \"capture\"",
        "to_play" => "to_play = \"black\"",
        "prompt" => "prompt = \"Which move captures?\"",
        "group" => "group = \"C3\"",
        "move" => "move = \"C4\"",
        "history" => "history = [\"black C4\", \"white pass\"]",
        "moves" => "moves = [\"black C4\", \"white D4\"]",
        "dead" => "dead = [\"D4\", \"E4\"]",
        "board" => "board = 5",
        "ko" => "ko = \"positional\"",
        "end_passes" => "end_passes = 2",
        "max_stones" => "max_stones = 80",
        "capture_target" => "capture_target = 5",
        "scoring" => "scoring = \"captures\"",
        "komi" => "komi = 7.5",
        "setup" => "setup = \"white C3; black B3 C2 D3\"",
        _ => "key = value",
    }
}

/// Help for a required key that is missing.
pub fn required_help(key: &str) -> String {
    match key {
        "title" => "add e.g. `title = \"Liberty-chain capture\"`".into(),
        "board" => "add the board size, e.g. `board = 5`".into(),
        "position" => "add the stones, e.g. `position = \"white C3; black B3 C2 D3\"`".into(),
        "task" => {
            "add one of: `task = \"capture\"`, `liberties`, `legal`, `sequence`, `score`".into()
        }
        _ => format!("add `{key} = ...`"),
    }
}
