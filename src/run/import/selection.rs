//! Which games of a collection `import` takes: those `--games` numbers and `--match` finds, on
//! the board size most of them are on.

use super::NoKit;
use super::sources::ImportText;
use crate::diag::Diagnostic;
use crate::record::{GameSelection, SgfGame};
use crate::rules::BoardSize;

/// Which games of a collection `import` takes.
#[derive(Debug, Default)]
pub struct Selection<'a> {
    /// Only these numbers (`--games`).
    pub games: Option<&'a GameSelection>,
    /// Only games whose file path, name or level holds one of these, in any case (`--match`).
    pub matching: &'a [String],
}

impl Selection<'_> {
    /// Whether `game`, number `number`, read from the file at `path`, is taken.
    fn takes(&self, number: usize, game: &SgfGame, path: &str) -> bool {
        let numbered = self.games.is_none_or(|g| g.takes(number));
        let matched = self.matching.is_empty()
            || self.matching.iter().any(|wanted| {
                let wanted = wanted.to_lowercase();
                [Some(path), game.title.as_deref(), game.level.as_deref()]
                    .into_iter()
                    .flatten()
                    .any(|text| text.to_lowercase().contains(&wanted))
            });
        numbered && matched
    }
}

/// The games taken, with their numbers in the collection and the kit's board size.
pub struct Taken {
    /// The games, in the collection's order.
    pub games: Vec<SgfGame>,
    /// Each game's number in the collection, from 1, for every message about it.
    pub numbers: Vec<usize>,
    /// The board size they are all on.
    pub size: BoardSize,
}

/// The games of `games` (read from `read`, named `name`) that `selection` takes, on one board
/// size; a selection that takes none, or numbers a game past the last, is a usage error.
pub fn take(
    mut games: Vec<SgfGame>,
    read: &ImportText,
    name: &str,
    selection: &Selection<'_>,
    notes: &mut Vec<String>,
) -> Result<Taken, NoKit> {
    let mut numbers: Vec<usize> = (1..=games.len()).collect();
    if let Some(wanted) = selection.games
        && wanted.highest() > games.len()
    {
        return Err(NoKit::Usage(format!(
            "`--games` asks for game {}, but `{name}` holds {} game{}: number them from 1 to {}",
            wanted.highest(),
            games.len(),
            if games.len() == 1 { "" } else { "s" },
            games.len()
        )));
    }
    let taken: Vec<bool> = games
        .iter()
        .zip(&numbers)
        .map(|(g, &n)| selection.takes(n, g, read.file_at(where_written(g))))
        .collect();
    if !taken.iter().any(|&t| t) {
        return Err(NoKit::Usage(format!(
            "no game of `{name}` is taken by `--match {}`{}",
            selection.matching.join("` / `--match "),
            if selection.games.is_some() {
                " among those `--games` names"
            } else {
                ""
            }
        )));
    }
    let mut kept = taken.iter();
    games.retain(|_| *kept.next().unwrap_or(&false));
    let mut kept = taken.iter();
    numbers.retain(|_| *kept.next().unwrap_or(&false));
    let size = one_board_size(&mut games, &mut numbers, notes)?;
    Ok(Taken {
        games,
        numbers,
        size,
    })
}

/// The kit's board size, as a kit has one: the size most of `games` are on (the first game's
/// among equals). Games on other sizes are left out (from `games` and their `numbers`), and
/// said in `notes`, as sgfmill and every viewer would still show them.
fn one_board_size(
    games: &mut Vec<SgfGame>,
    numbers: &mut Vec<usize>,
    notes: &mut Vec<String>,
) -> Result<BoardSize, Vec<Diagnostic>> {
    // `read_collection` finds at least one game or says why not.
    if games.is_empty() {
        return Err(vec![Diagnostic::at(0..0, "no game found")]);
    }
    let count = |size: BoardSize| games.iter().filter(|g| g.size == size).count();
    let mut size = games[0].size;
    for game in games.iter() {
        if count(game.size) > count(size) {
            size = game.size;
        }
    }
    let others: Vec<(usize, BoardSize)> = games
        .iter()
        .zip(numbers.iter())
        .filter(|(g, _)| g.size != size)
        .map(|(g, &n)| (n, g.size))
        .collect();
    if !others.is_empty() {
        let named: Vec<String> = others.iter().map(|(n, s)| format!("{n} ({s})")).collect();
        let listed: Vec<String> = others.iter().map(|(n, _)| n.to_string()).collect();
        notes.push(format!(
            "a kit has one board size: the {} game{} on {size} {} kept, and game{} {} left out (import {} alone with `--games {}`)",
            count(size),
            if count(size) == 1 { "" } else { "s" },
            if count(size) == 1 { "is" } else { "are" },
            if others.len() == 1 { "" } else { "s" },
            named.join(", "),
            if others.len() == 1 { "it" } else { "them" },
            listed.join(",")
        ));
        let mut kept = games.iter().map(|g| g.size == size);
        numbers.retain(|_| kept.next().unwrap_or(false));
        games.retain(|g| g.size == size);
    }
    Ok(size)
}

/// A byte of the text where `game` is written, to tell which file of a folder holds it: its
/// `SZ` or first root property, else its first move (a root with no property has no place of
/// its own).
pub fn where_written(game: &SgfGame) -> usize {
    if !game.size_span.is_empty() {
        return game.size_span.start;
    }
    game.moves
        .first()
        .map(|(_, _, span)| span.start)
        .or_else(|| game.solution.first().map(|node| node.span.start))
        .unwrap_or(game.size_span.start)
}
