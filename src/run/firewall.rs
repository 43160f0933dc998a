//! The answer firewall at `build`: a player page that would print an answer is refused, at the
//! kit's line and column where the text is written, whatever path the text took (a prompt, a
//! title, a `[text]` sentence, an imported comment). It reads what is printed, not one field
//! of the kit: every paragraph of every page as laid out, each two paragraphs that follow one
//! another (a title and its prompt), each page's text joined whole, the document's title (the
//! PDF's and HTML's title) and the note the HTML sheet shows on screen.

use std::collections::HashSet;

use crate::answer::firewall::{Firewall, Leak};
use crate::diag::{Diagnostic, Source};
use crate::layout::page::Document;
use crate::toml_input::strings::find_in_strings;

/// A text a player reads, with where it is.
#[derive(Debug, Clone)]
pub struct PlayerText {
    /// Where, as a message says it: `page 2 of the player sheet`.
    pub place: String,
    /// The text.
    pub text: String,
    /// Joined from pieces a page prints apart: only the host key's phrases are looked for,
    /// since a label (`Answer:`) and a board's coordinates could meet into a point.
    pub joined: bool,
}

/// Every text of `document` a player reads, named `name` (`player sheet`), and `note`, the
/// note its HTML file shows above the pages. The sheet's own `label` under each example
/// (`Answer:`, where the player writes) is left out: it names the player's answer, and beside
/// a `legal` question's point it would read as a claim.
pub fn player_texts(
    document: &Document,
    name: &str,
    note: Option<&str>,
    label: &str,
) -> Vec<PlayerText> {
    let text = |place: String, text: String, joined: bool| PlayerText {
        place,
        text,
        joined,
    };
    let mut texts = vec![text(
        format!("the {name}'s title"),
        document.title.clone(),
        false,
    )];
    if let Some(note) = note {
        texts.push(text(
            format!("the note of the {name}'s HTML file"),
            note.to_string(),
            false,
        ));
    }
    // Left out of the paragraphs below, the label is read once on its own: a `[text]` label
    // that writes a point in (`Answer: C4 =`) prints it under every example.
    if !label.trim().is_empty() {
        texts.push(text(
            format!("the answer line under each example of the {name}"),
            label.to_string(),
            false,
        ));
    }
    for (i, page) in document.pages.iter().enumerate() {
        let place = format!("page {} of the {name}", i + 1);
        let paragraphs: Vec<String> = page
            .paragraphs()
            .into_iter()
            .map(|p| {
                p.split('\n')
                    .filter(|line| line.trim() != label.trim())
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .filter(|p| !p.is_empty())
            .collect();
        // Two paragraphs are read as one for the host key's phrases only: a paragraph the page
        // makes (a position in words, `black C4 D3 E4`) beside the next one's answer word
        // (`Right or wrong: ...`) states nothing. The author's title and prompt are read
        // joined for points too (see `build`).
        for pair in paragraphs.windows(2) {
            texts.push(text(place.clone(), pair.join("\n"), true));
        }
        // A paragraph runs its lines together (a wrapped sentence is still one), but a line
        // that opens with a capital starts a text of its own for the answers' points: a
        // position in words (`black C4 D3 E4`) above a question opening with an answer word
        // (`Right or wrong: ...`) states nothing. The whole paragraph is read for phrases.
        for paragraph in &paragraphs {
            for piece in sentences_apart(paragraph) {
                texts.push(text(place.clone(), piece, false));
            }
            texts.push(text(place.clone(), paragraph.clone(), true));
        }
        let whole = std::iter::once(document.title.as_str())
            .chain(paragraphs.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join("\n");
        texts.push(text(place, whole, true));
    }
    texts
}

/// `paragraph` cut before each line that opens with a capital letter: the lines of one
/// wrapped sentence stay together.
fn sentences_apart(paragraph: &str) -> Vec<String> {
    let mut pieces: Vec<String> = Vec::new();
    for line in paragraph.split('\n') {
        match pieces.last_mut() {
            Some(piece) if !line.starts_with(|c: char| c.is_uppercase()) => {
                piece.push('\n');
                piece.push_str(line);
            }
            _ => pieces.push(line.to_string()),
        }
    }
    pieces
}

/// One problem for each answer of `wall` that `texts` would print, at the first place in the
/// kit's `source` it is written (else the kit as a whole); `of_kit` names the kit a giveaway
/// answers when it is not this one (a session's), and says which giveaways are looked for.
pub fn answer_leaks(
    source: &Source,
    wall: &Firewall,
    texts: &[PlayerText],
    of_kit: &dyn Fn(usize) -> Option<String>,
) -> Vec<Diagnostic> {
    if wall.is_empty() {
        return Vec::new();
    }
    let mut reported: HashSet<(usize, usize, String)> = HashSet::new();
    let mut problems = Vec::new();
    for text in texts {
        let leaks = if text.joined {
            wall.phrase_leaks(&text.text)
        } else {
            wall.leaks(&text.text)
        };
        for leak in leaks {
            let giveaway = leak.giveaway;
            let Some(kit) = of_kit(giveaway.kit) else {
                continue;
            };
            if !reported.insert((giveaway.kit, giveaway.example, giveaway.phrase.clone())) {
                continue;
            }
            problems.push(problem(source, wall, text, &leak, &kit));
        }
    }
    problems
}

/// The problem of `leak` in `text`, placed where the kit writes it.
fn problem(
    source: &Source,
    wall: &Firewall,
    text: &PlayerText,
    leak: &Leak,
    kit: &str,
) -> Diagnostic {
    let giveaway = leak.giveaway;
    let message = format!(
        "{} would print the answer to example {}{kit}: `{}`",
        text.place,
        giveaway.example,
        text.text[leak.at.clone()].replace('\n', " "),
    );
    let place = find_in_strings(source.text(), |value| {
        wall.leaks(value)
            .into_iter()
            .find(|found| found.giveaway == giveaway)
            .map(|found| found.at)
    });
    let d = match place {
        Some(span) => Diagnostic::at(span, message),
        None => Diagnostic::whole_file(message),
    };
    let help = if giveaway.states_verdict {
        format!(
            "this text states that answer, `{}`, in other words than the host key's: no player page may; reword this text so that it asks without answering (a question such as `How many liberties?` or `Is A1 legal?` may stay)",
            giveaway.phrase
        )
    } else if giveaway.beside_answer_word {
        format!(
            "`{}` is a point of that answer, and a word next to it calls it one: no player page may say so; reword this text so that it asks without answering",
            giveaway.phrase
        )
    } else {
        format!(
            "the host key prints `{}`, and no player page may: reword this text so that it asks without answering",
            giveaway.phrase
        )
    };
    d.with_help(help)
}
