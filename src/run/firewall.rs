//! The answer firewall at `build`: a player sheet that would print a phrase the host key prints
//! for an answer is refused, at the kit's line and column where the text is written, whatever
//! path the text took (a prompt, a title, a `[text]` sentence, an imported comment). It reads
//! the page model, what is printed, not one field of the kit.

use std::collections::HashSet;

use crate::answer::{AnswerKey, Firewall, firewall};
use crate::diag::{Diagnostic, Source};
use crate::layout::page::Document;
use crate::toml_input::strings::find_in_strings;
use crate::wording::Wording;

/// One problem for each answer phrase the player sheet `document` would print, at the first
/// place in the kit's `source` it is written (else the kit as a whole).
pub fn answer_leaks(
    source: &Source,
    key: &AnswerKey,
    wording: &Wording,
    document: &Document,
) -> Vec<Diagnostic> {
    let wall = Firewall::new(key, wording);
    if wall.giveaways().is_empty() {
        return Vec::new();
    }
    let mut reported: HashSet<String> = HashSet::new();
    let mut problems = Vec::new();
    let texts = std::iter::once((None, document.title.clone())).chain(
        document
            .pages
            .iter()
            .enumerate()
            .flat_map(|(i, page)| page.paragraphs().into_iter().map(move |p| (Some(i + 1), p))),
    );
    for (page, text) in texts {
        for leak in wall.leaks(&text) {
            let phrase = &leak.giveaway.phrase;
            if !reported.insert(phrase.clone()) {
                continue;
            }
            let on = match page {
                Some(n) => format!("page {n} of the player sheet"),
                None => "the player sheet's title".to_string(),
            };
            let message = format!(
                "{on} would print the answer to example {}: `{}`",
                leak.giveaway.example,
                &text[leak.at.clone()].replace('\n', " "),
            );
            let place = find_in_strings(source.text(), |value| firewall::find(value, phrase));
            let d = match place {
                Some(span) => Diagnostic::at(span, message),
                None => Diagnostic::whole_file(message),
            };
            problems.push(d.with_help(format!(
                "the host key prints `{phrase}`, and no player page may: reword this text so that it asks without answering"
            )));
        }
    }
    problems
}
