//! The `[kit]` table checked: title, paper, record, counters, sizes, language and the worked
//! example.

use std::ops::Range;

use toml::Spanned;

use super::key_docs::{MAX_COUNTERS, MAX_RECORD_ROWS, MM_RANGE};
use super::model::{BoardPrint, Counters, Paper, Physical, SetBy};
use super::schema::{RawCounters, RawKit};
use crate::diag::nearest;
use crate::toml_input::document::TomlReader;
use crate::wording::Language;

/// Checks that `[kit] worked_example` names one of the kit's `count` examples.
pub(super) fn worked_example(
    cx: &mut TomlReader<'_>,
    n: &Spanned<i64>,
    count: usize,
) -> Option<usize> {
    match usize::try_from(*n.get_ref()) {
        Ok(i) if (1..=count).contains(&i) => Some(i),
        _ => {
            let help = match count {
                0 => "add the `[[example]]` to work through, or leave `worked_example` out".into(),
                1 => "the kit has one example: write `worked_example = 1`".into(),
                _ => format!("examples are numbered from 1 in file order: use 1 to {count}"),
            };
            cx.error(
                n.span(),
                format!(
                    "`worked_example = {}` names no example of this kit",
                    n.get_ref()
                ),
                Some(help),
            );
            None
        }
    }
}

/// Reads `[kit] language`, the code of a language the templates are written in (`"fr"`). Any
/// other value is reported at its place, with the code the author most likely meant: a close
/// code (`jp`), a language's name (`French`, `français`) or a regional tag (`fr-CA`); English,
/// the default, stands in so the rest of the kit is still checked.
pub(super) fn kit_language(cx: &mut TomlReader<'_>, written: &Spanned<String>) -> Language {
    let value = written.get_ref();
    if let Some(language) = Language::parse(value) {
        return language;
    }
    let wanted = value.trim();
    let listed = Language::ALL
        .iter()
        .map(|l| format!("`{}` ({})", l.code(), l.english_name()))
        .collect::<Vec<_>>()
        .join(", ");
    if wanted.is_empty() {
        cx.error(
            written.span(),
            "`language` is empty",
            Some(format!(
                "write a language's code, e.g. `language = \"fr\"`: the wording exists in {listed}"
            )),
        );
        return Language::default();
    }
    let names: Vec<(String, Language)> = Language::ALL
        .into_iter()
        .flat_map(|l| {
            [
                (l.code().to_string(), l),
                (l.english_name().to_lowercase(), l),
                (l.own_name().to_lowercase(), l),
            ]
        })
        .collect();
    let known: Vec<&str> = names.iter().map(|(name, _)| name.as_str()).collect();
    let regional = wanted
        .split_once(['-', '_'])
        .and_then(|(code, _)| Language::parse(code));
    let meant = regional.or_else(|| {
        let lowered = wanted.to_lowercase();
        let name = nearest(&lowered, &known)?;
        names.iter().find(|(n, _)| n == name).map(|(_, l)| *l)
    });
    let help = match meant {
        Some(l) => format!(
            "did you mean `language = \"{}\"` ({})? the wording exists in {listed}",
            l.code(),
            l.own_name()
        ),
        None => format!(
            "the wording exists in {listed}; for another language, keep one of these and reword its sentences in `[text]`"
        ),
    };
    cx.error(
        written.span(),
        format!("unknown language `{wanted}`"),
        Some(help),
    );
    Language::default()
}

/// The validated values of `[kit]`, before the examples are known.
pub(super) struct KitSection {
    pub(super) title: String,
    pub(super) purpose: Option<String>,
    pub(super) paper: Paper,
    pub(super) record_rows: u32,
    pub(super) record_numbered: bool,
    pub(super) counters: Counters,
    pub(super) position_words: Option<bool>,
    pub(super) physical: Physical,
}

/// Validates the values of `[kit]`.
pub(super) fn kit_section(cx: &mut TomlReader<'_>, raw: &RawKit) -> Option<KitSection> {
    let before = cx.problems.len();
    let title = raw.title.as_ref().map(|t| t.get_ref().trim().to_string());
    if let (Some(t), Some(written)) = (&title, &raw.title)
        && t.is_empty()
    {
        cx.error(
            written.span(),
            "`title` is empty",
            Some("give the pack a title, e.g. `title = \"Liberty-chain capture\"`".into()),
        );
    }
    let purpose = raw.purpose.as_ref().map(|p| p.get_ref().trim().to_string());
    let paper = raw
        .paper
        .as_ref()
        .map_or(Paper::default(), |p| paper(cx, p));
    let record_rows = match &raw.record_rows {
        None => 8,
        Some(r) => {
            match u32::try_from(*r.get_ref()) {
                Ok(n) if i64::from(n) <= MAX_RECORD_ROWS => n,
                _ => {
                    cx.error(
                    r.span(),
                    format!("`record_rows` must be a whole number from 0 to {MAX_RECORD_ROWS}, not {}", r.get_ref()),
                    Some("the seed pack uses `record_rows = 8`".into()),
                );
                    8
                }
            }
        }
    };
    let physical = physical(cx, raw);
    let counters = raw
        .counters
        .as_ref()
        .map_or(Counters::Default, |c| counters(cx, c));
    let record_numbered = raw.record_numbered.as_ref().is_none_or(|b| *b.get_ref());
    let position_words = raw.position_words.as_ref().map(|b| *b.get_ref());
    let title = title?;
    (cx.problems.len() == before).then_some(KitSection {
        title,
        purpose,
        paper,
        record_rows,
        record_numbered,
        counters,
        position_words,
        physical,
    })
}

/// The paper `paper` names, or the default after reporting an unknown name.
fn paper(cx: &mut TomlReader<'_>, p: &Spanned<String>) -> Paper {
    p.get_ref().parse::<Paper>().unwrap_or_else(|_| {
        let help = match nearest(p.get_ref(), Paper::NAMES) {
            Some(n) => format!(
                "did you mean `{n}`? use one of: {}",
                Paper::NAMES.join(", ")
            ),
            None => format!("use one of: {}", Paper::NAMES.join(", ")),
        };
        cx.error(
            p.span(),
            format!("unknown paper `{}`", p.get_ref()),
            Some(help),
        );
        Paper::default()
    })
}

/// The board's and counters' sizes `[kit]` sets, each checked, with who chose each.
fn physical(cx: &mut TomlReader<'_>, raw: &RawKit) -> Physical {
    let mut physical = Physical::default();
    let mm = |cx: &mut TomlReader<'_>, span: Range<usize>, name: &str, v: f64| -> Option<f64> {
        if v.is_finite() && MM_RANGE.contains(&v) {
            Some(v)
        } else {
            cx.error(
                span,
                format!(
                    "`{name}` of {v} mm is outside {} to {} mm",
                    MM_RANGE.start(),
                    MM_RANGE.end()
                ),
                Some("real boards use `spacing_mm = [22.0, 23.7]` and `counter_mm = 20.0`".into()),
            );
            None
        }
    };
    if let Some(s) = &raw.spacing_mm {
        match s.get_ref().as_slice() {
            [x, y] => {
                if let (Some(x), Some(y)) = (
                    mm(cx, x.span(), "spacing_mm", *x.get_ref()),
                    mm(cx, y.span(), "spacing_mm", *y.get_ref()),
                ) {
                    physical.spacing_x_mm = x;
                    physical.spacing_y_mm = y;
                    physical.spacing_set_by = SetBy::Author;
                }
            }
            other => cx.error(
                s.span(),
                format!(
                    "`spacing_mm` needs two numbers (across, down), not {}",
                    other.len()
                ),
                Some("write e.g. `spacing_mm = [22.0, 23.7]`".into()),
            ),
        }
    }
    if let Some(c) = &raw.counter_mm
        && let Some(v) = mm(cx, c.span(), "counter_mm", *c.get_ref())
    {
        physical.counter_mm = v;
        physical.counter_set_by = SetBy::Author;
    }
    let grid = physical.spacing_x_mm.min(physical.spacing_y_mm);
    if physical.counter_mm > grid {
        let span = raw.counter_mm.as_ref().map_or_else(
            || raw.spacing_mm.as_ref().map_or(0..0, Spanned::span),
            Spanned::span,
        );
        cx.error(
            span,
            format!(
                "counters of {} mm would overlap on a grid spaced {grid} mm apart",
                physical.counter_mm
            ),
            Some(
                "make `counter_mm` no larger than the smaller of the two `spacing_mm` values"
                    .into(),
            ),
        );
    }
    if let Some(i) = &raw.ink_saving {
        physical.ink_saving = *i.get_ref();
    }
    if raw.large_print.as_ref().is_some_and(|l| *l.get_ref()) {
        physical = physical.in_large_print();
    }
    if let Some(b) = &raw.board_print {
        match b.get_ref().trim().parse::<BoardPrint>() {
            Ok(print) => physical.board_print = print,
            Err(e) => cx.error(
                b.span(),
                format!("`board_print` cannot be `{}`", e.found),
                Some(
                    "write `board_print = \"tiled\"` for a full-size board across sheets, or \
                     leave it out (`\"page\"`)"
                        .into(),
                ),
            ),
        }
    }
    physical
}

/// Reads `[kit] counters`: `"none"`, `"default"` or a number per colour.
fn counters(cx: &mut TomlReader<'_>, c: &Spanned<RawCounters>) -> Counters {
    match c.get_ref() {
        RawCounters::Word(w) if w.trim().eq_ignore_ascii_case("none") => Counters::None,
        RawCounters::Word(w) if w.trim().eq_ignore_ascii_case("default") => Counters::Default,
        RawCounters::Number(n) if (0..=MAX_COUNTERS).contains(n) => Counters::PerColour(*n as u32),
        RawCounters::Number(n) => {
            cx.error(
                c.span(),
                format!("`counters = {n}` is not a number of counters from 0 to {MAX_COUNTERS}"),
                Some("write a number per colour, e.g. `counters = 40`".into()),
            );
            Counters::Default
        }
        RawCounters::Word(w) => {
            let help = match nearest(w, &["none", "default"]) {
                Some(n) => format!("did you mean `\"{n}\"`? or write a number per colour"),
                None => {
                    "write `\"none\"` (real stones), `\"default\"` or a number per colour".into()
                }
            };
            cx.error(
                c.span(),
                format!("unknown `counters` value `{w}`"),
                Some(help),
            );
            Counters::Default
        }
    }
}
