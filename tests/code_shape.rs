//! The shape issue 20 set for the code: no source file over 550 lines of code and no function
//! over 120 lines, so that each file owns one idea and each function can be read at once.
//! Lines of code are the lines before a file's test module that are neither blank nor
//! comments; a function runs from its `fn` line to the brace that closes it at its indent.

mod common;

use std::fs;
use std::path::Path;

const MOST_LINES_OF_CODE: usize = 550;
const MOST_FUNCTION_LINES: usize = 120;

/// A file's lines before its test module.
fn product_lines(text: &str) -> Vec<&str> {
    text.lines()
        .take_while(|l| !l.trim_start().starts_with("#[cfg(test)]"))
        .collect()
}

/// Whether `line` starts a function, and the indent its closing brace will have.
fn function_indent(line: &str) -> Option<&str> {
    let indent = &line[..line.len() - line.trim_start().len()];
    let mut rest = line.trim_start();
    for word in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(word).unwrap_or(rest);
    }
    let name = rest.strip_prefix("fn ")?;
    name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        .then_some(indent)
}

#[test]
fn no_file_is_over_550_lines_of_code_and_no_function_over_120_lines() {
    let mut over = Vec::new();
    for path in common::rust_files(Path::new("src")) {
        let text = fs::read_to_string(&path).unwrap();
        let lines = product_lines(&text);
        let code = lines
            .iter()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with("//"))
            .count();
        if code > MOST_LINES_OF_CODE {
            over.push(format!("{}: {code} lines of code", path.display()));
        }
        for (i, line) in lines.iter().enumerate() {
            let Some(indent) = function_indent(line) else {
                continue;
            };
            let closing = format!("{indent}}}");
            if let Some(end) = lines[i + 1..].iter().position(|l| *l == closing) {
                let length = end + 2;
                if length > MOST_FUNCTION_LINES {
                    over.push(format!(
                        "{}:{}: a function of {length} lines",
                        path.display(),
                        i + 1
                    ));
                }
            }
        }
    }
    assert!(
        over.is_empty(),
        "split these where a name explains a part:\n{}",
        over.join("\n")
    );
}
