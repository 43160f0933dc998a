//! Which games of a collection to read (`import --games`): a facilitator takes 30 problems
//! out of a collection for tonight, not 900.

use std::ops::RangeInclusive;

/// Game numbers (from 1, in the file's order) as `--games` gives them: `1-30`, `3,7,12`, or
/// both (`1-10,15,20-22`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameSelection {
    ranges: Vec<RangeInclusive<usize>>,
}

impl GameSelection {
    /// Reads `--games`' value, or says what is wrong with it.
    pub fn parse(text: &str) -> Result<GameSelection, String> {
        let number = |word: &str| -> Result<usize, String> {
            match word.trim().parse::<usize>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(format!(
                    "`{}` is not a game number: games are numbered from 1, e.g. `1-30` or `3,7,12`",
                    word.trim()
                )),
            }
        };
        let mut ranges = Vec::new();
        for part in text.split(',') {
            let range = match part.split_once('-') {
                Some((low, high)) => {
                    let (low, high) = (number(low)?, number(high)?);
                    if low > high {
                        return Err(format!(
                            "`{}` runs backwards: write the smaller number first, `{high}-{low}`",
                            part.trim()
                        ));
                    }
                    low..=high
                }
                None => {
                    let n = number(part)?;
                    n..=n
                }
            };
            ranges.push(range);
        }
        Ok(GameSelection { ranges })
    }

    /// Whether game `number` is taken.
    pub fn takes(&self, number: usize) -> bool {
        self.ranges.iter().any(|r| r.contains(&number))
    }

    /// The highest game number asked for.
    pub fn highest(&self) -> usize {
        self.ranges.iter().map(|r| *r.end()).max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_lists_are_read_and_mistakes_said() {
        let s = GameSelection::parse("1-3, 7,10-10").unwrap();
        let taken: Vec<usize> = (1..=12).filter(|&n| s.takes(n)).collect();
        assert_eq!(taken, [1, 2, 3, 7, 10]);
        assert_eq!(s.highest(), 10);
        assert!(
            GameSelection::parse("0")
                .unwrap_err()
                .contains("numbered from 1")
        );
        assert!(GameSelection::parse("5-2").unwrap_err().contains("`2-5`"));
        assert!(GameSelection::parse("a").is_err());
        assert!(GameSelection::parse("").is_err());
    }
}
