//! The foot of a page, where nothing can run on to a next page: each printing note or bar label
//! too long for it is refused at its `[text]` entry.

use crate::diag::Diagnostic;
use crate::kit::Kit;
use crate::layout::style::Style;
use crate::layout::{footer, player_printing_notes};
use crate::typeface::Typefaces;

/// Each printing note or bar label too long for the foot of a page, where nothing can run on
/// to a next page: refused at its `[text]` entry, with the lines it takes and those that fit.
pub(super) fn foot_problems(kit: &Kit, source: &str, fonts: &'static Typefaces) -> Vec<Diagnostic> {
    let style = Style::for_physical(&kit.physical, fonts);
    footer::overflows(kit, &style, &player_printing_notes(kit))
        .into_iter()
        .map(|o| {
            let message = format!(
                "`{}` takes {} lines at the foot of a page, where {} {} (the rest would be printed over the page)",
                o.key,
                o.lines,
                o.most,
                if o.most == 1 { "fits" } else { "fit" }
            );
            let shown = kit.wording.get(o.key).chars().count();
            let help = format!(
                "shorten it to about {} characters, or write `{} = \"\"` to leave it out",
                shown * o.most / o.lines.max(1),
                o.key
            );
            match text_entry(source, o.key) {
                Some(span) => Diagnostic::at(span, message),
                None => Diagnostic::whole_file(message),
            }
            .with_help(help)
        })
        .collect()
}

/// Where `key = ...` is written as a line of the kit (its key), when it is.
fn text_entry(source: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let mut start = 0;
    for line in source.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let rest = &line[indent..];
        if let Some(after) = rest.strip_prefix(key)
            && after.trim_start().starts_with('=')
        {
            let at = start + indent;
            return Some(at..at + key.len());
        }
        start += line.len();
    }
    None
}
