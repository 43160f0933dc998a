//! Property values as they mean: escapes read, points, point lists, sizes, colours and moves,
//! and the SGF names of board points.

use std::borrow::Cow;

use crate::rules::Point;

/// A value as it means: `\` escapes the next character, and `\` before a line break removes
/// both (a soft line break).
pub(super) fn decode(raw: &str) -> Cow<'_, str> {
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some(first @ ('\n' | '\r')) => {
                let pair = if first == '\n' { '\r' } else { '\n' };
                if chars.peek() == Some(&pair) {
                    chars.next();
                }
            }
            Some(other) => out.push(other),
            None => {}
        }
    }
    Cow::Owned(out)
}

/// A Text value's line breaks as one: SGF (FF[4]) lets a file end its lines with LF, CR, CRLF
/// or LFCR, and every one is a line break (`\n`), as sgfmill's and gomill's `text_value`
/// read them. MultiGo writes CRLF inside comments: without this a prompt would keep a
/// carriage return. `decode` keeps each character as written, for the readers that show
/// them escaped (`replay`).
pub(super) fn line_breaks_as_lf(text: &str) -> Cow<'_, str> {
    if !text.contains('\r') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push('\n');
            }
            '\n' => {
                chars.next_if_eq(&'\r');
                out.push('\n');
            }
            other => out.push(other),
        }
    }
    Cow::Owned(out)
}

/// An SGF point `xy`, each letter `a`..`z` (0..25) or `A`..`Z` (26..51).
pub(super) fn parse_point(s: &str) -> Option<(u8, u8)> {
    let letter = |c: u8| match c {
        b'a'..=b'z' => Some(c - b'a'),
        b'A'..=b'Z' => Some(c - b'A' + 26),
        _ => None,
    };
    match s.as_bytes() {
        &[x, y] => Some((letter(x)?, letter(y)?)),
        _ => None,
    }
}

/// A list of points, each value a point or a rectangle `ul:lr`; sorted, each point once. `None`
/// when a value is not a point or a rectangle, or the list is empty.
pub(super) fn parse_points(values: &[Cow<'_, str>]) -> Option<Vec<(u8, u8)>> {
    // A bit per point, a word per column (52 rows fit in 64 bits): a rectangle is at most 52
    // ORs and a point written again costs nothing, so the list never outgrows the 52x52 points
    // SGF can name, however many rectangles are written.
    let mut columns = [0u64; 52];
    for value in values {
        let (ul, lr) = match value.split_once(':') {
            Some((ul, lr)) => (parse_point(ul)?, parse_point(lr)?),
            None => {
                let p = parse_point(value)?;
                (p, p)
            }
        };
        if ul.0 > lr.0 || ul.1 > lr.1 {
            return None;
        }
        let rows = (u64::MAX >> (63 - lr.1)) & (u64::MAX << ul.1);
        for column in &mut columns[usize::from(ul.0)..=usize::from(lr.0)] {
            *column |= rows;
        }
    }
    let points: Vec<(u8, u8)> = (0u8..52)
        .flat_map(|x| set_bits(columns[usize::from(x)]).map(move |y| (x, y)))
        .collect();
    (!points.is_empty()).then_some(points)
}

/// The numbers of the bits set in `word`, lowest first: a step per stone rather than per row,
/// so a collection of small setups is not read 52 rows at a time.
fn set_bits(mut word: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let bit = word.trailing_zeros() as u8;
            word &= word - 1;
            bit
        })
    })
}

/// A single value, or `None` when there are more or fewer.
pub(super) fn single<'v>(values: &'v [Cow<'_, str>]) -> Option<&'v str> {
    match values {
        [v] => Some(v),
        _ => None,
    }
}

/// `SZ`: `N` or `W:H`.
pub(super) fn parse_size(values: &[Cow<'_, str>]) -> Option<(u8, u8)> {
    let v = single(values)?;
    match v.split_once(':') {
        Some((w, h)) => Some((w.parse().ok()?, h.parse().ok()?)),
        None => {
            let n = v.parse().ok()?;
            Some((n, n))
        }
    }
}

/// `B` or `W` (its one value as written): `None` for a pass (`[]`), else the point; the outer
/// `None` when malformed.
pub(super) fn parse_move(raw: &str) -> Option<Option<(u8, u8)>> {
    match &*decode(raw) {
        "" => Some(None),
        v => parse_point(v).map(Some),
    }
}

/// The SGF coordinates of a point on a board of `n` lines (`aa`, (0, 0), is the top left).
pub(super) fn sgf_xy(p: Point, n: u8) -> (u8, u8) {
    (p.col, n - 1 - p.row)
}

/// The SGF name of a point on a board of `n` lines.
pub(super) fn sgf_name(p: Point, n: u8) -> String {
    let (x, y) = sgf_xy(p, n);
    format!("{}{}", sgf_letter(x), sgf_letter(y))
}

/// The SGF letter for a 0-based coordinate (`a`..`z`, then `A`..`Z`).
pub(super) fn sgf_letter(v: u8) -> char {
    if v < 26 {
        char::from(b'a' + v)
    } else {
        char::from(b'A' + (v - 26).min(25))
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::first_error;
    use super::*;

    #[test]
    fn every_line_break_of_a_text_is_a_line_feed() {
        // MultiGo's CRLF, a lone CR (old Mac editors), LFCR: each one line break.
        assert_eq!(
            line_breaks_as_lf("a\r\n\r\nb\rc\n\rd\ne"),
            "a\n\nb\nc\nd\ne"
        );
        assert!(matches!(line_breaks_as_lf("a\nb"), Cow::Borrowed("a\nb")));
    }

    #[test]
    fn point_lists_stay_within_the_points_sgf_names() {
        let values: Vec<Cow<'_, str>> = (0..1000).map(|_| Cow::Borrowed("aa:ZZ")).collect();
        let points = parse_points(&values).unwrap();
        assert_eq!(points.len(), 52 * 52);
        assert_eq!(points[0], (0, 0));
        assert_eq!(points[1], (0, 1));
        assert_eq!(points[52 * 52 - 1], (51, 51));
        assert_eq!(
            parse_points(&[
                Cow::Borrowed("bc"),
                Cow::Borrowed("ab:bb"),
                Cow::Borrowed("bc")
            ]),
            Some(vec![(0, 1), (1, 1), (1, 2)])
        );
        assert_eq!(parse_points(&[]), None);
        // Long values are cut in messages.
        let long = format!("(;SZ[5]AB[{}];B[aa])", "a".repeat(5000));
        let message = first_error(&long).message;
        assert!(message.len() < 100 && message.contains('…'), "{message}");
    }
}
