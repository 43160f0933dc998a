//! The goals problems state in English, Japanese, Chinese and Korean, and the texts that state
//! none although they hold a goal's word.

use super::*;
use crate::rules::Color::{Black, White};

/// The goal, side, ko and seki one text states.
fn read(text: &str) -> Option<(Option<Color>, Option<Goal>, bool, bool)> {
    stated_goal(&[text]).map(|s| (s.side, s.goal, s.ko, s.seki))
}

const LIVE: Option<Goal> = Some(Goal::Live);
const KILL: Option<Goal> = Some(Goal::Kill);

#[test]
fn english_goals_with_the_side() {
    assert_eq!(
        read("Black to live"),
        Some((Some(Black), LIVE, false, false))
    );
    assert_eq!(
        read("White to kill."),
        Some((Some(White), KILL, false, false))
    );
    assert_eq!(
        read("Black to play and live"),
        Some((Some(Black), LIVE, false, false))
    );
    assert_eq!(
        read("White to play: kill"),
        Some((Some(White), KILL, false, false))
    );
    assert_eq!(
        read("Black to make life"),
        Some((Some(Black), LIVE, false, false))
    );
    assert_eq!(
        read("Black to capture"),
        Some((Some(Black), KILL, false, false))
    );
    assert_eq!(
        read("Black to kill (ko)"),
        Some((Some(Black), KILL, true, false))
    );
    assert_eq!(
        read("White to live with ko."),
        Some((Some(White), LIVE, true, false))
    );
    assert_eq!(
        read("Black to make ko"),
        Some((Some(Black), None, true, false))
    );
    assert_eq!(
        read("Black to make seki"),
        Some((Some(Black), LIVE, false, true))
    );
    // "White to play, Black dies" is a translation of 白先黑死.
    assert_eq!(
        read("White to play, Black dies."),
        Some((Some(White), KILL, false, false))
    );
    assert_eq!(
        read("Problem 12\nBlack lives"),
        Some((Some(Black), LIVE, false, false))
    );
}

#[test]
fn english_goals_without_the_side() {
    assert_eq!(read("Live"), Some((None, LIVE, false, false)));
    assert_eq!(read("kill!"), Some((None, KILL, false, false)));
    assert_eq!(read("Make life."), Some((None, LIVE, false, false)));
    assert_eq!(read("ko"), Some((None, None, true, false)));
    // The killed colour names the killer.
    assert_eq!(
        read("Kill the white group."),
        Some((Some(Black), KILL, false, false))
    );
    assert_eq!(
        read("Capture the black stones"),
        Some((Some(White), KILL, false, false))
    );
    assert_eq!(
        read("Save the black group"),
        Some((Some(Black), LIVE, false, false))
    );
}

#[test]
fn english_texts_that_state_no_goal() {
    for text in [
        "Correct.",
        "Wrong.",
        "Correct; advantageous ko.",
        "Wrong; disadvantageous ko.",
        "Elementary",
        "Intermediate",
        "Cho L&D (abc)",
        "Life and death",
        "Life & Death problem 4",
        "Black to play",
        "White is dead.",
        "If White plays here, Black dies.",
        "Can Black live?",
        "Is the white group dead?",
        "Black is alive, but only in seki",
        "White to play, Black lives",
        "Black to kill the black group",
        "I live in Tokyo",
        "",
    ] {
        assert_eq!(read(text), None, "{text:?}");
    }
}

#[test]
fn japanese_goals() {
    assert_eq!(read("黒先活"), Some((Some(Black), LIVE, false, false)));
    assert_eq!(read("黒先生き"), Some((Some(Black), LIVE, false, false)));
    assert_eq!(read("黒先白死"), Some((Some(Black), KILL, false, false)));
    assert_eq!(read("白先黒死"), Some((Some(White), KILL, false, false)));
    assert_eq!(read("黒先コウ"), Some((Some(Black), None, true, false)));
    assert_eq!(
        read("黒先、白を取ってください"),
        Some((Some(Black), KILL, false, false))
    );
    assert_eq!(
        read("黒番で生きてください"),
        Some((Some(Black), LIVE, false, false))
    );
    assert_eq!(read("生き"), Some((None, LIVE, false, false)));
    assert_eq!(read("死に"), Some((None, KILL, false, false)));
    assert_eq!(read("活き"), Some((None, LIVE, false, false)));
    assert_eq!(
        read("第3題 黒先白死"),
        Some((Some(Black), KILL, false, false))
    );
}

#[test]
fn chinese_goals() {
    assert_eq!(read("黑先活"), Some((Some(Black), LIVE, false, false)));
    assert_eq!(read("白先黑死"), Some((Some(White), KILL, false, false)));
    assert_eq!(read("黑先净活"), Some((Some(Black), LIVE, false, false)));
    assert_eq!(read("黑先劫"), Some((Some(Black), None, true, false)));
    assert_eq!(read("黑先劫杀"), Some((Some(Black), KILL, true, false)));
    assert_eq!(read("白先劫活"), Some((Some(White), LIVE, true, false)));
    assert_eq!(read("黑先双活"), Some((Some(Black), LIVE, false, true)));
    assert_eq!(read("黑先杀白"), Some((Some(Black), KILL, false, false)));
    assert_eq!(read("黑先，活"), Some((Some(Black), LIVE, false, false)));
    assert_eq!(read("活"), Some((None, LIVE, false, false)));
    assert_eq!(read("死"), Some((None, KILL, false, false)));
    assert_eq!(read("劫"), Some((None, None, true, false)));
    assert_eq!(read("白死"), Some((Some(Black), KILL, false, false)));
    assert_eq!(
        read("第12题 黑先活"),
        Some((Some(Black), LIVE, false, false))
    );
}

#[test]
fn korean_goals() {
    assert_eq!(read("흑선백사"), Some((Some(Black), KILL, false, false)));
    assert_eq!(read("흑선 삶"), Some((Some(Black), LIVE, false, false)));
    assert_eq!(read("백선 흑사"), Some((Some(White), KILL, false, false)));
    assert_eq!(read("흑선 패"), Some((Some(Black), None, true, false)));
    // A colour alone is not the side to play: only the death word's clause counts.
    assert_eq!(read("백 죽음"), Some((None, KILL, false, false)));
    assert_eq!(read("백죽음"), Some((Some(Black), KILL, false, false)));
}

#[test]
fn cjk_texts_that_state_no_goal() {
    for text in [
        "死活",
        "死活题",
        "詰碁",
        "黒先",
        "黑先死活",
        "흑선 사활",
        "사활",
        "실패",
        "黑棋已经死了",
        "白先黑活",
        "黒先黒死",
        "正解",
        "失败",
        "劫杀正解。",
        "活路",
        "死了",
    ] {
        assert_eq!(read(text), None, "{text:?}");
    }
}

#[test]
fn the_first_text_stating_a_goal_gives_it_and_a_side_alone_lends_it() {
    let stated = stated_goal(&["Cho L&D (abc)", "Elementary", "Correct."]);
    assert_eq!(stated, None);
    let stated = stated_goal(&["Black to play", "Live"]).expect("stated");
    assert_eq!((stated.side, stated.goal), (Some(Black), LIVE));
    assert_eq!(stated.words, "Live");
    let stated = stated_goal(&["Problem 4", "White to kill", "黑先活"]).expect("stated");
    assert_eq!((stated.side, stated.goal), (Some(White), KILL));
    assert_eq!(stated.goal_for(White), KILL);
    assert_eq!(
        stated.goal_for(Black),
        None,
        "the words name the other side"
    );
    let bare = stated_goal(&["kill"]).expect("stated");
    assert_eq!(bare.goal_for(Black), KILL);
}
