//! Where a node's properties and their values are written: what the scan hands over and every
//! later reading looks values up in.

use std::borrow::Cow;
use std::ops::Range;

use super::values::{decode, parse_point};

/// One property as written: its identifier, its whole span and where its values' spans are in
/// its node's [`NodeSpans::values`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct PropertySpan<'t> {
    /// Borrowed from the text unless an FF[3] mixed-case identifier had to be converted.
    pub(super) identifier: Cow<'t, str>,
    pub(super) whole: Range<usize>,
    pub(super) values: Range<usize>,
}

/// The properties of one node and where each of their values is written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct NodeSpans<'t> {
    pub(super) properties: Vec<PropertySpan<'t>>,
    /// Every value's span (inside the brackets, escapes still written), property after property.
    pub(super) values: Vec<Range<usize>>,
}

impl<'t> NodeSpans<'t> {
    /// The property `identifier`, when the node has it (at most once: the scan refuses a second).
    pub(super) fn find(&self, identifier: &str) -> Option<&PropertySpan<'t>> {
        self.properties.iter().find(|p| p.identifier == identifier)
    }

    /// The spans of a property's values.
    pub(super) fn values(&self, property: &PropertySpan<'_>) -> &[Range<usize>] {
        &self.values[property.values.clone()]
    }

    /// A property's values as they mean (escapes read).
    pub(super) fn decoded<'s>(
        &self,
        source: &'s str,
        property: &PropertySpan<'_>,
    ) -> Vec<Cow<'s, str>> {
        self.values(property)
            .iter()
            .map(|s| decode(&source[s.clone()]))
            .collect()
    }

    /// The span of `property`'s value naming the point `xy`: the value written as that point,
    /// else the first rectangle holding it, else the whole property (a narrow place reads
    /// better than a list of a thousand values).
    pub(super) fn span_of(
        &self,
        source: &str,
        property: &PropertySpan<'_>,
        xy: (u8, u8),
    ) -> Range<usize> {
        let mut rectangle = None;
        for span in self.values(property) {
            let value = decode(&source[span.clone()]);
            match value.split_once(':') {
                None if parse_point(&value) == Some(xy) => return span.clone(),
                Some((ul, lr)) if rectangle.is_none() => {
                    if let (Some(ul), Some(lr)) = (parse_point(ul), parse_point(lr))
                        && (ul.0..=lr.0).contains(&xy.0)
                        && (ul.1..=lr.1).contains(&xy.1)
                    {
                        rectangle = Some(span.clone());
                    }
                }
                _ => {}
            }
        }
        rectangle.unwrap_or_else(|| property.whole.clone())
    }
}
