//! An SGF collection read game by game for `import`: each game's size, setup position, player
//! to move, title, comment and main-line moves, with where each is written.
//!
//! Built on the scan, which hands over every game's main-line nodes in order; only what import
//! needs is kept, and what it cannot turn into a kit (setup after the first move, a chain with
//! no liberty in the setup, an off-board point) is reported at its place.

use std::ops::Range;

use super::main_line::move_of;
use super::problems::{Problems, invalid, on_board, player};
use super::root::board_size;
use super::scan::{NodePlace, scan_tree};
use super::spans::{NodeSpans, PropertySpan};
use super::values::{line_breaks_as_lf, parse_points, single};
use crate::diag::Diagnostic;
use crate::record::ReadingNote;
use crate::record::solution::{
    NodeMarks, SolutionNode, Verdict, closes_an_answer, retraction, verdict_of_comment,
    verdict_of_name,
};
use crate::rules::notation::NO_LIBERTY_HELP;
use crate::rules::{BoardSize, Color, Move, Point, Position};

/// One game of a collection, as import reads it.
#[derive(Debug, Clone)]
pub struct SgfGame {
    /// The board size (`SZ`, 19 when absent).
    pub size: BoardSize,
    /// Where the size is written: `SZ`, or the game's first property when there is none.
    pub size_span: Range<usize>,
    /// The position set up before the first move (`AB`, `AW`, `AE` of the setup nodes).
    pub setup: Position,
    /// `PL` of the setup nodes, the last one given.
    pub to_play: Option<Color>,
    /// `GN`, or else the first `N` of the setup nodes.
    pub title: Option<String>,
    /// The first `C` of the setup nodes (the root and those after it before the first move; a
    /// move's comment is never the question).
    pub comment: Option<String>,
    /// The main line's moves, each with its colour and where it is written.
    pub moves: Vec<(Color, Move, Range<usize>)>,
    /// `KM` of the root, with where it is written.
    pub komi: Option<(String, Range<usize>)>,
    /// The root's `EV` (the event: libertykit writes the kit's title there).
    pub event: Option<String>,
    /// The root's `DI`, the problem's level as goproblems and other problem sites write it
    /// (`15k`, `2d`, `Elementary`): what `import --match` selects by.
    pub level: Option<String>,
    /// The root's `RU` as written, and where.
    pub ruleset: Option<(String, Range<usize>)>,
    /// `VW` of the root as its points (SGF coordinates already turned into board points).
    pub view: Option<Vec<Point>>,
    /// The values of the root's private `LK` property (libertykit's own), decoded, with where
    /// each is written.
    pub libertykit: Vec<(String, Range<usize>)>,
    /// Every move of the game's tree, the main line's and every variation's, in the file's
    /// order, with what the file says of each (a problem's solution tree).
    pub solution: Vec<SolutionNode>,
}

/// The games of a collection and what the reader assumed where the file was unclear.
#[derive(Debug, Clone)]
pub struct Collection {
    /// Every game, in the file's order.
    pub games: Vec<SgfGame>,
    /// The assumptions, one per kind, with where each was first met.
    pub notes: Vec<ReadingNote>,
}

/// Where a node of the file stands in a game's solution tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TreeSlot {
    /// Before the first move (the root and the setup nodes).
    Setup,
    /// At this move of the solution: its own, or for a node without a move the one before it.
    Move(usize),
    /// In a variation left out: a move in it could not be read.
    Dropped,
    /// At this move, whose comment ends the problem's answer (`以上为第1图正解`): the moves
    /// after it are another problem's.
    Ended(usize),
}

/// A game being read, node by node.
struct OpenGame {
    game: SgfGame,
    /// For each node read so far (by its number in the game), where it stands in the solution
    /// tree.
    at_move: Vec<TreeSlot>,
    /// Each point's setup stone, with the value that put it there (for a chain's diagnostic).
    stones: Vec<Option<(Color, Range<usize>)>>,
    /// The root could not be read (not Go, no usable size): later nodes are not read.
    unusable: bool,
    /// The root has been read: later nodes are not the root.
    read_root: bool,
    /// The main line met a `zz` pass in a problem, or a comment that ends its answer: its
    /// later moves are a second problem's.
    problem_ended: bool,
}

/// Reads every game of an SGF collection, or returns every problem found.
pub fn read_collection(source: &str) -> Result<Collection, Vec<Diagnostic>> {
    let mut problems = Problems::default();
    let mut games: Vec<OpenGame> = Vec::new();
    let scanned = scan_tree(source, &mut problems, |place, node, problems| {
        if place.index == 0 {
            games.push(open_game(source, node, problems));
        }
        if let Some(open) = games.last_mut()
            && !open.unusable
        {
            if place.main {
                read_node(source, open, node, problems);
            }
            read_tree_node(source, open, place, node, problems);
        }
    });
    if let Err(e) = scanned {
        return Err(vec![Diagnostic::at(e.span, e.message).with_help(e.help)]);
    }
    if games.is_empty() {
        return Err(vec![
            Diagnostic::at(0..0, "no game found")
                .with_help("an SGF file looks like `(;FF[4]SZ[5]AB[cc];W[dc])`"),
        ]);
    }
    let mut read = Vec::with_capacity(games.len());
    for open in games {
        if open.unusable {
            continue;
        }
        let mut game = open.game;
        for (i, stone) in open.stones.iter().enumerate() {
            if let Some((color, _)) = stone {
                game.setup.put(point_at(i, game.size), *color);
            }
        }
        for chain in crate::rules::notation::chains_without_liberty(&game.setup.to_board()) {
            let n = usize::from(game.size.get());
            let at = usize::from(chain.first.row) * n + usize::from(chain.first.col);
            let span = open.stones[at].as_ref().map(|(_, s)| s.clone());
            problems.report(|| {
                let d = match span {
                    Some(span) => Diagnostic::at(span, chain.message),
                    None => Diagnostic::whole_file(chain.message),
                };
                d.with_help(NO_LIBERTY_HELP)
            });
        }
        read.push(game);
    }
    if problems.is_empty() {
        Ok(Collection {
            games: read,
            notes: problems.notes(source),
        })
    } else {
        Err(problems.list)
    }
}

fn point_at(i: usize, size: BoardSize) -> Point {
    let n = usize::from(size.get());
    // Both fit in a u8: boards are at most 19 lines.
    Point::new((i % n) as u8, (i / n) as u8)
}

/// Starts a game from its root: `GM` and `SZ`, which the rest of the game depends on.
fn open_game(source: &str, root: &NodeSpans<'_>, problems: &mut Problems) -> OpenGame {
    let first = root.properties.first().map_or(0..0, |p| p.whole.clone());
    let mut unusable = false;
    if let Some(gm) = root.find("GM")
        && single(&root.decoded(source, gm)) != Some("1")
    {
        problems.report(|| {
            Diagnostic::at(gm.whole.clone(), "the record is not a game of Go")
                .with_help("import reads Go records: `GM[1]` or no `GM` at all")
        });
        unusable = true;
    }
    let (size, size_span) = match root.find("SZ") {
        None => (BoardSize::new(19).ok(), first),
        Some(prop) => (board_size(source, root, prop, problems), prop.whole.clone()),
    };
    let size = size.unwrap_or_else(|| {
        unusable = true;
        // Never used: an unusable game is not read further.
        BoardSize::new(19).unwrap_or_else(|_| unreachable!("19 is a board size"))
    });
    OpenGame {
        game: SgfGame {
            size,
            size_span,
            setup: Position::empty(size),
            to_play: None,
            title: None,
            comment: None,
            moves: Vec::new(),
            komi: None,
            event: None,
            level: None,
            ruleset: None,
            view: None,
            libertykit: Vec::new(),
            solution: Vec::new(),
        },
        at_move: Vec::new(),
        stones: vec![None; size.points()],
        unusable,
        read_root: false,
        problem_ended: false,
    }
}

/// Reads one main-line node into the game.
fn read_node(source: &str, open: &mut OpenGame, node: &NodeSpans<'_>, problems: &mut Problems) {
    let size = open.game.size;
    let root = !open.read_root;
    let before_moves = open.game.moves.is_empty();
    // A move's node is no setup: its comment speaks of the move ("Correct.", "正解图"), never
    // of the question, so only a setup node's comment can be the prompt.
    let setup_node = !node
        .properties
        .iter()
        .any(|p| matches!(&*p.identifier, "B" | "W"));
    // Within a node the order of properties means nothing: `AE` clears before `AB` and `AW`
    // set, so `AW[aa]AE[aa]` leaves a white stone as `AE[aa]AW[aa]` does.
    let clearing_first = node
        .properties
        .iter()
        .filter(|p| p.identifier == "AE")
        .chain(node.properties.iter().filter(|p| p.identifier != "AE"));
    for prop in clearing_first {
        let id = &*prop.identifier;
        match id {
            // The line's problem ended at a `zz` pass (see `read_tree_node`).
            "B" | "W" if open.problem_ended => {}
            "B" | "W" if ends_a_problem(source, node, prop, open) => open.problem_ended = true,
            "B" | "W" => {
                let (color, mv) = move_of(source, node, prop, size, problems);
                if let Some(mv) = mv {
                    open.game.moves.push((color, mv, prop.whole.clone()));
                }
            }
            "AB" | "AW" | "AE" | "PL" if !before_moves => {
                problems.report(|| {
                    Diagnostic::at(
                        prop.whole.clone(),
                        format!("`{id}` after the first move cannot be imported"),
                    )
                    .with_help(
                        "a kit example starts from one position: set up stones (`AB`, `AW`, `AE`, `PL`) before the first move",
                    )
                });
            }
            "AB" | "AW" | "AE" => {
                let Some(points) = parse_points(&node.decoded(source, prop)) else {
                    invalid(source, node, prop, problems);
                    continue;
                };
                let color = match id {
                    "AB" => Some(Color::Black),
                    "AW" => Some(Color::White),
                    _ => None,
                };
                for xy in points {
                    let Some(p) = on_board(xy, size, source, node, prop, problems) else {
                        continue;
                    };
                    let n = usize::from(size.get());
                    let at = usize::from(p.row) * n + usize::from(p.col);
                    let span = node.span_of(source, prop, xy);
                    open.stones[at] = color.map(|c| (c, span));
                }
            }
            "PL" => {
                if let Some(c) = player(source, node, prop, problems) {
                    open.game.to_play = Some(c);
                }
            }
            "GN" if root => open.game.title = Some(text_of(source, node, prop)),
            "EV" if root => open.game.event = Some(text_of(source, node, prop)),
            "DI" if root => open.game.level = Some(text_of(source, node, prop)),
            // `GN` wins over an `N` beside it in the root and over any later `N`.
            "N" if before_moves && open.game.title.is_none() && node.find("GN").is_none() => {
                open.game.title = Some(text_of(source, node, prop));
            }
            "C" if before_moves && setup_node && open.game.comment.is_none() => {
                open.game.comment = Some(text_of(source, node, prop));
            }
            "KM" if root => {
                open.game.komi = Some((text_of(source, node, prop), prop.whole.clone()));
            }
            "RU" if root => {
                open.game.ruleset = Some((text_of(source, node, prop), prop.whole.clone()));
            }
            "VW" if root && node.decoded(source, prop).iter().all(|v| v.is_empty()) => {
                // FF[4]: an empty `VW[]` shows the whole board again.
                problems.assume("whole-view", prop.whole.clone(), || {
                    "`VW[]` is empty: the whole board is shown, as FF[4] reads it".to_string()
                });
                open.game.view = None;
            }
            "VW" if root => match parse_points(&node.decoded(source, prop)) {
                Some(points) => {
                    let on: Vec<Point> = points
                        .into_iter()
                        .filter_map(|xy| on_board(xy, size, source, node, prop, problems))
                        .collect();
                    open.game.view = Some(on);
                }
                None => invalid(source, node, prop, problems),
            },
            "LK" if root => {
                open.game.libertykit = node
                    .values(prop)
                    .iter()
                    .map(|span| {
                        let value = super::values::decode(&source[span.clone()]).into_owned();
                        (value, span.clone())
                    })
                    .collect();
            }
            _ => {}
        }
    }
    open.read_root = true;
}

/// Adds a node of the game's tree to its solution: its move with what the file says of it
/// (`TE`, `BM`, `GB`, `GW`, and a marker in its name `N`, MultiGo's, or its comment `C`; the
/// name wins, as it is the line's label where the comment is prose). A node without a move
/// adds its marks to the move before it. A variation's move that cannot be read leaves that
/// variation out (the main line's moves are checked by `read_node`).
fn read_tree_node(
    source: &str,
    open: &mut OpenGame,
    place: NodePlace,
    node: &NodeSpans<'_>,
    problems: &mut Problems,
) {
    let before = match place.parent {
        None => TreeSlot::Setup,
        Some(p) => open.at_move.get(p).copied().unwrap_or(TreeSlot::Dropped),
    };
    let mut marks = NodeMarks::default();
    let (mut named, mut commented) = (None, None);
    let mut retracted = None;
    let mut played = None;
    let mut unreadable = false;
    let mut second_problem = None;
    let mut answer_ends = false;
    for prop in &node.properties {
        match &*prop.identifier {
            // A main-line move was just read by `read_node`: it is not parsed twice.
            "B" | "W"
                if place.main
                    && let Some(last) = open.game.moves.last()
                    && last.2 == prop.whole =>
            {
                played = Some(last.clone());
            }
            "B" | "W"
                if !matches!(before, TreeSlot::Ended(_))
                    && ends_a_problem(source, node, prop, open) =>
            {
                second_problem = Some(prop.whole.clone());
            }
            "B" | "W" => {
                // A variation's faults are not the importer's to refuse: they are skipped.
                let mut quiet = Problems::default();
                let (color, mv) = move_of(source, node, prop, open.game.size, &mut quiet);
                match mv {
                    Some(mv) if quiet.is_empty() => played = Some((color, mv, prop.whole.clone())),
                    _ => unreadable = true,
                }
            }
            "TE" => marks.tesuji = true,
            "BM" => marks.bad_move = true,
            "GB" => marks.good_for = Some(Color::Black),
            "GW" => marks.good_for = Some(Color::White),
            "N" | "C" => {
                let text = text_of(source, node, prop);
                retracted =
                    retracted.or_else(|| retraction(&text).map(|w| (w, prop.whole.clone())));
                if &*prop.identifier == "N" {
                    named = verdict_of_name(&text);
                } else {
                    commented = verdict_of_comment(&text);
                    answer_ends |= closes_an_answer(&text);
                }
            }
            _ => {}
        }
    }
    marks.said = named.or(commented);
    settle_words(&mut marks, answer_ends, retracted, problems);
    note_second_problem(before, second_problem.clone(), node, problems);
    let slot = if second_problem.is_some() || matches!(before, TreeSlot::Ended(_)) {
        TreeSlot::Dropped
    } else if before == TreeSlot::Dropped || unreadable {
        if unreadable && !place.main {
            let span = node.properties.first().map_or(0..0, |p| p.whole.clone());
            problems.assume("variation-unread", span, || {
                "a variation's move cannot be read; that variation is left out of the solution"
                    .to_string()
            });
        }
        TreeSlot::Dropped
    } else if let Some((color, mv, span)) = played {
        open.game.solution.push(SolutionNode {
            parent: match before {
                TreeSlot::Move(i) => Some(i),
                _ => None,
            },
            color,
            mv,
            span,
            marks,
        });
        TreeSlot::Move(open.game.solution.len() - 1)
    } else {
        if let TreeSlot::Move(i) = before {
            let known = &mut open.game.solution[i].marks;
            known.tesuji |= marks.tesuji;
            known.bad_move |= marks.bad_move;
            known.good_for = marks.good_for.or(known.good_for);
            known.said = marks.said.or(known.said);
        }
        before
    };
    let slot = match slot {
        TreeSlot::Move(i) if answer_ends => {
            if place.main {
                open.problem_ended = true;
            }
            TreeSlot::Ended(i)
        }
        slot => slot,
    };
    // Ids come in the file's order, one per node.
    if open.at_move.len() <= place.id {
        open.at_move.resize(place.id + 1, TreeSlot::Dropped);
    }
    open.at_move[place.id] = slot;
}

/// What a node's words make of its mark: a comment closing the answer (`以上为第1图正解`) marks
/// the line correct; a mark of correct its own words take back (`原正解` `…但这是不对的`) is no
/// mark, with a note.
fn settle_words(
    marks: &mut NodeMarks,
    answer_ends: bool,
    retracted: Option<(&'static str, Range<usize>)>,
    problems: &mut Problems,
) {
    if answer_ends {
        // "The above is diagram 1's correct answer": the line up to here is the answer.
        marks.said = marks.said.or(Some(Verdict::Correct));
    }
    if marks.said == Some(Verdict::Correct)
        && let Some((words, at)) = retracted
    {
        // The node takes its own mark back, so the line is not taught as the answer.
        marks.said = None;
        problems.assume("retracted", at, || {
            format!(
                "a line is marked correct and then called wrong (`{words}`): it is not read as correct"
            )
        });
    }
}

/// The note for a second problem in one line (Segoe's Tesuji Dictionary): after a `zz` pass
/// (`second_problem`, where it is written), or after a comment that closed the first answer.
fn note_second_problem(
    before: TreeSlot,
    second_problem: Option<Range<usize>>,
    node: &NodeSpans<'_>,
    problems: &mut Problems,
) {
    if let Some(at) = second_problem {
        problems.assume("second-problem", at, || {
            "a `zz` pass in a problem's line is read as the end of its solution; the moves after it (a second problem, as some collections write two in one line) are left out".to_string()
        });
    }
    if let TreeSlot::Ended(_) = before {
        // Without a pass when the second problem's side moves next anyway.
        let span = node.properties.first().map_or(0..0, |p| p.whole.clone());
        problems.assume("second-problem-after-answer", span, || {
            "a comment `以上…正解` (\"the above is the correct answer\") ends its problem's line; the moves after it (a second problem, as some collections write two in one line) are left out".to_string()
        });
    }
}

/// Whether the move `prop` of `node` is a pass written `zz` (old writers' pass, off every
/// board libertykit plays) in a problem: a position set up with stones of both colours. Such a
/// pass with moves after it is how some collections put a second problem in one line.
fn ends_a_problem(
    source: &str,
    node: &NodeSpans<'_>,
    prop: &PropertySpan<'_>,
    open: &OpenGame,
) -> bool {
    let zz = matches!(node.values(prop), [raw] if source[raw.clone()].trim() == "zz");
    zz && [Color::Black, Color::White]
        .iter()
        .all(|&c| open.stones.iter().flatten().any(|(color, _)| *color == c))
}

/// A text property's value as it means: escapes read, every line break (CRLF, CR, LFCR) a
/// `\n`, and surrounding space trimmed (editors often end a comment with a line break).
fn text_of(source: &str, node: &NodeSpans<'_>, prop: &PropertySpan<'_>) -> String {
    line_breaks_as_lf(&node.decoded(source, prop).concat())
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<SgfGame> {
        read_collection(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"))
            .games
    }

    #[test]
    fn every_game_is_read_with_its_own_setup_and_moves() {
        let text = "(;SZ[5]GN[One]AB[aa:bb]AW[cc];AE[bb]PL[W]C[Hi];W[dd];B[])(;SZ[7]N[Two];B[tt])";
        let games = read(text);
        assert_eq!(games.len(), 2);
        let one = &games[0];
        assert_eq!(one.size.get(), 5);
        // aa:bb is A5 B5 A4 B4; AE removes bb (B4).
        let black: Vec<String> = one
            .setup
            .stones(Color::Black)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(black, ["A4", "A5", "B5"]);
        assert_eq!(one.setup.stone(Point::new(2, 2)), Some(Color::White));
        assert_eq!(one.to_play, Some(Color::White));
        assert_eq!(one.title.as_deref(), Some("One"));
        assert_eq!(one.comment.as_deref(), Some("Hi"));
        let moves: Vec<(Color, Move)> = one.moves.iter().map(|m| (m.0, m.1)).collect();
        assert_eq!(
            moves,
            [
                (Color::White, Move::Play(Point::new(3, 1))),
                (Color::Black, Move::Pass)
            ]
        );
        assert_eq!(&text[one.moves[0].2.clone()], "W[dd]");
        let two = &games[1];
        assert_eq!(two.size.get(), 7);
        assert_eq!(two.title.as_deref(), Some("Two"));
        assert_eq!(&text[two.size_span.clone()], "SZ[7]");
        // `tt` is a pass on boards up to 19x19.
        assert_eq!(two.moves[0].1, Move::Pass);
    }

    #[test]
    fn gn_wins_over_n_and_the_private_property_is_kept() {
        let text = "(;SZ[5]N[name]GN[game]LK[task=capture][generated=title]VW[aa:bb])";
        let game = &read(text)[0];
        assert_eq!(game.title.as_deref(), Some("game"));
        let values: Vec<&str> = game.libertykit.iter().map(|(v, _)| v.as_str()).collect();
        assert_eq!(values, ["task=capture", "generated=title"]);
        assert_eq!(&text[game.libertykit[1].1.clone()], "generated=title");
        assert_eq!(game.view.as_ref().map(Vec::len), Some(4));
    }

    #[test]
    fn setup_after_a_move_and_airless_chains_are_located() {
        let text = "(;SZ[5];B[cc];AB[dd])";
        let errs = read_collection(text).unwrap_err();
        assert_eq!(
            errs[0].message,
            "`AB` after the first move cannot be imported"
        );
        assert_eq!(&text[errs[0].span.clone().unwrap()], "AB[dd]");
        let text = "(;SZ[5]AW[aa]AB[ab][ba])(;SZ[5]AB[aa]AW[ab][ba])";
        let errs = read_collection(text).unwrap_err();
        let at: Vec<&str> = errs
            .iter()
            .map(|d| &text[d.span.clone().unwrap()])
            .collect();
        assert_eq!(at, ["aa", "aa"]);
        assert_eq!(errs[1].message, "the black stone `A5` has no liberty");
    }
}
