//! The `completions` and `man` commands: a shell's completion script and the manual page, both
//! generated from the same clap definitions that parse the command line, so they cannot drift
//! from the real commands and flags.

use clap::CommandFactory;
use clap_complete::Shell;
use clap_mangen::Man;

use super::{Console, Failure, Outcome, output_error};
use crate::cli::Cli;

/// The binary's name, as the shell sees it.
const BIN: &str = "libertykit";

/// Prints the completion script for `shell`.
pub fn completions(shell: Shell, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    // Into memory first: clap_complete panics on a write error, and a closed pipe is no panic.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), BIN, &mut script);
    console.out.write_all(&script).map_err(output_error)?;
    Ok(Outcome::Success)
}

/// Prints the manual page: the main one, or `command`'s own (`libertykit-build(1)`).
pub fn man(command: Option<&str>, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    let page = render(command)?;
    console.out.write_all(&page).map_err(output_error)?;
    Ok(Outcome::Success)
}

/// The roff text of the main page, or of `command`'s page.
fn render(command: Option<&str>) -> Result<Vec<u8>, Failure> {
    // As clap_mangen's own generate_to: built first, so each subcommand knows its full name
    // (`libertykit build`) and the version.
    let mut cli = Cli::command();
    cli.build();
    let page = match command {
        None => cli,
        Some(name) => cli
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| Failure::new(format!("no manual page for `{name}`")))?,
    };
    // Titled in capitals as man pages are (`LIBERTYKIT-BUILD`), every page with the version.
    let title = page
        .get_display_name()
        .unwrap_or_else(|| page.get_name())
        .to_uppercase();
    let many = many_valued_positionals(&page);
    let mut roff = Vec::new();
    Man::new(page)
        .title(title)
        .source(format!("{BIN} {}", env!("CARGO_PKG_VERSION")))
        .render(&mut roff)
        .map_err(|e| Failure::new(format!("cannot render the manual page: {e}")))?;
    Ok(mark_many_values(roff, &many))
}

/// The value names of `page`'s positional arguments that take several values (`KIT` of
/// `build`).
fn many_valued_positionals(page: &clap::Command) -> Vec<String> {
    page.get_positionals()
        .filter(|arg| arg.get_num_args().is_some_and(|n| n.max_values() > 1))
        .map(|arg| match arg.get_value_names() {
            Some(names) => names.join(" "),
            None => arg.get_id().to_string(),
        })
        .collect()
}

/// Adds `...` after each of `names` where the page shows it, as `--help` does (`<KIT>...`):
/// clap_mangen 0.3 writes `<KIT>` whether the argument takes one value or several.
fn mark_many_values(roff: Vec<u8>, names: &[String]) -> Vec<u8> {
    if names.is_empty() {
        return roff;
    }
    let mut text = match String::from_utf8(roff) {
        Ok(text) => text,
        Err(not_utf8) => return not_utf8.into_bytes(),
    };
    for name in names {
        for (open, close) in [("<", ">"), ("[", "]")] {
            let shown = format!(r"{open}\fI{name}\fR{close}");
            text = text.replace(&shown, &format!("{shown}..."));
        }
    }
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::MAN_PAGES;

    #[test]
    fn every_command_has_a_man_page_and_no_other_name_is_offered() {
        let names: Vec<String> = Cli::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(names, MAN_PAGES);
    }

    #[test]
    fn a_command_page_is_titled_with_the_full_name_and_lists_its_options() {
        let page = String::from_utf8(render(Some("build")).unwrap()).unwrap();
        let th = page.lines().find(|l| l.starts_with(".TH")).unwrap();
        assert!(th.starts_with(".TH LIBERTYKIT-BUILD 1 "), "{th}");
        assert!(th.contains(env!("CARGO_PKG_VERSION")), "{th}");
        assert!(page.contains(r"\-\-paper"), "{page}");
        // `build` takes several kits, and says so as `--help` does; `key` takes one.
        assert!(page.contains(r"<\fIKIT\fR>..."), "{page}");
        let key = String::from_utf8(render(Some("key")).unwrap()).unwrap();
        assert!(
            key.contains(r"<\fIKIT\fR>") && !key.contains("KIT\\fR>..."),
            "{key}"
        );
    }
}
