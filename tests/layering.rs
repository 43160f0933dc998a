//! The code's shape, checked: dependencies between the top-level modules point one way (rules <-
//! kit <- answer <- layout <- export <- run/cli, with the leaves under them), and no files of one
//! folder use each other in a circle. Read from the source text, so a new `use` that points the
//! wrong way fails here rather than in a review.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::rust_files;

/// Each top-level module's layer: a module may use only modules of a lower layer.
const LAYERS: &[(&str, u32)] = &[
    ("diag", 2),
    ("control_chars", 0),
    ("excerpt", 1),
    ("fingerprint", 0),
    ("io_words", 0),
    ("wording", 3),
    ("typeface", 3),
    ("rules", 3),
    ("toml_input", 4),
    ("kit", 5),
    ("record", 5),
    ("answer", 6),
    ("layout", 7),
    ("check", 8),
    ("export", 8),
    ("cli", 9),
    ("run", 10),
];

/// A file's code without its unit tests (tests may reach anywhere) and without comments (a doc
/// line may name a module it does not use).
fn product_code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("source is readable");
    // Only the unit-test module is cut: a `#[cfg(test)]` item elsewhere (a test-only
    // constructor) is followed by product code.
    let code = match text.find("#[cfg(test)]\nmod tests") {
        Some(at) => &text[..at],
        None => &text,
    };
    code.lines()
        .map(|line| line.split_once("//").map_or(line, |(before, _)| before))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module path of a file below `src/`: `src/record/sgf/scan.rs` is `["record", "sgf", "scan"]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("file is under src");
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// Every path that follows `marker` in `code` (`crate::kit::model::Kit` gives `kit::model::Kit`),
/// as its segments; a brace list counts as its prefix alone.
fn paths_after(code: &str, marker: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(marker) {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + marker.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let segments: Vec<String> = rest[..end]
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        paths.push(segments);
    }
    paths
}

#[test]
fn top_level_modules_use_only_lower_layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let layer: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let mut wrong = BTreeSet::new();
    for file in rust_files(&src) {
        let path = module_path(&src, &file);
        let Some(top) = path.first() else { continue };
        if top == "lib" || top == "main" {
            continue;
        }
        let Some(&own) = layer.get(top.as_str()) else {
            panic!(
                "{}: a top-level module with no layer in LAYERS",
                file.display()
            );
        };
        for used in paths_after(&product_code(&file), "crate::") {
            let Some(other) = used.first() else { continue };
            if other == top {
                continue;
            }
            match layer.get(other.as_str()) {
                Some(&theirs) if theirs < own => {}
                _ => {
                    wrong.insert(format!("{} uses crate::{other}", file.display()));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "dependencies that point up or sideways:\n{}",
        wrong.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// Every module of the crate by its path (`["record", "sgf", "scan"]`), with the file that holds it.
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    rust_files(src)
        .into_iter()
        .map(|file| (module_path(src, &file), file))
        .filter(|(path, _)| !path.is_empty() && path[0] != "lib" && path[0] != "main")
        .collect()
}

/// The absolute module paths `code` (of the module at `own`) names, `super::` and `self::`
/// resolved.
fn absolute_paths(own: &[String], code: &str) -> Vec<Vec<String>> {
    let mut found = paths_after(code, "crate::");
    for (marker, up) in [("self::", 0), ("super::", 1)] {
        for segments in paths_after(code, marker) {
            let extra_ups = segments.iter().take_while(|s| *s == "super").count();
            let ups = up + extra_ups;
            if ups > own.len() {
                continue;
            }
            let mut path = own[..own.len() - ups].to_vec();
            path.extend(segments[extra_ups..].iter().cloned());
            found.push(path);
        }
    }
    found
}

#[test]
fn no_modules_of_one_folder_use_each_other_in_a_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = modules(&src);
    // Per folder (a module path), the uses between its child modules: a file's use of
    // `crate::a::b::c` from `crate::a::d::e` is `d -> b` inside `a`.
    let mut folders: BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (own, file) in &modules {
        for used in absolute_paths(own, &product_code(file)) {
            let common = own.iter().zip(&used).take_while(|(a, b)| a == b).count();
            if common >= own.len() || common >= used.len() {
                continue; // a module using its own children or its parents' items
            }
            let folder = own[..common].to_vec();
            let mut child = folder.clone();
            child.push(used[common].clone());
            if !modules.contains_key(&child) {
                continue; // an item of the folder module itself, not a sibling
            }
            folders
                .entry(folder)
                .or_default()
                .entry(own[common].clone())
                .or_default()
                .insert(used[common].clone());
        }
    }
    let mut circles: Vec<(Vec<String>, String)> = Vec::new();
    for (folder, graph) in &folders {
        for start in graph.keys() {
            if let Some(circle) = circle_through(graph, start) {
                let mut members = circle.clone();
                members.sort();
                members.dedup();
                if !circles.iter().any(|(m, _)| *m == members) {
                    let place = if folder.is_empty() {
                        "crate".to_string()
                    } else {
                        folder.join("::")
                    };
                    circles.push((members, format!("{place}: {}", circle.join(" -> "))));
                }
            }
        }
    }
    assert!(
        circles.is_empty(),
        "modules that use each other in a circle:\n{}",
        circles
            .into_iter()
            .map(|(_, t)| t)
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// A path of uses from `start` back to `start`, if there is one.
fn circle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![start.to_string()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().expect("paths are never empty");
        for next in graph.get(last).into_iter().flatten() {
            if next == start {
                let mut circle = path.clone();
                circle.push(start.to_string());
                return Some(circle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}
