//! The language a CJK charset is written in and its most frequent characters: what tells a
//! right guess of an SGF file's charset from a wrong one that decodes without error.

use std::sync::OnceLock;

use encoding_rs::{BIG5, EUC_JP, EUC_KR, Encoding, SHIFT_JIS};

/// The language a CJK charset is written in, for its frequent characters.
#[derive(Clone, Copy)]
pub(super) enum Language {
    Simplified,
    Traditional,
    Japanese,
    Korean,
}

/// The most frequent characters of each language: the 128 of chardetng's tables (from
/// Wikipedia, dedicated to the public domain by chardetng's author), and the words of Go
/// problems (黑先, 死活, 正解, 失败; 黒先, 白番; 흑, 백). Traditional Chinese has no table there:
/// it is the simplified one's characters Big5 also has, and the traditional forms of the others.
const FREQUENT_SIMPLIFIED: &str = "的年国日月中人一大为在是学有行会斯于地区文和尔名第公时小部不市台以上后动出个本作家新成西定重生之电主子用特分民了亚员克南政站德与球东科里道山法方北向天发物来到机星路目美村高长军利三拉车州基海自下赛面加他马其参县代内理世二线及建表位罗由立多可华林维度事平外体\
    黑白先死活劫手筋正解失败棋局围眼气提打吃断连征扳跳飞尖挡爬冲挖夹点虎粘扑倒脱靠压顶托退拐胜负题图变净杀对双段级让贴半盘这们着没也就都要说还";
const FREQUENT_TRADITIONAL_FORMS: &str = "國為學會區爾時後動個電亞員與東裡發來機羅華維車馬參縣線長軍賽\
    這們說對從過還當點無開問間實現種樣將兩應經關見麼頭體變邊圍氣斷連飛擋衝夾撲脫壓頂勝負題圖淨殺雙級讓貼盤敗許功";
const FREQUENT_KANJI: &str = "年日月大本学人国会中出一者市作名部用地行場田第生合子道上東時県代山社事画新手高成戦物後発長立分川記校間業関所定選小目動和文野同前内開線自号公駅送回町除主家利車通京表島下世方村書全明連平放体的式番度北入外頼語女話機設原三削区海依当現対位数化神曲理教特版在法見\
    黒白先死活劫筋正解失敗碁局囲眼気打取断征跳飛押切当勝負題図変殺段級置";
const FREQUENT_HANGUL: &str = "이의다기에로사년스리는일하가시지대서분국한도인고류자주아을라수제정월나구전어은그부를동선으문트용보위드과교상마장학원성화역니미공경해오우명있크영소조회여민토비세르유신키중계타연프관되적치레카진와터들목겨게개방파산호출음림면작만단넘모요었생남재무후표군포당노\
    흑백차례입니까잘읽보바둑패활집돌실답";

impl Language {
    pub(super) fn of(encoding: &'static Encoding) -> Language {
        if encoding == BIG5 {
            Language::Traditional
        } else if encoding == SHIFT_JIS || encoding == EUC_JP {
            Language::Japanese
        } else if encoding == EUC_KR {
            Language::Korean
        } else {
            Language::Simplified
        }
    }

    pub(super) fn frequent(self, c: char) -> bool {
        static SETS: OnceLock<[Vec<char>; 4]> = OnceLock::new();
        let sets = SETS.get_or_init(|| {
            let sorted = |chars: &mut dyn Iterator<Item = char>| {
                let mut set: Vec<char> = chars.filter(|c| !c.is_whitespace()).collect();
                set.sort_unstable();
                set.dedup();
                set
            };
            let in_big5 = |c: &char| !BIG5.encode(c.encode_utf8(&mut [0; 4])).2;
            [
                sorted(&mut FREQUENT_SIMPLIFIED.chars()),
                sorted(
                    &mut FREQUENT_SIMPLIFIED
                        .chars()
                        .chain(FREQUENT_KANJI.chars())
                        .filter(in_big5)
                        .chain(FREQUENT_TRADITIONAL_FORMS.chars()),
                ),
                sorted(&mut FREQUENT_KANJI.chars()),
                sorted(&mut FREQUENT_HANGUL.chars()),
            ]
        });
        sets[self as usize].binary_search(&c).is_ok()
    }
}
