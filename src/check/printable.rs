//! Every character the pack prints held against the fonts it is set in.

use crate::diag::Diagnostic;
use crate::kit::Kit;
use crate::typeface::Typefaces;

/// Every character no font can show in what the pack prints: the kit's own words (title,
/// purpose, the wording with its `[text]` entries, each example's title, prompt and position);
/// everything else printed is composed from these, points and digits. Each character is
/// reported once, where the kit's source first has it, or for the whole file when it comes from
/// the built-in wording. Scanning the words, not a laid-out pack, keeps `check` from laying out
/// every page just to read them.
pub(super) fn unprintable(kit: &Kit, source: &str, fonts: &Typefaces) -> Vec<Diagnostic> {
    let wording = kit.wording.keys().map(|key| kit.wording.get(key));
    let examples = kit.examples.iter().flat_map(|e| {
        [
            e.title.as_deref(),
            e.prompt.as_deref(),
            Some(e.position_text.as_str()),
        ]
        .into_iter()
        .flatten()
    });
    let mut seen: Vec<char> = Vec::new();
    let mut problems = Vec::new();
    for text in [Some(kit.title.as_str()), kit.purpose.as_deref()]
        .into_iter()
        .flatten()
        .chain(wording)
        .chain(examples)
    {
        for c in text.chars().filter(|&c| !fonts.shows(c)) {
            if seen.contains(&c) {
                continue;
            }
            seen.push(c);
            let message = format!(
                "`{c}` (U+{:04X}) is in no font the pack is set in (in `{}`)",
                u32::from(c),
                text.trim()
            );
            let help = format!(
                "tried {}; choose a font that has it with `[kit] font = \"...\"` (e.g. \"Noto Sans CJK JP\" for Japanese) or `--font`, or write another character",
                fonts.names()
            );
            let diagnostic = match source.find(c) {
                Some(at) => Diagnostic::at(at..at + c.len_utf8(), message),
                None => Diagnostic::whole_file(message),
            };
            problems.push(diagnostic.with_help(help));
        }
    }
    problems
}
