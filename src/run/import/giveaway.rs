//! An imported comment or name that gives its game's answer away ("Black to play. Answer: C4
//! captures C3") would be refused by `build`'s answer firewall; import leaves it out instead,
//! so the kit asks the generated question, and says so in the kit and on standard error.

use super::example::ImportedExample;
use crate::answer::firewall::fold;
use crate::answer::{ExampleAnswer, giveaways};
use crate::text::Wording;

/// Takes out of each of `examples` a prompt or title that holds a phrase the host key will
/// print for its answer, noting each in its example and in `notes`. Only a game's own answer
/// is looked for, so that a collection of many games costs no more than its games; `build`
/// compares every answer with every page.
pub fn leave_out_giveaways(
    examples: &mut [ImportedExample],
    answers: &[ExampleAnswer],
    wording: &Wording,
    notes: &mut Vec<String>,
) {
    for (k, (example, answer)) in examples.iter_mut().zip(answers).enumerate() {
        if example.title.is_none() && example.prompt.is_none() {
            continue;
        }
        let phrases: Vec<(String, String)> = giveaways(answer, wording)
            .into_iter()
            .map(|phrase| (fold(&phrase).text, phrase))
            .filter(|(folded, _)| !folded.is_empty())
            .collect();
        for (field, text) in [
            ("name", &mut example.title),
            ("comment", &mut example.prompt),
        ] {
            let Some(folded) = text.as_deref().map(|text| fold(text).text) else {
                continue;
            };
            let Some((_, phrase)) = phrases.iter().find(|(f, _)| folded.contains(f.as_str()))
            else {
                continue;
            };
            let why = format!(
                "the SGF's {field} gave the answer away (`{phrase}`): the kit uses the generated one"
            );
            notes.push(format!("game {}: {why}", k + 1));
            example.note = Some(match example.note.take() {
                Some(note) => format!("{note}; {why}"),
                None => why,
            });
            *text = None;
        }
    }
}
