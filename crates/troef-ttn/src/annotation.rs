//! Machine-readable comments: the `{dd: ...}` annotation that `troef
//! analyze` writes on a card, read back into fields (spec/notation.md,
//! "Annotation commands"), as PGN readers read `[%eval ...]`.
//!
//! Three forms, after the mark `dd:`:
//!
//! - `dd: VALUE`: the card keeps the position's value;
//! - `dd: BEFORE -> AFTER, best CARD...; cost N UNIT`: the card gives away
//!   `N` against the best cards;
//! - `dd: best line`: the first card of the variation that shows the best
//!   line.
//!
//! A value is the game's own wording (`+132`, `match 257`, `schwarz`,
//! `made +25`), kept as text. A comment that starts with `dd:` but follows
//! none of the forms is an ordinary comment.

use schemars::JsonSchema;
use serde::Serialize;
use troef_cards::Card;

/// The mark a double-dummy annotation starts with.
pub const DD_MARK: &str = "dd:";

/// A `{dd: ...}` comment, read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Dd {
    /// `dd: VALUE`: the card keeps the value of the position.
    Value {
        /// The value after the card, as the game words it.
        value: String,
    },
    /// `dd: BEFORE -> AFTER, best CARDS; cost N UNIT`: a card that gives
    /// value away.
    Cost {
        /// The value of the position before the card.
        before: String,
        /// The value after it.
        after: String,
        /// The cards that keep the value.
        best: Vec<Card>,
        /// What the card gives away, from its player's side, in `unit`.
        cost: u32,
        /// The game's unit (`points`, `cents`, `Augen`, `Tout (every
        /// trick)`).
        unit: String,
    },
    /// `dd: best line`: this card starts the variation with the best line.
    BestLine,
}

impl Dd {
    /// Reads a comment's text; `None` when it is no `dd:` annotation.
    pub fn parse(text: &str) -> Option<Dd> {
        let body = text.strip_prefix(DD_MARK)?.trim();
        if body == "best line" {
            return Some(Dd::BestLine);
        }
        let Some((before, rest)) = body.split_once("->") else {
            return value(body).map(|value| Dd::Value { value });
        };
        let (after, rest) = rest.split_once(',')?;
        let (best, cost) = rest.trim().strip_prefix("best ")?.split_once(';')?;
        let best = best
            .split_whitespace()
            .map(Card::parse)
            .collect::<Option<Vec<Card>>>()?;
        let (n, unit) = cost.trim().strip_prefix("cost ")?.split_once(' ')?;
        let unit = unit.trim();
        if best.is_empty() || unit.is_empty() {
            return None;
        }
        Some(Dd::Cost {
            before: value(before)?,
            after: value(after)?,
            best,
            cost: n.parse().ok()?,
            unit: unit.to_string(),
        })
    }
}

/// A value: words, digits and signs, with nothing that separates the parts
/// of an annotation.
fn value(s: &str) -> Option<String> {
    let s = s.trim();
    let ok = !s.is_empty()
        && s.len() <= 40
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '+' | '-'));
    ok.then(|| s.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        s.split(' ').map(|c| Card::parse(c).unwrap()).collect()
    }

    #[test]
    fn the_three_forms_of_spec_analysis_read_back() {
        assert_eq!(
            Dd::parse("dd: -202"),
            Some(Dd::Value {
                value: "-202".into()
            })
        );
        assert_eq!(
            Dd::parse("dd: match 257"),
            Some(Dd::Value {
                value: "match 257".into()
            })
        );
        assert_eq!(
            Dd::parse("dd: -202 -> -222, best S8 S9 CJ; cost 20 points"),
            Some(Dd::Cost {
                before: "-202".into(),
                after: "-222".into(),
                best: cards("S8 S9 CJ"),
                cost: 20,
                unit: "points".into()
            })
        );
        assert_eq!(
            Dd::parse("dd: made +25 -> failed -25, best HA; cost 50 cents"),
            Some(Dd::Cost {
                before: "made +25".into(),
                after: "failed -25".into(),
                best: cards("HA"),
                cost: 50,
                unit: "cents".into()
            })
        );
        assert_eq!(
            Dd::parse("dd: every trick -> not every trick, best SA; cost 1 Tout (every trick)"),
            Some(Dd::Cost {
                before: "every trick".into(),
                after: "not every trick".into(),
                best: cards("SA"),
                cost: 1,
                unit: "Tout (every trick)".into()
            })
        );
        assert_eq!(Dd::parse("dd: best line"), Some(Dd::BestLine));
    }

    #[test]
    fn anything_else_is_an_ordinary_comment() {
        for text in [
            "a fine lead",
            "dd:",
            "dd: ",
            "dd: -202 -> -222",
            "dd: -202 -> -222, best XX; cost 20 points",
            "dd: -202 -> -222, best; cost 20 points",
            "dd: -202 -> -222, best S8; cost twenty points",
            "dd: -202 -> -222, best S8; cost 20",
            "dd: <script>",
            "dd: 1, 2",
        ] {
            assert_eq!(Dd::parse(text), None, "{text}");
        }
    }
}
