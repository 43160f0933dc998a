//! The answer key as text: each example under its title and prompt as the sheet prints them,
//! its figure drawn in characters, and the answer in words.
//!
//! A mark never hides what stands on its point: a removed stone is its colour's letter in lower
//! case, an illegal move's point is framed in brackets with whatever stands there left in view,
//! and the symbols for answer moves, liberties and counted points go on empty points only.
//!
//! An example with a `view` is drawn as that part of the board only, with its real coordinates.

use crate::answer::{AnswerKey, Figure, MarkKind, Panel, describe};
use crate::kit::{Kit, View};
use crate::layout::board::whole_board;
use crate::layout::prompt;
use crate::rules::{Color, Point};

/// The key as text: a heading, the legend of the marks used, then every example.
pub fn key_text(kit: &Kit, key: &AnswerKey) -> String {
    let w = &kit.wording;
    let mut out = w.fill(
        "key_heading",
        &[("title", &key.title), ("fingerprint", &key.fingerprint)],
    );
    out.push('\n');
    out.push_str(&legend(kit, key));
    out.push('\n');
    for (example, answer) in kit.examples.iter().zip(&key.examples) {
        out.push('\n');
        for line in [
            prompt::title(example, w),
            prompt::position(example, w),
            prompt::prompt(kit, example),
        ] {
            out.push_str(&line);
            out.push('\n');
        }
        let view = example.view.as_ref().map(|(v, _)| *v);
        out.push_str(&figure_text(&answer.figure, view, |n| {
            w.fill("figure_after_move", &[("number", &n.to_string())])
        }));
        for line in describe(answer, w) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// The legend line: stones and empty points, then each kind of mark the key uses.
fn legend(kit: &Kit, key: &AnswerKey) -> String {
    let w = &kit.wording;
    let figures = || key.examples.iter().map(|a| &a.figure);
    let used = |wanted: fn(MarkKind) -> bool| figures().any(|f| f.mark_kinds().any(wanted));
    let mut parts = vec![w.get("key_legend_stones")];
    let entries: [(bool, &str); 7] = [
        (
            used(|k| matches!(k, MarkKind::Move(_) | MarkKind::Suicide(_))),
            "key_legend_move",
        ),
        (figures().any(Figure::has_numbers), "key_legend_numbered"),
        (
            used(|k| matches!(k, MarkKind::Captured | MarkKind::Dead)),
            "key_legend_removed",
        ),
        (used(|k| k == MarkKind::Target), "key_legend_target"),
        (used(|k| k == MarkKind::Liberty), "key_legend_liberty"),
        (used(|k| k == MarkKind::Illegal), "key_legend_illegal"),
        (
            used(|k| matches!(k, MarkKind::Territory(_))),
            "key_legend_territory",
        ),
    ];
    parts.extend(
        entries
            .into_iter()
            .filter(|(used, _)| *used)
            .map(|(_, name)| w.get(name)),
    );
    parts.retain(|p| !p.is_empty());
    parts.join("  ")
}

/// Every board of a figure (the part `view` of it, if given), the later ones under their caption.
fn figure_text(figure: &Figure, view: Option<View>, caption: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    for panel in &figure.panels {
        if let Some(n) = panel.after_move {
            out.push_str(&caption(n));
            out.push('\n');
        }
        out.push_str(&panel_text(panel, view));
    }
    out
}

/// What one point shows: a move number, or a stone or empty point as marked.
fn cell(panel: &Panel, p: Point) -> String {
    if let Some(n) = panel.numbers.iter().find(|n| n.point == p) {
        return n.number.to_string();
    }
    let stone = panel.board.stone(p);
    let marks = panel.marks.iter().filter(|m| m.point == p).map(|m| m.kind);
    let mut c = match stone {
        Some(Color::Black) => 'X',
        Some(Color::White) => 'O',
        None => '.',
    };
    for kind in marks {
        c = match (kind, stone) {
            (MarkKind::Captured | MarkKind::Dead, Some(_)) => c.to_ascii_lowercase(),
            (MarkKind::Move(_) | MarkKind::Suicide(_), None) => '*',
            (MarkKind::Target, Some(Color::Black)) => '@',
            (MarkKind::Target, Some(Color::White)) => '#',
            (MarkKind::Liberty, None) => 'a',
            (MarkKind::Territory(Color::Black), None) => 'b',
            (MarkKind::Territory(Color::White), None) => 'w',
            _ => c,
        };
    }
    c.to_string()
}

/// One board (or the part `view` of it) with column letters above and below and row numbers
/// on both sides. Every point is as wide as the longest move number shown; the illegal point's
/// brackets stand in the spaces on either side of it, so the columns stay aligned.
fn panel_text(panel: &Panel, view: Option<View>) -> String {
    let view = view.unwrap_or_else(|| whole_board(panel.board.size()));
    let columns = view.low.col..=view.high.col;
    let width = panel
        .numbers
        .iter()
        .filter(|x| view.contains(x.point))
        .map(|x| x.number.to_string().len())
        .max()
        .unwrap_or(1);
    let illegal: Vec<Point> = panel
        .marks
        .iter()
        .filter(|m| m.kind == MarkKind::Illegal)
        .map(|m| m.point)
        .collect();
    let mut header = String::from("   ");
    for col in columns.clone() {
        let letter = Point::new(col, 0).column_letter();
        header.push_str(&format!(" {letter:>width$}"));
    }
    header.push('\n');
    let mut out = header.clone();
    for row in (view.low.row..=view.high.row).rev() {
        out.push_str(&format!("{:>3}", u32::from(row) + 1));
        let mut after_illegal = false;
        for col in columns.clone() {
            let p = Point::new(col, row);
            let here = illegal.contains(&p);
            let gap = match (after_illegal, here) {
                (true, _) => ']',
                (false, true) => '[',
                (false, false) => ' ',
            };
            out.push(gap);
            out.push_str(&format!("{:>width$}", cell(panel, p)));
            after_illegal = here;
        }
        out.push(if after_illegal { ']' } else { ' ' });
        out.push_str(&format!("{}\n", u32::from(row) + 1));
    }
    out.push_str(&header);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::{Mark, Numbered};
    use crate::rules::{BoardSize, Position};

    fn p(name: &str) -> Point {
        Point::parse(name, BoardSize::new(5).unwrap()).unwrap()
    }

    /// Worked by hand: the stone under an illegal mark stays in view, a captured white stone is
    /// `o`, and a two-digit move number widens every point.
    #[test]
    fn marks_leave_what_stands_on_the_point_in_view() {
        let mut board = Position::empty(BoardSize::new(5).unwrap());
        board.put(p("B3"), Color::White);
        board.put(p("C3"), Color::Black);
        let panel = Panel {
            board,
            marks: vec![
                Mark {
                    point: p("C3"),
                    kind: MarkKind::Illegal,
                },
                Mark {
                    point: p("B3"),
                    kind: MarkKind::Captured,
                },
            ],
            numbers: Vec::new(),
            after_move: None,
        };
        let text = panel_text(&panel, None);
        assert!(text.contains("  3 . o[X]. . 3\n"), "{text}");
        let numbered = Panel {
            board,
            marks: Vec::new(),
            numbers: vec![Numbered {
                point: p("E1"),
                number: 12,
                color: Color::Black,
            }],
            after_move: None,
        };
        let text = panel_text(&numbered, None);
        assert!(text.starts_with("     A  B  C  D  E\n"), "{text}");
        assert!(text.contains("  1  .  .  .  . 12 1\n"), "{text}");
    }

    /// A corner of a 19x19 board: only A..C and 1..3, with their real labels; a stone outside
    /// the view is not drawn, and a move number outside it does not widen the points.
    #[test]
    fn a_view_draws_only_its_region_with_real_labels() {
        let size = BoardSize::new(19).unwrap();
        let at = |name: &str| Point::parse(name, size).unwrap();
        let mut board = Position::empty(size);
        board.put(at("B2"), Color::Black);
        board.put(at("K10"), Color::White);
        let panel = Panel {
            board,
            marks: Vec::new(),
            numbers: vec![Numbered {
                point: at("Q16"),
                number: 10,
                color: Color::Black,
            }],
            after_move: None,
        };
        let view = View {
            low: at("A1"),
            high: at("C3"),
        };
        assert_eq!(
            panel_text(&panel, Some(view)),
            "    A B C\n  3 . . . 3\n  2 . X . 2\n  1 . . . 1\n    A B C\n"
        );
    }
}
