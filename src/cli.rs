//! The command line: clap types for every subcommand and flag.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::record::GameSelection;
use crate::rules::{KoRule, Scoring};

/// Turns a kit file into a printable session pack for small-board capture activities.
#[derive(Debug, Parser)]
// clap's own `help` subcommand is replaced by `Command::Help`, which also prints the guides.
#[command(
    name = "libertykit",
    version,
    about,
    long_about = None,
    disable_help_subcommand = true,
    after_help = "Guides: `libertykit help kit` (the kit file), `help record` (game records and \
                  `replay`), `help sgf` (SGF import and export)."
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check kit files and report every problem with file, line and column.
    ///
    /// The kit file, every check and the exit codes: `libertykit help kit`.
    Check {
        /// Kit files to check.
        #[arg(required = true, value_name = "KIT")]
        kits: Vec<PathBuf>,
        /// Font for all printed text, overriding the kit's `font`: an installed family's name
        /// or a font file's path.
        #[arg(long, value_name = "FONT")]
        font: Option<String>,
        /// Check the pack as `build --large-print` lays it out.
        #[arg(long)]
        large_print: bool,
        /// Check the pack as `build --tile-board` lays it out.
        #[arg(long)]
        tile_board: bool,
    },
    /// Show every example with its board and the answer the rules engine computed.
    ///
    /// The text and JSON output: `libertykit help kit`.
    Key {
        /// The kit file.
        #[arg(value_name = "KIT")]
        kit: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
    },
    /// Build the printable pack: player sheet, counters and a separate host key.
    ///
    /// The kit file and the pack's files: `libertykit help kit`.
    Build {
        /// What to build, and where.
        #[command(flatten)]
        args: BuildArgs,
        /// Build, then build again whenever a kit (or a font file it names) changes, until
        /// interrupted; each build prints its problems or its files.
        #[arg(long)]
        watch: bool,
    },
    /// Referee a played game: rule on every move and give the result.
    ///
    /// TOML and SGF records, the rule flags and the output: `libertykit help record`.
    Replay {
        /// A game record: TOML (`.toml`), SGF (`.sgf`), or the players' own record typed from
        /// the player sheet (`.csv`: Move, Point, Captures, Group liberties).
        #[arg(value_name = "RECORD")]
        record: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = OutputFormat::Text)]
        format: OutputFormat,
        /// Rules for SGF records and players' records (a TOML record carries its own `[rules]`).
        #[command(flatten)]
        rules: RuleFlags,
        /// For a players' record (`.csv`): the kit whose player sheet they filled in, for its
        /// board and rules.
        #[arg(long, value_name = "KIT")]
        kit: Option<PathBuf>,
        /// For a players' record (`.csv`) without `--kit`: the board's size.
        #[arg(long, value_name = "N", conflicts_with = "kit", value_parser = whole_number)]
        board: Option<u32>,
        /// Also write the move-record sheet, filled in from the game, as a PDF to FILE; for a
        /// players' record, their record printed back with its mismatches marked.
        #[arg(long, value_name = "FILE")]
        pdf: Option<PathBuf>,
        /// The record sheet's paper (with `--pdf`); any case (`A4`, `Letter`).
        #[arg(long, value_enum, ignore_case = true, default_value_t = PaperArg::A4, requires = "pdf")]
        paper: PaperArg,
    },
    /// Write a kit from an SGF collection: one example per game, keys from the engine.
    ///
    /// What is read from the SGF and how each game becomes an example: `libertykit help sgf`.
    Import {
        /// An SGF file (one game or a collection), or a folder: every `.sgf` file under it, in
        /// natural order of their paths, as one collection.
        #[arg(value_name = "FILE.sgf|FOLDER")]
        sgf: PathBuf,
        /// Where to write the kit (atomically); standard output when not given. An existing
        /// file there is refused, unless `--force` is given.
        #[arg(long, value_name = "KIT.toml")]
        out: Option<PathBuf>,
        /// Replace the file at `--out` if there is one (never the SGF being read).
        #[arg(long, requires = "out")]
        force: bool,
        /// Only these games, numbered from 1 in the file's order: `1-30`, `3,7,12`, or both.
        #[arg(long, alias = "pick", value_name = "NUMBERS", value_parser = GameSelection::parse)]
        games: Option<GameSelection>,
        /// Only games whose file path (from the folder), name (`GN`) or level (`DI`) holds TEXT,
        /// in any case: `--match elementary`, `--match "15k"`. Given again, a game that matches
        /// any is taken; with `--games`, both must take it.
        #[arg(long = "match", value_name = "TEXT")]
        matching: Vec<String>,
    },
    /// Write a kit as an SGF collection: one game per example, with its answer.
    ///
    /// The games, their properties and libertykit's own `LK` property: `libertykit help sgf`.
    Export {
        /// The kit file.
        #[arg(value_name = "KIT")]
        kit: PathBuf,
        /// Output format.
        #[arg(long, value_enum, default_value_t = ExportFormat::Sgf)]
        format: ExportFormat,
        /// Where to write (atomically); standard output when not given.
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
    },
    /// Write a commented starter kit to PATH (never overwrites).
    ///
    /// Every key of the kit file: `libertykit help kit`.
    New {
        /// Where to write the kit.
        #[arg(value_name = "PATH")]
        path: PathBuf,
    },
    /// Print the kit format as a JSON Schema, for editors that complete and check TOML.
    ///
    /// Saved beside a kit as `libertykit.schema.json`, it is read by Taplo and VS Code's Even
    /// Better TOML through the kit's first line, `#:schema ./libertykit.schema.json` (which
    /// `libertykit new` writes): `libertykit schema > libertykit.schema.json`.
    Schema,
    /// Print a completion script for a shell, generated from these very definitions.
    ///
    /// For example `libertykit completions bash >
    /// ~/.local/share/bash-completion/completions/libertykit`; README.md gives zsh and fish.
    Completions {
        /// The shell to complete in.
        #[arg(value_enum, value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), generated from these very definitions.
    ///
    /// For example `libertykit man > libertykit.1; man ./libertykit.1`, or `libertykit man
    /// build > libertykit-build.1` for one command's page with all its options.
    // A visible subcommand, not a hidden one: `cargo install` leaves no man page behind, so
    // writing one is a user's install step like `completions`, and `--help` is where a user
    // finds it. The page lists it among the others, which is true of the binary it describes.
    Man {
        /// A command whose own page to print, with all its options (default: the main page).
        #[arg(value_name = "COMMAND", value_parser = MAN_PAGES)]
        command: Option<String>,
    },
    /// Print a guide (`kit`, `record`, `sgf`), or a command's help.
    ///
    /// The guides are the reference pages kept in the repository's docs/ folder, carried in
    /// the binary: `libertykit help kit | less`.
    Help {
        /// A guide or a command (default: the list of commands and guides).
        #[arg(value_name = "TOPIC", value_parser = HELP_TOPICS)]
        topic: Option<String>,
    },
}

/// The reference guides `libertykit help` prints (a test checks them against the guides it
/// carries).
pub const GUIDE_NAMES: [&str; 3] = ["kit", "record", "sgf"];

/// What `libertykit help TOPIC` takes: the guides, then every command.
pub const HELP_TOPICS: [&str; GUIDE_NAMES.len() + MAN_PAGES.len()] = help_topics();

/// [`GUIDE_NAMES`] then [`MAN_PAGES`], joined when compiling.
const fn help_topics() -> [&'static str; GUIDE_NAMES.len() + MAN_PAGES.len()] {
    let mut topics = [""; GUIDE_NAMES.len() + MAN_PAGES.len()];
    let mut i = 0;
    while i < GUIDE_NAMES.len() {
        topics[i] = GUIDE_NAMES[i];
        i += 1;
    }
    let mut j = 0;
    while j < MAN_PAGES.len() {
        topics[i + j] = MAN_PAGES[j];
        j += 1;
    }
    topics
}

/// The commands `libertykit man COMMAND` has a page for: every subcommand (a test checks the
/// list against the definitions above).
pub const MAN_PAGES: [&str; 11] = [
    "check",
    "key",
    "build",
    "replay",
    "import",
    "export",
    "new",
    "schema",
    "completions",
    "man",
    "help",
];

/// Text for people or JSON for programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Readable text.
    Text,
    /// One JSON object.
    Json,
}

/// What `export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// An SGF (FF[4]) collection, one game per example.
    Sgf,
}

/// The kinds of pack file `build` writes; `--format` takes any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PackFormat {
    /// A PDF of each document.
    Pdf,
    /// One SVG per page.
    Svg,
    /// One web page of each document, to print from a browser.
    Html,
}

/// Paper sizes accepted on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// ISO A4, 210 x 297 mm.
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
    /// ISO A3, 297 x 420 mm.
    A3,
}

impl From<PaperArg> for crate::kit::Paper {
    fn from(paper: PaperArg) -> Self {
        match paper {
            PaperArg::A4 => crate::kit::Paper::A4,
            PaperArg::Letter => crate::kit::Paper::Letter,
            PaperArg::A3 => crate::kit::Paper::A3,
        }
    }
}

/// What `build` builds and where: every flag but `--watch`, which only says how often.
#[derive(Debug, Clone, Args)]
pub struct BuildArgs {
    /// Kit files. With several, each kit's pack goes to `DIR/<kit file stem>/` and
    /// `DIR/index.html` lists them all (`--out` is then required).
    #[arg(required = true, value_name = "KIT")]
    pub kits: Vec<PathBuf>,
    /// Folder to write into (default, for one kit: a folder named after the kit file).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Paper size, overriding the kit's `paper`; any case, as in the kit (`A4`, `Letter`).
    #[arg(long, value_enum, ignore_case = true)]
    pub paper: Option<PaperArg>,
    /// Which files to write: a comma list of pdf, svg and html.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        value_name = "FORMAT,...",
        default_values_t = [PackFormat::Pdf, PackFormat::Svg, PackFormat::Html]
    )]
    pub format: Vec<PackFormat>,
    /// With several kits, also write `DIR/session-player-sheets.pdf` and
    /// `DIR/session-host-keys.pdf`: every kit's pages in order, to print from two files.
    #[arg(long)]
    pub combine: bool,
    /// Font for all printed text, overriding the kit's `font`: an installed family's name
    /// or a font file's path.
    #[arg(long, value_name = "FONT")]
    pub font: Option<String>,
    /// Large print, whatever the kit says: 14 pt text, larger diagrams and counters, heavier
    /// lines (as `[kit] large_print = true`).
    #[arg(long)]
    pub large_print: bool,
    /// Also print the board at full size across as many sheets as it needs (`board.pdf`), to
    /// cut, tape and play on with real stones (as `[kit] board_print = "tiled"`).
    #[arg(long)]
    pub tile_board: bool,
}

/// `--ko`: the engine's repetition rules, as the command line spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KoArg {
    /// No move may recreate any earlier whole-board position.
    Positional,
    /// No move may recreate an earlier position with the same player to move.
    Situational,
    /// No move may recreate the position from just before the opponent's last move.
    Simple,
}

impl From<KoArg> for KoRule {
    fn from(ko: KoArg) -> Self {
        match ko {
            KoArg::Positional => KoRule::Positional,
            KoArg::Situational => KoRule::Situational,
            KoArg::Simple => KoRule::Simple,
        }
    }
}

/// `--scoring`: the engine's scoring rules, as the command line spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScoringArg {
    /// More captured stones (and dead stones taken) wins.
    Captures,
    /// Stones on the board plus empty regions bordered only by that colour, plus komi.
    Area,
    /// Empty regions bordered only by that colour plus prisoners, plus komi.
    Territory,
}

impl From<ScoringArg> for Scoring {
    fn from(scoring: ScoringArg) -> Self {
        match scoring {
            ScoringArg::Captures => Scoring::Captures,
            ScoringArg::Area => Scoring::Area,
            ScoringArg::Territory => Scoring::Territory,
        }
    }
}

/// Rule flags for records that do not carry their own rules (SGF).
#[derive(Debug, Clone, Default, Args)]
pub struct RuleFlags {
    /// Repetition rule; any case.
    #[arg(long, value_enum, ignore_case = true, value_name = "RULE")]
    pub ko: Option<KoArg>,
    /// End the game after this many consecutive passes.
    #[arg(long, value_name = "N", value_parser = whole_number)]
    pub end_passes: Option<u32>,
    /// End the game when this many stones have been placed in total.
    #[arg(long, value_name = "N", value_parser = whole_number)]
    pub max_stones: Option<u32>,
    /// End the game when a player has captured this many stones.
    #[arg(long, value_name = "N", value_parser = whole_number)]
    pub capture_target: Option<u32>,
    /// Scoring; any case.
    #[arg(long, value_enum, ignore_case = true, value_name = "RULE")]
    pub scoring: Option<ScoringArg>,
    /// Komi for White (overrides the SGF's KM).
    #[arg(
        long,
        value_name = "POINTS",
        allow_negative_numbers = true,
        value_parser = komi_points
    )]
    pub komi: Option<f64>,
    /// Stones agreed dead at the end, e.g. "C3 D4" or C3,D4 (a TOML record lists its own).
    #[arg(long, value_name = "POINTS")]
    pub dead: Option<String>,
}

/// A flag's whole number, refused in words: clap's own parser says "number too large to fit in
/// target type", which names a type where a person wants a limit.
fn whole_number(text: &str) -> Result<u32, String> {
    let digits = text.trim();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "`{text}` is not a whole number; write digits, e.g. `9`"
        ));
    }
    digits.parse().map_err(|_| {
        format!(
            "`{text}` is far too large; numbers here go up to {}",
            u32::MAX
        )
    })
}

/// `--komi`'s points: a finite number, such as `6.5` or `-0.5`.
fn komi_points(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(points) if points.is_finite() && points.abs() <= 1000.0 => Ok(points),
        Ok(_) => Err(format!(
            "`{text}` is no komi a game can have; write a number of points from -1000 to 1000, e.g. `6.5`"
        )),
        Err(_) => Err(format!(
            "`{text}` is not a number of points; write one such as `6.5` or `-0.5`"
        )),
    }
}
