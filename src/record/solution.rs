//! A problem's solution tree as its collection wrote it: every variation, and what the
//! collection says of each line (correct, wrong, or nothing).
//!
//! Problem apps mark lines in different ways, and a reader must know them all (docs/sgf.md
//! lists each with a real example):
//! - `TE[]` (tesuji) marks a good move and `BM[]` (bad move) a bad one: WGo's tsumego viewer
//!   and libertykit's own export;
//! - `GB[]` / `GW[]` (good for Black / White): Glift, and editors that mark the outcome; a line
//!   is correct when it is good for the side that moves first;
//! - words in a move's comment: `RIGHT` (goproblems.com and EasyGo append it to the correct
//!   leaf), `Correct` / `Wrong` (many collections, Cho Chikun's among them: "Wrong; advantageous
//!   ko"), `正解` / `失敗` (Japanese), `正解` / `正确` / `失败` (Chinese), `정답` / `오답`
//!   (Korean), and the other languages' words below.
//!
//! - a move's node name (`N`): MultiGo names the lines `正解` (correct), `失败`, `失败1`
//!   (wrong) and `变化` (a variation: nothing), read as a comment is.
//!
//! A line's verdict is the mark nearest its last move (a comment deep in the line speaks of the
//! line's end, a mark on its first move of the whole line); a first move is correct when some
//! line through it is correct, wrong when none is and some is marked wrong. A tree that marks
//! correct lines and no wrong one follows the correct-only convention (goproblems' `RIGHT`,
//! GoGameGuru's `Correct`): its other first moves are the wrong ones.

use std::ops::Range;

use crate::rules::{Color, Move};

/// What a collection says of one move, from its node's properties and comment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NodeMarks {
    /// `TE[]`: a good move.
    pub tesuji: bool,
    /// `BM[]`: a bad move.
    pub bad_move: bool,
    /// `GB[]` or `GW[]`: the position is good for this colour.
    pub good_for: Option<Color>,
    /// A marker word at the start of the move's name or comment (or, for a Latin word,
    /// anywhere in capitals: goproblems appends `RIGHT`); the name's wins.
    pub said: Option<Verdict>,
}

/// One move of a solution tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolutionNode {
    /// The move it follows (an index into the tree), `None` for a first move.
    pub parent: Option<usize>,
    /// Who plays it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Where it is written.
    pub span: Range<usize>,
    /// What the collection says of it.
    pub marks: NodeMarks,
}

/// What a collection says of a line or a first move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Marked correct.
    Correct,
    /// Marked wrong.
    Wrong,
}

/// A first move of the tree with the collection's verdict and the line to show for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstMove {
    /// Who plays it.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// Correct when some line through it is, wrong when none is and some is marked wrong, or
    /// when none is and the tree marks only correct lines (the unmarked ones are then the
    /// wrong ones); `None` when no line through it is marked and the tree marks wrong lines
    /// itself (or none at all).
    pub verdict: Option<Verdict>,
    /// Its first correct line (when it has one), else its first line, the first move included:
    /// indexes into the tree.
    pub line: Vec<usize>,
}

/// Words that mark a line wrong, checked before the correct ones (`Incorrect` holds
/// `correct`, `不正解` holds `正解`), folded to lower case.
const WRONG_WORDS: &[&str] = &[
    "wrong",
    "incorrect",
    "failure",
    "fail",
    "不正解",
    "失敗",
    "失败",
    "错误",
    "錯誤",
    "오답",
    "실패",
    "falsch",
    "faux",
    "erreur",
];

/// Words that mark a line correct, folded to lower case (`Also correct`: GoGameGuru's
/// secondary correct lines).
const CORRECT_WORDS: &[&str] = &[
    "correct",
    "also correct",
    "right",
    "正解",
    "正确",
    "正確",
    "정답",
    "richtig",
    "juste",
    "bonne réponse",
];

/// Every word that marks a line right or wrong in a problem file, folded to lower case: the
/// answer firewall looks for them beside an answer's point, so that a word import reads as a
/// verdict is never printed next to the answer it gives.
pub fn verdict_words() -> impl Iterator<Item = &'static str> {
    WRONG_WORDS.iter().chain(CORRECT_WORDS).copied()
}

/// Characters that negate a CJK marker written after them in its clause (`这不是正解`, "this
/// is not the correct answer"; `并非`, `没有`, `無`).
const NEGATIONS: &str = "不非没沒无無未别別莫勿否";

/// Colour words: `白防守失败` is White's defence failing, Black's success, so a marker after a
/// colour is the sentence's business, not a verdict on the line.
const COLOURS: &str = "黑黒白흑백";

/// Characters of words that refer to a marked line rather than mark this one: `参见正解图` ("see
/// the correct diagram"), `接近正解` ("close to the correct answer"), `与正解相比` ("compared with").
const REFERRING: &str = "见見参參接近与與比如同";

/// The longest qualifier a CJK marker may follow in its clause: two-character words such as
/// `劫杀` (ko-kill), `净活` (clean life), `双活` (seki), or a short phrase such as `两手劫是`.
const QUALIFIER_CHARS: usize = 4;

/// The verdict a move's comment gives: a marker word at its start (after white space and
/// punctuation such as `[` or `(`), a CJK marker ending the comment's first clause after a
/// short qualifier (`劫杀正解。`, "ko-kill: correct"; see [`marker_ending_first_clause`]), or
/// a Latin marker written in capitals anywhere (`... RIGHT`).
pub fn verdict_of_comment(comment: &str) -> Option<Verdict> {
    let start =
        comment.trim_start_matches(|c: char| c.is_whitespace() || "[(<\"'「『【*-#".contains(c));
    // The longest marker is a few words: only the comment's opening is folded, so a game
    // record's long commentary costs no copy.
    let opening: String = start.chars().take(24).collect();
    let folded = opening.to_lowercase();
    let at_start = |words: &[&str]| {
        words.iter().any(|w| {
            folded.strip_prefix(w).is_some_and(|rest| {
                // A Latin word ends there (`Correct.`, `Wrong;`), not `Rightly` or `Correction`;
                // `right` is also a direction ("Right side is weak"), so it must stand alone.
                let ended = !rest.starts_with(|c: char| c.is_alphanumeric());
                let alone = rest.trim_start().is_empty() || !rest.starts_with(char::is_whitespace);
                !w.is_ascii() || (ended && (*w != "right" || alone))
            })
        })
    };
    if at_start(WRONG_WORDS) {
        return Some(Verdict::Wrong);
    }
    if at_start(CORRECT_WORDS) {
        return Some(Verdict::Correct);
    }
    if let Some(verdict) = marker_ending_first_clause(&folded) {
        return Some(verdict);
    }
    // Only Latin words have capitals; a word in capitals is rare, so most words cost a scan.
    // goproblems glues its marker to the comment's last word (`sekiRIGHT`): capitals ending a
    // word after small letters are a marker too.
    let capitals = |words: &[&str]| {
        comment
            .split(|c: char| !c.is_alphanumeric())
            .filter_map(capitals_ending)
            .any(|word| words.contains(&word.to_ascii_lowercase().as_str()))
    };
    if capitals(WRONG_WORDS) {
        return Some(Verdict::Wrong);
    }
    if capitals(CORRECT_WORDS) {
        return Some(Verdict::Correct);
    }
    None
}

/// The capitals that end `word` when they are a word written in capitals: the whole word
/// (`RIGHT`), or capitals glued after small letters (`sekiRIGHT`); `None` for a word in lower
/// or mixed case (`Right`, `McDonald`) and a single capital.
fn capitals_ending(word: &str) -> Option<&str> {
    let n = word
        .bytes()
        .rev()
        .take_while(u8::is_ascii_uppercase)
        .count();
    let (before, capitals) = word.split_at(word.len() - n);
    (n > 1 && (before.is_empty() || before.ends_with(|c: char| c.is_ascii_lowercase())))
        .then_some(capitals)
}

/// Words that take back a mark of correct: the line itself called wrong (`原正解` "the original
/// answer" `…但这是不对的` "but this is wrong"), never a word about another move (`白A是错的`,
/// "White's A is wrong", in a correct line's comment stays correct). Folded to lower case.
const RETRACTIONS: &[&str] = &[
    "这是不对的",
    "这是错的",
    "这是错误的",
    "这不对",
    "其实不对",
    "其实是错的",
    "但不对",
    "不是正解",
    "并非正解",
    "這是不對的",
    "這是錯的",
    "這不對",
    "其實不對",
    "不是正確",
    "これは間違い",
    "実は間違い",
    "正解ではない",
    "正解ではありません",
    "this is wrong",
    "but wrong",
    "but it is wrong",
    "actually wrong",
    "is not the correct answer",
];

/// Whether a move's comment says the line up to it is a problem's answer, as the Segoe Tesuji
/// Dictionary writes it after each of the two problems in one line: `以上为第1图正解` ("the above
/// is diagram 1's correct answer"), `以上是正解`.
pub fn closes_an_answer(comment: &str) -> bool {
    let clause = comment
        .trim_start()
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default();
    clause.starts_with("以上")
        && ["正解", "正确", "正確"]
            .iter()
            .any(|w| clause.trim_end_matches(['图', '図', '圖']).ends_with(w))
}

/// The words of `text` that say a line is wrong after all (see [`RETRACTIONS`]): a node whose
/// name or comment marks it correct and says these is not read as correct.
pub fn retraction(text: &str) -> Option<&'static str> {
    let folded = text.to_lowercase();
    RETRACTIONS.iter().copied().find(|w| folded.contains(w))
}

/// The verdict a move's node name gives (MultiGo's `N[正解]`, `N[失败1]`): read as a comment,
/// the number that tells several lines of one kind apart left aside.
pub fn verdict_of_name(name: &str) -> Option<Verdict> {
    verdict_of_comment(name.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_whitespace()))
}

/// A CJK marker (`正解`, `失败`, `정답`: Chinese, Japanese and Korean write no spaces, so a
/// qualifier runs into the marker) that ends the first clause of `folded`, the opening of a
/// comment: the clause runs to the first character that is neither a letter nor a digit
/// (`。`, `，`, a space, a line break), and the marker may be followed by `图` / `図` / `圖`
/// ("diagram"). Before the marker, at most [`QUALIFIER_CHARS`] characters: `劫杀正解。`
/// (ko-kill: correct), `劫活正解`, `两手劫是正解` are read; `这不是正解` (a negation before
/// it), `与正解相比` (the marker inside the clause), `只给出一个失败图` (a long sentence) and
/// `白防守失败` (a colour: White's failure is Black's success) are not.
fn marker_ending_first_clause(folded: &str) -> Option<Verdict> {
    let clause = folded.split(|c: char| !c.is_alphanumeric()).next()?;
    let clause = clause.trim_end_matches(['图', '図', '圖']);
    for (words, verdict) in [
        (WRONG_WORDS, Verdict::Wrong),
        (CORRECT_WORDS, Verdict::Correct),
    ] {
        // CJK words only: Latin markers keep the strict rules above.
        let cjk = words.iter().filter(|w| w.chars().all(|c| !c.is_ascii()));
        for word in cjk {
            let Some(qualifier) = clause.strip_suffix(word) else {
                continue;
            };
            if qualifier.chars().count() <= QUALIFIER_CHARS
                && !qualifier.contains(|c: char| {
                    NEGATIONS.contains(c) || COLOURS.contains(c) || REFERRING.contains(c)
                })
            {
                return Some(verdict);
            }
        }
    }
    None
}

impl NodeMarks {
    /// What the marks say of a line ending here, for `first` the side that moves first.
    fn verdict(&self, first: Color) -> Option<Verdict> {
        if self.bad_move {
            return Some(Verdict::Wrong);
        }
        if let Some(said) = self.said {
            return Some(said);
        }
        if self.tesuji {
            return Some(Verdict::Correct);
        }
        self.good_for.map(|c| {
            if c == first {
                Verdict::Correct
            } else {
                Verdict::Wrong
            }
        })
    }
}

/// Every first move of `tree` (in the file's order, each once) with its verdict and line.
pub fn first_moves(tree: &[SolutionNode]) -> Vec<FirstMove> {
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); tree.len()];
    let mut roots = Vec::new();
    for (i, node) in tree.iter().enumerate() {
        match node.parent {
            Some(p) if p < i => children[p].push(i),
            _ => roots.push(i),
        }
    }
    let mut out: Vec<FirstMove> = Vec::new();
    // Whether some line of the whole tree is marked correct, and some wrong.
    let (mut tree_correct, mut tree_wrong) = (false, false);
    for &root in &roots {
        let first = tree[root].color;
        // Depth first, each node with the mark nearest it on its way down (its own, else its
        // parent's), so a leaf's verdict costs nothing: one pass however long a game record is.
        let mut correct_leaf = None;
        let mut first_leaf = None;
        let mut any_wrong = false;
        let mut stack = vec![(root, None)];
        while let Some((at, above)) = stack.pop() {
            let verdict = tree[at].marks.verdict(first).or(above);
            if children[at].is_empty() {
                first_leaf.get_or_insert(at);
                match verdict {
                    Some(Verdict::Correct) => {
                        correct_leaf.get_or_insert(at);
                    }
                    Some(Verdict::Wrong) => any_wrong = true,
                    None => {}
                }
                continue;
            }
            // Pushed in reverse, so leaves come out in the file's order.
            stack.extend(children[at].iter().rev().map(|&child| (child, verdict)));
        }
        tree_correct |= correct_leaf.is_some();
        tree_wrong |= any_wrong;
        let verdict = match (correct_leaf, any_wrong) {
            (Some(_), _) => Some(Verdict::Correct),
            (None, true) => Some(Verdict::Wrong),
            (None, false) => None,
        };
        let line = correct_leaf
            .or(first_leaf)
            .map_or_else(Vec::new, |leaf| path_to(tree, leaf));
        let node = &tree[root];
        // Two variations may start with the same move: they are one first move.
        match out
            .iter_mut()
            .find(|f| f.color == node.color && f.mv == node.mv)
        {
            Some(known) => {
                if known.verdict != Some(Verdict::Correct) && verdict == Some(Verdict::Correct) {
                    known.line = line;
                }
                known.verdict = stronger(known.verdict, verdict);
            }
            None => out.push(FirstMove {
                color: node.color,
                mv: node.mv,
                verdict,
                line,
            }),
        }
    }
    // The correct-only convention (goproblems' and CGoban's `RIGHT`, GoGameGuru's `Correct`):
    // a tree that marks correct lines and no wrong one leaves its wrong lines unmarked, so a
    // first move with no correct line is wrong, its first line the refutation. A tree that
    // marks wrong lines itself says which are: its unmarked first moves stay unmarked.
    if tree_correct && !tree_wrong {
        for first in out.iter_mut().filter(|f| f.verdict.is_none()) {
            first.verdict = Some(Verdict::Wrong);
        }
    }
    out
}

/// The moves from a first move down to `leaf`, as indexes into the tree.
fn path_to(tree: &[SolutionNode], leaf: usize) -> Vec<usize> {
    let mut path = vec![leaf];
    let mut at = leaf;
    // A parent always comes first in the tree (`first_moves` reads any other as a first move).
    while let Some(parent) = tree[at].parent.filter(|&p| p < at) {
        path.push(parent);
        at = parent;
    }
    path.reverse();
    path
}

/// The verdict of a first move two variations share: correct when either is, else wrong
/// when either is.
fn stronger(a: Option<Verdict>, b: Option<Verdict>) -> Option<Verdict> {
    match (a, b) {
        (Some(Verdict::Correct), _) | (_, Some(Verdict::Correct)) => Some(Verdict::Correct),
        (Some(Verdict::Wrong), _) | (_, Some(Verdict::Wrong)) => Some(Verdict::Wrong),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Point;

    fn node(parent: Option<usize>, color: Color, at: &str, marks: NodeMarks) -> SolutionNode {
        SolutionNode {
            parent,
            color,
            mv: Move::Play(Point::parse_unbounded(at).unwrap()),
            span: 0..0,
            marks,
        }
    }

    fn said(v: Verdict) -> NodeMarks {
        NodeMarks {
            said: Some(v),
            ..NodeMarks::default()
        }
    }

    #[test]
    fn comments_mark_lines_in_each_collection_s_words() {
        use Verdict::*;
        let cases = [
            ("Correct.", Some(Correct)),
            ("Wrong; advantageous ko", Some(Wrong)),
            ("White lives. RIGHT", Some(Correct)),
            // goproblems glues the marker to the last word.
            ("sekiRIGHT", Some(Correct)),
            ("White is dead.RIGHT", Some(Correct)),
            ("koWRONG", Some(Wrong)),
            ("McRight", None),
            ("sekiRIGHTly", None),
            ("RIGHT", Some(Correct)),
            ("Incorrect: white escapes", Some(Wrong)),
            ("正解図", Some(Correct)),
            ("不正解", Some(Wrong)),
            ("失败，白活", Some(Wrong)),
            ("正解图：黑先杀", Some(Correct)),
            ("정답", Some(Correct)),
            ("오답입니다", Some(Wrong)),
            ("Richtig!", Some(Correct)),
            ("Bonne réponse", Some(Correct)),
            // Not markers: words inside prose, or longer words.
            ("Black plays on the right side", None),
            ("Right side is weak", None),
            ("Right.", Some(Correct)),
            ("Right", Some(Correct)),
            ("Correction: B3 was a typo", None),
            ("Rightly so", None),
            ("这不是正解", None),
            ("参见正解图", None),
            ("接近正解。", None),
            ("", None),
            // A CJK marker ending the first clause after a short qualifier (Maeda's collection):
            // ko-kill, ko-life, "a two-step ko is the correct answer", "transposes to it".
            ("劫杀正解。", Some(Correct)),
            ("劫杀正解。\n紧劫，白的先手劫。", Some(Correct)),
            ("劫活正解", Some(Correct)),
            ("净活正解图：白先", Some(Correct)),
            ("两手劫是正解。", Some(Correct)),
            ("还原到正解", Some(Correct)),
            ("这是不正解", Some(Wrong)),
            ("净杀失败。", Some(Wrong)),
            ("コウで正解", Some(Correct)),
            // ... but not after a negation, a colour (White's failure is Black's success),
            // inside the clause, in a later clause, or after a long sentence.
            ("并非正解", None),
            ("没有正解", None),
            ("無正解", None),
            ("白防守失败，死了。", None),
            ("黑劫活正解。", None),
            ("与正解相比，少了黑A白B的交换。", None),
            ("是正解吗？", None),
            ("劫杀，黑失败。", None),
            ("只给出一个失败图。", None),
            ("从内部动手要失败", None),
            ("死活的基本概念。一手就是正解", None),
            // "The failure diagram's calculation...": starts with the marker.
            ("失败图的计算比较容易。", Some(Wrong)),
            // GoGameGuru's secondary correct lines; other prose stays unread.
            ("Also correct.", Some(Correct)),
            (
                "Also correct. Playing this move at A is usually better style",
                Some(Correct),
            ),
            ("This is also correct.", None),
            ("Also, correct the shape first", None),
        ];
        for (comment, want) in cases {
            assert_eq!(verdict_of_comment(comment), want, "{comment:?}");
        }
    }

    #[test]
    fn a_mark_taken_back_in_its_own_words_is_found() {
        for (text, words) in [
            ("原书给出的正解，但这是不对的", Some("这是不对的")),
            ("原正解，其实是错的", Some("其实是错的")),
            ("本の正解ではない", Some("正解ではない")),
            // A word about another move in a correct line's comment takes nothing back.
            ("正解。白A是错的，黑B就活了", None),
            (
                "Correct in the book, but this is wrong",
                Some("this is wrong"),
            ),
            ("正解。白死。", None),
            ("Correct.", None),
        ] {
            assert_eq!(retraction(text), words, "{text}");
        }
    }

    #[test]
    fn a_comment_closing_an_answer_is_found() {
        assert!(closes_an_answer("以上为第13图正解"));
        assert!(closes_an_answer("以上是正解。"));
        assert!(!closes_an_answer("以上为第13图失败"));
        assert!(!closes_an_answer("正解"));
        assert!(!closes_an_answer("以上，正解在后面"));
    }

    #[test]
    fn node_names_mark_lines_as_multigo_writes_them() {
        use Verdict::*;
        for (name, want) in [
            ("正解", Some(Correct)),
            ("正解2", Some(Correct)),
            ("失败", Some(Wrong)),
            ("失败1", Some(Wrong)),
            ("失败 3", Some(Wrong)),
            ("Wrong2", Some(Wrong)),
            ("变化", None),
            ("变化1", None),
            ("审题", None),
            ("225", None),
            ("Right side", None),
            ("", None),
        ] {
            assert_eq!(verdict_of_name(name), want, "{name:?}");
        }
    }

    #[test]
    fn a_tree_that_marks_only_correct_lines_makes_the_others_wrong() {
        let m = NodeMarks::default();
        // goproblems: B C4 (W D4 B E4 "RIGHT") (W E4 B D4); B D5 W C4; B E5 (nothing) W D4.
        let tree = vec![
            node(None, Color::Black, "C4", m),
            node(Some(0), Color::White, "D4", m),
            node(Some(1), Color::Black, "E4", said(Verdict::Correct)),
            node(Some(0), Color::White, "E4", m),
            node(Some(3), Color::Black, "D4", m),
            node(None, Color::Black, "D5", m),
            node(Some(5), Color::White, "C4", m),
            node(None, Color::Black, "E5", m),
            node(Some(7), Color::White, "D4", m),
        ];
        let firsts = first_moves(&tree);
        let summary: Vec<(String, Option<Verdict>, Vec<usize>)> = firsts
            .iter()
            .map(|f| (f.mv.to_string(), f.verdict, f.line.clone()))
            .collect();
        // Each wrong try keeps its first line, its refutation.
        assert_eq!(
            summary,
            [
                ("C4".to_string(), Some(Verdict::Correct), vec![0, 1, 2]),
                ("D5".to_string(), Some(Verdict::Wrong), vec![5, 6]),
                ("E5".to_string(), Some(Verdict::Wrong), vec![7, 8]),
            ]
        );
        // The same with `TE` on the correct first move (a good move, no bad one marked).
        let te = NodeMarks {
            tesuji: true,
            ..NodeMarks::default()
        };
        let tree = vec![
            node(None, Color::Black, "C4", te),
            node(None, Color::Black, "D5", m),
        ];
        let v: Vec<Option<Verdict>> = first_moves(&tree).iter().map(|f| f.verdict).collect();
        assert_eq!(v, [Some(Verdict::Correct), Some(Verdict::Wrong)]);
    }

    #[test]
    fn a_tree_that_marks_wrong_lines_leaves_its_unmarked_first_moves_unmarked() {
        let m = NodeMarks::default();
        let bm = NodeMarks {
            bad_move: true,
            ..NodeMarks::default()
        };
        // C4 "RIGHT"; D5 "Wrong" deep in its line; E5 unmarked: the file says which are wrong.
        let tree = vec![
            node(None, Color::Black, "C4", said(Verdict::Correct)),
            node(None, Color::Black, "D5", m),
            node(Some(1), Color::White, "C4", said(Verdict::Wrong)),
            node(None, Color::Black, "E5", m),
            node(Some(3), Color::White, "D4", m),
        ];
        let v: Vec<Option<Verdict>> = first_moves(&tree).iter().map(|f| f.verdict).collect();
        assert_eq!(v, [Some(Verdict::Correct), Some(Verdict::Wrong), None]);
        // `BM` on a move counts as a wrong line too.
        let tree = vec![
            node(None, Color::Black, "C4", said(Verdict::Correct)),
            node(None, Color::Black, "D5", bm),
            node(None, Color::Black, "E5", m),
        ];
        let v: Vec<Option<Verdict>> = first_moves(&tree).iter().map(|f| f.verdict).collect();
        assert_eq!(v, [Some(Verdict::Correct), Some(Verdict::Wrong), None]);
        // A tree with no line marked correct says nothing of its unmarked lines.
        let tree = vec![
            node(None, Color::Black, "C4", m),
            node(None, Color::Black, "D5", m),
        ];
        let v: Vec<Option<Verdict>> = first_moves(&tree).iter().map(|f| f.verdict).collect();
        assert_eq!(v, [None, None]);
    }

    #[test]
    fn a_first_move_is_correct_when_any_line_through_it_is() {
        let m = NodeMarks::default();
        // B C4 (W D4 B E4 "Correct") (W E4 B D4 "Wrong"); B D5 "Wrong"; B E5 (nothing).
        let tree = vec![
            node(None, Color::Black, "C4", m),
            node(Some(0), Color::White, "D4", m),
            node(Some(1), Color::Black, "E4", said(Verdict::Correct)),
            node(Some(0), Color::White, "E4", m),
            node(Some(3), Color::Black, "D4", said(Verdict::Wrong)),
            node(None, Color::Black, "D5", said(Verdict::Wrong)),
            node(None, Color::Black, "E5", m),
        ];
        let firsts = first_moves(&tree);
        let summary: Vec<(String, Option<Verdict>, usize)> = firsts
            .iter()
            .map(|f| (f.mv.to_string(), f.verdict, f.line.len()))
            .collect();
        assert_eq!(
            summary,
            [
                ("C4".to_string(), Some(Verdict::Correct), 3),
                ("D5".to_string(), Some(Verdict::Wrong), 1),
                ("E5".to_string(), None, 1),
            ]
        );
    }

    #[test]
    fn the_mark_nearest_the_line_s_end_decides_and_te_bm_gb_gw_count() {
        let te = NodeMarks {
            tesuji: true,
            ..NodeMarks::default()
        };
        let bm = NodeMarks {
            bad_move: true,
            ..NodeMarks::default()
        };
        let gw = NodeMarks {
            good_for: Some(Color::White),
            ..NodeMarks::default()
        };
        let gb = NodeMarks {
            good_for: Some(Color::Black),
            ..NodeMarks::default()
        };
        // A first move marked TE whose only line ends "good for White" is wrong for Black;
        // BM on a first move is wrong; GB at a leaf is correct for Black to play.
        let tree = vec![
            node(None, Color::Black, "A1", te),
            node(Some(0), Color::White, "A2", gw),
            node(None, Color::Black, "B1", bm),
            node(None, Color::Black, "C1", NodeMarks::default()),
            node(Some(3), Color::White, "C2", NodeMarks::default()),
            node(Some(4), Color::Black, "C3", gb),
        ];
        let v: Vec<Option<Verdict>> = first_moves(&tree).iter().map(|f| f.verdict).collect();
        assert_eq!(
            v,
            [
                Some(Verdict::Wrong),
                Some(Verdict::Wrong),
                Some(Verdict::Correct)
            ]
        );
    }

    #[test]
    fn two_variations_with_one_first_move_are_one_first_move() {
        let m = NodeMarks::default();
        let tree = vec![
            node(None, Color::Black, "C4", m),
            node(Some(0), Color::White, "D4", said(Verdict::Wrong)),
            node(None, Color::Black, "C4", m),
            node(Some(2), Color::White, "D5", said(Verdict::Correct)),
        ];
        let firsts = first_moves(&tree);
        assert_eq!(firsts.len(), 1);
        assert_eq!(firsts[0].verdict, Some(Verdict::Correct));
        assert_eq!(tree[firsts[0].line[1]].mv.to_string(), "D5");
    }
}
