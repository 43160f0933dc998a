//! An imported comment that gives its game's answer away ("Black to play. Answer: C4 captures
//! C3") would be refused by `build`'s answer firewall; import leaves it out instead, so the kit
//! asks the generated question, and says so in the kit and on standard error.

use super::imported::ImportedExample;
use crate::answer::firewall::folded_text;
use crate::answer::{ExampleAnswer, giveaways};
use crate::wording::Wording;

/// Takes out of each of `examples` a prompt that holds a phrase the host key will print for
/// its answer, noting each in its example and in `notes`. Comments are where problem files
/// write answers ("Answer: ..."); a name that gives one away, and another game's answer, are
/// left to `build`'s firewall, which compares every answer with every page. So only a game
/// with a comment costs more than its answer.
pub fn leave_out_giveaways(
    examples: &mut [ImportedExample],
    answers: &[ExampleAnswer],
    wording: &Wording,
    notes: &mut Vec<String>,
) {
    for (example, answer) in examples.iter_mut().zip(answers) {
        let Some(comment) = example.prompt.as_deref().map(folded_text) else {
            continue;
        };
        let Some(phrase) = giveaways(answer, wording).into_iter().find(|phrase| {
            let folded = folded_text(phrase);
            !folded.is_empty() && comment.contains(&folded)
        }) else {
            continue;
        };
        let why = format!(
            "the SGF's comment gave the answer away (`{phrase}`): the kit asks the generated question"
        );
        notes.push(format!("game {}: {why}", example.number));
        example.add_note(why);
        example.prompt = None;
    }
}
