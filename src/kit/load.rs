//! Reading a kit: TOML text -> raw tables (`schema`) -> the validated `Kit`, with every problem a
//! `Diagnostic` at the offending value. Problems are collected, not stopped at, so one run of
//! `check` shows as many of them as the file allows.

use std::ops::Range;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::examples;
use super::model::{Example, Kit, Paper, Physical};
use super::rules_table::{RULES_KEYS, RawRules};
use super::schema::{
    EXAMPLE_KEYS, EXAMPLE_REQUIRED, KIT_KEYS, KIT_REQUIRED, RULES_REQUIRED, RawExample, RawKit,
    TOP_KEYS,
};
use crate::diag::{Diagnostic, nearest};
use crate::rules::Rules;
use crate::text::Wording;

/// The most rows the move-record table may have.
const MAX_RECORD_ROWS: i64 = 40;
/// Sensible bounds for printed grid spacing and counters, in millimetres.
const MM_RANGE: std::ops::RangeInclusive<f64> = 5.0..=60.0;

/// Where problems are collected while one file is read.
pub(crate) struct Ctx<'a> {
    /// The file's text.
    pub source: &'a str,
    /// Problems found so far.
    pub problems: Vec<Diagnostic>,
}

impl Ctx<'_> {
    /// Records a problem at `span`.
    pub fn error(&mut self, span: Range<usize>, message: impl Into<String>, help: Option<String>) {
        let mut d = Diagnostic::at(span, message);
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.problems.push(d);
    }

    /// Reads the table `value`, written as `[name]` (`name` includes the brackets): unknown
    /// and missing keys are reported, then `read` reads the values. `None` when the table is
    /// absent (reported, with `missing_help`) or not a table; else what `read` made and whether
    /// every key was sound.
    pub fn table<T>(
        &mut self,
        value: Option<&Spanned<DeValue<'_>>>,
        name: &str,
        (known, required): (&[&str], &[&str]),
        missing_help: &str,
        read: impl FnOnce(&DeTable<'_>, &mut Vec<Diagnostic>) -> T,
    ) -> Option<(T, bool)> {
        let Some(value) = value else {
            self.error(
                0..0,
                format!("missing table `{name}`"),
                Some(missing_help.to_string()),
            );
            return None;
        };
        let keys_sound = self.check_keys(value, name, known, required);
        let table = value.get_ref().as_table()?;
        Some((read(table, &mut self.problems), keys_sound))
    }

    /// Reports unknown and missing keys of `table` (named `name`); true when there are none.
    pub fn check_keys(
        &mut self,
        table: &Spanned<DeValue<'_>>,
        name: &str,
        known: &[&str],
        required: &[&str],
    ) -> bool {
        let Some(entries) = table.get_ref().as_table() else {
            self.error(
                table.span(),
                format!(
                    "`{name}` must be a table, not {}",
                    with_article(table.get_ref().type_str())
                ),
                Some(format!("write it as a `[{name}]` section")),
            );
            return false;
        };
        let before = self.problems.len();
        for (key, _) in entries.iter() {
            let k: &str = key.get_ref();
            if !known.contains(&k) {
                let help = match nearest(k, known) {
                    Some(n) => format!("did you mean `{n}`?"),
                    None => match home_of(k) {
                        Some(home) if home != name => format!("`{k}` belongs in `{home}`"),
                        _ => format!("`{name}` accepts: {}", known.join(", ")),
                    },
                };
                self.error(
                    key.span(),
                    format!("unknown key `{k}` in `{name}`"),
                    Some(help),
                );
            }
        }
        for req in required {
            if !entries.iter().any(|(k, _)| k.get_ref() == *req) {
                self.error(
                    header_span(self.source, table.span(), name),
                    format!("`{name}` is missing the required key `{req}`"),
                    Some(required_help(req)),
                );
            }
        }
        self.problems.len() == before
    }
}

/// The table a misplaced key belongs to, for a helpful hint.
fn home_of(key: &str) -> Option<&'static str> {
    if KIT_KEYS.contains(&key) {
        Some("[kit]")
    } else if RULES_KEYS.contains(&key) {
        Some("[rules]")
    } else if EXAMPLE_KEYS.contains(&key) {
        Some("[[example]]")
    } else {
        None
    }
}

fn required_help(key: &str) -> String {
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

/// The span of a table's `[name]` header when it can be found before the table's body, else the
/// table's own span (e.g. an inline table).
fn header_span(source: &str, table: Range<usize>, name: &str) -> Range<usize> {
    if source
        .get(table.start..)
        .is_some_and(|rest| rest.starts_with(name))
    {
        return table.start..table.start + name.len();
    }
    let before = source.get(..table.start.min(source.len())).unwrap_or("");
    if let Some(i) = before.rfind(name) {
        let line_start = before[..i].rfind('\n').map_or(0, |n| n + 1);
        if before[line_start..].trim_start().starts_with('[') {
            return i..i + name.len();
        }
    }
    if name == "[[example]]"
        && let Some(i) = before.rfind("[[example]]")
    {
        return i..i + "[[example]]".len();
    }
    table.start
        ..table
            .start
            .saturating_add(1)
            .min(table.end.max(table.start))
}

/// The TOML document in `cx.source`, or `None` after reporting every syntax error. Kits and
/// game records are both read through here.
pub(crate) fn parse_document<'i>(cx: &mut Ctx<'i>) -> Option<DeTable<'i>> {
    if let Some(d) = lone_carriage_return(cx.source) {
        cx.problems.push(d);
        return None;
    }
    let (root, errors) = DeTable::parse_recoverable(cx.source);
    if errors.is_empty() {
        return Some(root.into_inner());
    }
    for e in errors {
        let span = e.span().unwrap_or(0..0);
        let message = e.message().lines().next().unwrap_or("").trim().to_string();
        cx.error(
            span,
            format!("invalid toml: {}", message.trim_end_matches('.')),
            Some(syntax_help(e.message())),
        );
    }
    None
}

/// A file whose lines end in a lone carriage return (classic Mac OS) is one problem, not one
/// TOML error per line: TOML only knows `\n` and `\r\n`.
fn lone_carriage_return(source: &str) -> Option<Diagnostic> {
    let bytes = source.as_bytes();
    let at = (0..bytes.len()).find(|&i| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n'))?;
    Some(
        Diagnostic::at(
            at..at + 1,
            "this line ends with a lone carriage return (old Mac line endings)",
        )
        .with_help("save the file with Unix (LF) or Windows (CRLF) line endings"),
    )
}

/// FNV-1a 64 of the source bytes, folded to 8 hex digits: matches a printed sheet to its key.
pub fn fingerprint(source: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in source.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:08x}", (h ^ (h >> 32)) as u32)
}

/// Reads and validates the kit in `source`, reporting every problem found. The authors' keys
/// are read for their form here and compared with the engine above, in `crate::key_check`.
pub fn load(source: &str) -> Result<Kit, Rejected> {
    let mut cx = Ctx {
        source,
        problems: Vec::new(),
    };
    let Some(root) = parse_document(&mut cx) else {
        return Err(Rejected {
            problems: cx.problems,
            rules: None,
            wording: Wording::defaults(),
            examples: Vec::new(),
        });
    };
    let mut kit_table = None;
    let mut rules_table = None;
    let mut text_table = None;
    let mut example_value = None;
    for (key, value) in root.iter() {
        match key.get_ref().as_ref() {
            "kit" => kit_table = Some(value),
            "rules" => rules_table = Some(value),
            "text" => text_table = Some(value),
            "example" => example_value = Some(value),
            other => {
                let help = match nearest(other, TOP_KEYS) {
                    Some("example") => "did you mean `[[example]]`?".to_string(),
                    Some(n) => format!("did you mean `[{n}]`?"),
                    None => match home_of(other) {
                        Some(home) => format!("`{other}` belongs in `{home}`"),
                        None => {
                            "a kit has the tables `[kit]`, `[rules]`, `[text]` and `[[example]]`"
                                .into()
                        }
                    },
                };
                cx.error(
                    key.span(),
                    format!("unknown key `{other}` at the top level"),
                    Some(help),
                );
            }
        }
    }

    let raw_kit = cx
        .table(
            kit_table,
            "[kit]",
            (KIT_KEYS, KIT_REQUIRED),
            "add `[kit]` with at least `title = \"...\"`",
            RawKit::read,
        )
        .and_then(|(raw, keys_sound)| raw.filter(|_| keys_sound));
    let kit_parts = raw_kit.and_then(|raw| kit_section(&mut cx, &raw));

    let mut board_span = 0..0;
    let mut example_size = None;
    let rules = cx
        .table(
            rules_table,
            "[rules]",
            (RULES_KEYS, RULES_REQUIRED),
            "add `[rules]` with at least `board = 5`",
            RawRules::read,
        )
        .and_then(|(raw, keys_sound)| {
            board_span = raw.board.as_ref().map_or(0..0, Spanned::span);
            example_size = raw.size();
            match raw.validate() {
                Ok(v) => keys_sound.then_some(v),
                Err(ds) => {
                    cx.problems.extend(ds);
                    None
                }
            }
        });

    let wording = text_section(&mut cx, text_table);

    let raw_examples = example_tables(&mut cx, example_value);
    let example_rules =
        rules.map_or_else(|| example_size.map(|size| (size, Rules::default())), Some);
    let examples: Vec<Example> = match example_rules {
        Some((size, rules)) => raw_examples
            .iter()
            .enumerate()
            .filter_map(|(i, (raw, _))| {
                examples::check(&mut cx, i + 1, raw.as_ref()?, size, &rules)
            })
            .collect(),
        None => Vec::new(),
    };

    match (rules, kit_parts) {
        (Some((size, rules)), Some((title, purpose, paper, record_rows, physical)))
            if cx.problems.is_empty() =>
        {
            Ok(Kit {
                title,
                purpose,
                paper,
                record_rows,
                size,
                rules,
                physical,
                wording,
                examples,
                fingerprint: fingerprint(source),
                board_span,
            })
        }
        (rules, _) => Err(Rejected {
            problems: cx.problems,
            rules: rules.map(|(_, rules)| rules),
            wording,
            examples,
        }),
    }
}

/// A kit that failed its checks: every problem, and the parts that are sound, so the check
/// stage can still compare the sound examples' keys with the engine and report every problem
/// of the file in one run.
#[derive(Debug)]
pub struct Rejected {
    /// Every problem found, each at its place.
    pub problems: Vec<Diagnostic>,
    /// The session's rules, when `[rules]` is sound.
    pub rules: Option<Rules>,
    /// The wording, with the `[text]` entries that are sound.
    pub wording: Wording,
    /// The examples that passed their own checks.
    pub examples: Vec<Example>,
}

fn syntax_help(message: &str) -> String {
    let rest: Vec<&str> = message
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if rest.is_empty() {
        "kits are TOML: `key = value` lines under `[table]` headers; text goes in double quotes"
            .into()
    } else {
        rest.join("; ")
    }
}

type KitSection = (String, Option<String>, Paper, u32, Physical);

/// Validates the values of `[kit]`.
fn kit_section(cx: &mut Ctx<'_>, raw: &RawKit) -> Option<KitSection> {
    let before = cx.problems.len();
    let title = raw.title.get_ref().trim().to_string();
    if title.is_empty() {
        cx.error(
            raw.title.span(),
            "`title` is empty",
            Some("give the pack a title, e.g. `title = \"Liberty-chain capture\"`".into()),
        );
    }
    let purpose = raw.purpose.as_ref().map(|p| p.get_ref().trim().to_string());
    let paper = match &raw.paper {
        None => Paper::default(),
        Some(p) => Paper::parse(p.get_ref()).unwrap_or_else(|| {
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
        }),
    };
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
    let mut physical = Physical::default();
    let mm = |cx: &mut Ctx<'_>, span: Range<usize>, name: &str, v: f64| -> Option<f64> {
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
    (cx.problems.len() == before).then_some((title, purpose, paper, record_rows, physical))
}

/// The wording with the kit's `[text]` overrides; unknown keys are reported with the nearest one.
/// The `{name}` placeholders a sentence uses, in order of first use.
fn placeholders(sentence: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = sentence;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &after[close + 1..];
    }
    names
}

fn text_section(cx: &mut Ctx<'_>, table: Option<&Spanned<DeValue<'_>>>) -> Wording {
    let defaults = Wording::defaults();
    let Some(table) = table else {
        return defaults;
    };
    let Some(entries) = table.get_ref().as_table() else {
        cx.error(
            table.span(),
            format!(
                "`text` must be a table, not {}",
                with_article(table.get_ref().type_str())
            ),
            Some("write it as a `[text]` section of `key = \"wording\"` lines".into()),
        );
        return defaults;
    };
    let known: Vec<&str> = defaults.keys().collect();
    let mut overrides = Vec::new();
    for (key, value) in entries.iter() {
        let k: &str = key.get_ref();
        if !defaults.has(k) {
            let help = match nearest(k, &known) {
                Some(n) => format!("did you mean `{n}`?"),
                None => {
                    "the keys are listed in templates/answers.toml and templates/sheet.toml".into()
                }
            };
            cx.error(
                key.span(),
                format!("unknown wording key `{k}` in `[text]`"),
                Some(help),
            );
            continue;
        }
        match value.get_ref().as_str() {
            Some(text) => {
                // A placeholder the program does not fill would be printed as `{name}` on
                // every page, so only the default sentence's own placeholders are allowed.
                let allowed = placeholders(defaults.get(k));
                if let Some(bad) = placeholders(text)
                    .into_iter()
                    .find(|p| !allowed.contains(p))
                {
                    let help = if allowed.is_empty() {
                        "this sentence has no placeholders; write it as plain text".to_string()
                    } else {
                        let names: Vec<String> =
                            allowed.iter().map(|p| format!("`{{{p}}}`")).collect();
                        format!("this sentence can use {}", names.join(", "))
                    };
                    cx.error(
                        value.span(),
                        format!("`{{{bad}}}` in `{k}` is not filled in by libertykit"),
                        Some(help),
                    );
                }
                overrides.push((k.to_string(), text.to_string()));
            }
            None => cx.error(
                value.span(),
                format!(
                    "`{k}` must be text, not {}",
                    with_article(value.get_ref().type_str())
                ),
                Some("write the wording in double quotes".into()),
            ),
        }
    }
    defaults
        .clone()
        .with_overrides(overrides)
        .unwrap_or(defaults)
}

/// Each `[[example]]` table, deserialized where its keys are sound, with its TOML value.
fn example_tables<'v, 'i>(
    cx: &mut Ctx<'_>,
    value: Option<&'v Spanned<DeValue<'i>>>,
) -> Vec<(Option<RawExample>, &'v Spanned<DeValue<'i>>)> {
    let Some(value) = value else {
        return Vec::new();
    };
    let Some(items) = value.get_ref().as_array() else {
        cx.error(
            value.span(),
            "`example` must be a list of `[[example]]` tables",
            Some("start each example with `[[example]]` (two brackets)".into()),
        );
        return Vec::new();
    };
    items
        .iter()
        .map(|item| {
            let ok = cx.check_keys(item, "[[example]]", EXAMPLE_KEYS, EXAMPLE_REQUIRED);
            let raw = item.get_ref().as_table().map(|table| {
                let mut raw = RawExample::read(table, &mut cx.problems);
                raw.sound &= ok;
                raw
            });
            (raw, item)
        })
        .collect()
}

/// `a integer` reads wrong: the article for a TOML type name.
fn with_article(type_name: &str) -> String {
    let article = if type_name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {type_name}")
}
