//! An imported comment or name that states its game's answer ("Black to play. Answer: C4",
//! `GN[Capture at C4]`, "黒先。正解はB1", an exported answer an editor moved into the setup's
//! comment) would print it on the player sheet; import leaves it out instead, so the kit asks
//! the generated question and has no title of its own, and says so in the kit and on standard
//! error.

use super::imported::ImportedExample;
use crate::answer::{ExampleAnswer, Firewall, answer_shape};
use crate::rules::Point;
use crate::wording::Wording;

/// Takes out of each of `examples` a prompt or a title that states an answer, noting each in
/// its example and in `notes`: a phrase the host key prints for its `answers` (in `wording`
/// or any language's), a point of that answer or of its file's moves (`file_points`, the
/// points the file's main line and variations play) next to a word that calls it an answer
/// ("Answer:", "Solution", 正解, 失敗, 정답...), or the host key's wording of any answer.
pub fn leave_out_giveaways(
    examples: &mut [ImportedExample],
    answers: &[ExampleAnswer],
    file_points: &dyn Fn(usize) -> Vec<Point>,
    wording: &Wording,
    notes: &mut Vec<String>,
) {
    for (example, answer) in examples.iter_mut().zip(answers) {
        if example.prompt.is_none() && example.title.is_none() {
            continue;
        }
        let wall = Firewall::of_answers(std::slice::from_ref(answer), wording)
            .with_points(answer.number, file_points(example.number));
        let mut why = Vec::new();
        for (field, what) in [
            (&mut example.prompt, "comment"),
            (&mut example.title, "name"),
        ] {
            let Some(said) = field.as_deref().and_then(|text| stated_answer(&wall, text)) else {
                continue;
            };
            *field = None;
            let asks = if what == "comment" {
                "the kit asks the generated question"
            } else {
                "the example has no title"
            };
            why.push(format!(
                "the SGF's {what} gave the answer away ({said}): {asks}"
            ));
        }
        for why in why {
            notes.push(format!("game {}: {why}", example.number));
            // The note is the host's: it lives in the kit, never on a player page.
            example.add_note(why);
        }
    }
}

/// What in `text` states an answer, as the note quotes it.
fn stated_answer(wall: &Firewall, text: &str) -> Option<String> {
    if let Some(leak) = wall.leaks(text).first() {
        return Some(format!("`{}`", leak.giveaway.phrase));
    }
    answer_shape(text).map(|key| format!("worded as the host key's `{key}`"))
}

/// `title`, the kit's, unless it states one of `answers` (an export's `EV`, a file's name):
/// then a plain title, with a note.
pub fn plain_kit_title(
    title: String,
    answers: &[ExampleAnswer],
    wording: &Wording,
    notes: &mut Vec<String>,
) -> String {
    let wall = Firewall::of_answers(answers, wording);
    match stated_answer(&wall, &title) {
        Some(said) => {
            notes.push(format!(
                "the kit's title gave an answer away ({said}): the kit is titled \"Imported examples\""
            ));
            "Imported examples".to_string()
        }
        None => title,
    }
}
