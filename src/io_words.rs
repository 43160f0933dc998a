//! An I/O error said in words: what went wrong with the file, never the operating system's
//! error number (`(os error 17)`) nor a Rust type's wording.

use std::borrow::Cow;
use std::io::{Error, ErrorKind};

/// What went wrong, lower-case, ready to follow "cannot read `x`: ".
pub fn io_words(e: &Error) -> String {
    match e.kind() {
        ErrorKind::NotFound => "no such file or folder".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        ErrorKind::AlreadyExists => "a file or folder of that name is already there".into(),
        ErrorKind::NotADirectory => "a part of the path that should be a folder is a file".into(),
        ErrorKind::IsADirectory => "it is a folder, where a file was expected".into(),
        ErrorKind::DirectoryNotEmpty => "the folder is not empty".into(),
        ErrorKind::InvalidInput | ErrorKind::InvalidFilename => {
            "the name is not one this file system accepts (too long, or a character it refuses)"
                .into()
        }
        ErrorKind::StorageFull => "the disk is full".into(),
        ErrorKind::QuotaExceeded => "the disk quota is used up".into(),
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only".into(),
        ErrorKind::FileTooLarge => "the file is larger than the file system allows".into(),
        ErrorKind::CrossesDevices => "it would move a file to another disk".into(),
        ErrorKind::UnexpectedEof => "the file ends sooner than its contents say".into(),
        ErrorKind::WouldBlock => "it is busy; try again".into(),
        ErrorKind::Interrupted => "the operation was interrupted; try again".into(),
        _ => without_number(&e.to_string()),
    }
}

/// The system's own message, lower-case, with its ` (os error N)` cut off.
fn without_number(text: &str) -> String {
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => text,
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => "the system gave no reason".into(),
    }
}

/// `message` with each system error text that a message composed elsewhere ended with
/// (`file exists (os error 17)`, as `std::io::Error` displays itself) said in [`io_words`]: a
/// last guard, so that no error number reaches a person whichever path the error came by.
pub fn reworded(message: &str) -> Cow<'_, str> {
    const MARK: &str = " (os error ";
    if !message.contains(MARK) {
        return Cow::Borrowed(message);
    }
    let mut out = message.to_string();
    while let Some(at) = out.find(MARK) {
        let digits_start = at + MARK.len();
        let digits_end = out[digits_start..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(out.len(), |i| digits_start + i);
        let Ok(code) = out[digits_start..digits_end].parse::<i32>() else {
            break;
        };
        let end = if out[digits_end..].starts_with(')') {
            digits_end + 1
        } else {
            digits_end
        };
        let error = Error::from_raw_os_error(code);
        let system = error.to_string();
        let system = system
            .strip_suffix(&format!("{MARK}{code})"))
            .unwrap_or(&system);
        // The system's words just before the number, as written or lower-cased.
        let before = &out[..at];
        let start = [system.to_string(), system.to_lowercase()]
            .iter()
            .find(|words| !words.is_empty() && before.ends_with(words.as_str()))
            .map_or(at, |words| at - words.len());
        out.replace_range(start..end, &io_words(&error));
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_error_number_reaches_the_words() {
        for code in [5, 17, 22, 28, 30, 36, 39, 18] {
            let words = io_words(&Error::from_raw_os_error(code));
            assert!(!words.contains("os error"), "{code}: {words}");
            assert!(!words.is_empty());
        }
        assert_eq!(
            io_words(&Error::from_raw_os_error(17)),
            "a file or folder of that name is already there"
        );
        assert_eq!(
            without_number("Input/output error (os error 5)"),
            "input/output error"
        );
    }

    #[test]
    fn a_composed_message_loses_its_error_numbers() {
        assert_eq!(
            reworded("cannot create folder `x`: file exists (os error 17)"),
            "cannot create folder `x`: a file or folder of that name is already there"
        );
        let raw = format!("cannot write `y`: {}", Error::from_raw_os_error(22));
        let words = reworded(&raw);
        assert!(!words.contains("os error"), "{words}");
        assert!(
            words.starts_with("cannot write `y`: the name is not one"),
            "{words}"
        );
        assert!(matches!(reworded("all well"), Cow::Borrowed(_)));
    }
}
