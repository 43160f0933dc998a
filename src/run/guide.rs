//! The `help` command: the reference guides carried in the binary, or a command's help.
//!
//! The guides are the Markdown pages of the repository's `docs/` folder, included as they are
//! when the binary is compiled, so an installed binary carries the same text as the checkout
//! and the two cannot drift.

use clap::CommandFactory;

use super::{Console, Failure, Outcome, output_error};
use crate::cli::Cli;

/// A guide `libertykit help NAME` prints.
struct Guide {
    /// The topic's name on the command line.
    name: &'static str,
    /// The Markdown page.
    text: &'static str,
}

/// Every guide, in the order the main help names them.
const GUIDES: [Guide; 3] = [
    Guide {
        name: "kit",
        text: include_str!("../../docs/kit-format.md"),
    },
    Guide {
        name: "record",
        text: include_str!("../../docs/replay.md"),
    },
    Guide {
        name: "sgf",
        text: include_str!("../../docs/sgf.md"),
    },
];

/// Prints the guide or command help for `topic`, or the main help when there is none.
pub fn run(topic: Option<&str>, console: &mut Console<'_>) -> Result<Outcome, Failure> {
    let text = page(topic)?;
    console
        .out
        .write_all(text.as_bytes())
        .map_err(output_error)?;
    Ok(Outcome::Success)
}

/// The text `help topic` prints.
fn page(topic: Option<&str>) -> Result<String, Failure> {
    if let Some(guide) = GUIDES.iter().find(|g| Some(g.name) == topic) {
        return Ok(guide.text.to_string());
    }
    // Built first, so a command's usage line carries its full name (`libertykit build`).
    let mut cli = Cli::command();
    cli.build();
    let mut command = match topic {
        None => cli,
        Some(name) => cli
            .find_subcommand(name)
            .cloned()
            .ok_or_else(|| Failure::new(format!("no help for `{name}`")))?,
    };
    Ok(command.render_long_help().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{GUIDE_NAMES, HELP_TOPICS};

    #[test]
    fn every_guide_and_every_command_is_a_topic_and_nothing_else() {
        let guides: Vec<&str> = GUIDES.iter().map(|g| g.name).collect();
        assert_eq!(guides, GUIDE_NAMES);
        let commands: Vec<String> = (Cli::command().get_subcommands())
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(HELP_TOPICS[..GUIDE_NAMES.len()], GUIDE_NAMES);
        assert_eq!(HELP_TOPICS[GUIDE_NAMES.len()..], commands);
    }

    #[test]
    fn the_kit_guide_is_the_kit_format_page_and_a_command_gets_its_own_help() {
        let kit = page(Some("kit")).unwrap();
        assert!(kit.starts_with("# The kit file\n"), "{}", &kit[..40]);
        let build = page(Some("build")).unwrap();
        assert!(build.contains("Usage: libertykit build"), "{build}");
        assert!(build.contains("--large-print"), "{build}");
        let main = page(None).unwrap();
        assert!(main.contains("help kit"), "{main}");
    }
}
