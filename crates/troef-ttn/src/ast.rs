//! The syntax tree of one TTN record. Every node keeps its byte span in the
//! source file. Two trees compare equal only with equal spans; to ask
//! whether two records say the same thing (a record printed and parsed
//! again, or read back from JSON, which carries no spans), compare them
//! with [`Record::without_spans`].

use crate::annotation::Dd;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use troef_cards::Card;

/// A byte range in the source file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// How a comment was written; kept so that canonical output keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum CommentKind {
    /// `{ ... }`, may stand anywhere between tokens.
    Brace,
    /// `; ...` to the end of the line.
    Line,
    /// `%...` in column 1: an escape line, kept verbatim.
    Escape,
}

/// A comment. Its JSON form also carries, for a `{dd: ...}` annotation, the
/// annotation read into fields (`dd`, [`crate::annotation::Dd`]); import
/// reads the text alone.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Comment {
    pub kind: CommentKind,
    /// The text between the delimiters, trimmed of surrounding white space.
    pub text: String,
    #[serde(skip)]
    pub span: Span,
}

/// A comment as JSON shows it: kind, text and the annotation it carries.
#[derive(Serialize, JsonSchema)]
#[schemars(rename = "Comment")]
struct CommentJson<'a> {
    kind: CommentKind,
    /// The text between the delimiters, trimmed of surrounding white space.
    text: &'a str,
    /// A `{dd: ...}` annotation read into fields (spec/notation.md,
    /// "Annotation commands"); absent on other comments.
    #[serde(skip_serializing_if = "Option::is_none")]
    dd: Option<Dd>,
}

impl Serialize for Comment {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        CommentJson {
            kind: self.kind,
            text: &self.text,
            dd: self.dd(),
        }
        .serialize(s)
    }
}

impl JsonSchema for Comment {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        CommentJson::schema_name()
    }
    fn json_schema(g: &mut schemars::SchemaGenerator) -> schemars::Schema {
        CommentJson::json_schema(g)
    }
}

impl Comment {
    /// The `{dd: ...}` annotation this comment carries, if it is one.
    pub fn dd(&self) -> Option<Dd> {
        Dd::parse(&self.text)
    }

    fn clear_span(&mut self) {
        self.span = Span::default();
    }
}

/// A suffix glyph on a call or a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub enum Glyph {
    #[serde(rename = "!")]
    Good,
    #[serde(rename = "?")]
    Mistake,
    #[serde(rename = "!!")]
    Brilliant,
    #[serde(rename = "??")]
    Blunder,
    #[serde(rename = "!?")]
    Interesting,
    #[serde(rename = "?!")]
    Dubious,
}

impl Glyph {
    pub fn parse(s: &str) -> Option<Glyph> {
        Some(match s {
            "!" => Glyph::Good,
            "?" => Glyph::Mistake,
            "!!" => Glyph::Brilliant,
            "??" => Glyph::Blunder,
            "!?" => Glyph::Interesting,
            "?!" => Glyph::Dubious,
            _ => return None,
        })
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Glyph::Good => "!",
            Glyph::Mistake => "?",
            Glyph::Brilliant => "!!",
            Glyph::Blunder => "??",
            Glyph::Interesting => "!?",
            Glyph::Dubious => "?!",
        }
    }
}

/// What a section token says, before any game gives it meaning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", content = "value", rename_all = "lowercase")]
pub enum TokenKind {
    /// A card, canonical `SA`, `HT`.
    Card(Card),
    /// A word: a call (`pass`, `play`, `130`), a suit named alone (`H`), an
    /// announcement or claim (`roem:20`, `stuk`), an irregularity (`revoke`).
    /// Canonical words are lower case, except a lone suit letter.
    Word(String),
}

/// One token of a section, with everything that rides on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Token {
    #[serde(flatten)]
    pub kind: TokenKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glyph: Option<Glyph>,
    /// Numeric annotation glyphs `$n`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u16>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
    /// Alternatives to this token, PGN style: each replaces this token and
    /// continues from there.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Vec<Token>>,
    #[serde(skip)]
    #[schemars(skip)]
    pub span: Span,
}

impl Token {
    fn clear_spans(&mut self) {
        self.span = Span::default();
        self.comments.iter_mut().for_each(Comment::clear_span);
        for v in &mut self.variations {
            v.iter_mut().for_each(Token::clear_spans);
        }
    }

    pub fn new(kind: TokenKind, span: Span) -> Token {
        Token {
            kind,
            glyph: None,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
            span,
        }
    }
    pub fn card(&self) -> Option<Card> {
        match self.kind {
            TokenKind::Card(c) => Some(c),
            _ => None,
        }
    }
    pub fn word(&self) -> Option<&str> {
        match &self.kind {
            TokenKind::Word(w) => Some(w),
            _ => None,
        }
    }
}

/// A tag pair `[Name "value"]`, with the section that follows it, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Tag {
    /// Canonical spelling for known tags (`Game`), as written otherwise.
    // A known tag's name is the vocabulary's own, not a copy.
    pub name: std::borrow::Cow<'static, str>,
    pub value: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
    /// Tokens after the tag, up to the next tag (the Auction and Play sections).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub section: Vec<Token>,
    #[serde(skip)]
    #[schemars(skip)]
    pub span: Span,
    #[serde(skip)]
    #[schemars(skip)]
    pub value_span: Span,
}

/// One record: tag pairs with their sections, and the comments before them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Record {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leading: Vec<Comment>,
    pub tags: Vec<Tag>,
    #[serde(skip)]
    #[schemars(skip)]
    pub span: Span,
}

impl Record {
    /// The record with every span set to zero: what it says, not where it
    /// was written. `parse(print(r)).without_spans() == r.without_spans()`.
    pub fn without_spans(&self) -> Record {
        let mut r = self.clone();
        r.span = Span::default();
        r.leading.iter_mut().for_each(Comment::clear_span);
        for t in &mut r.tags {
            t.span = Span::default();
            t.value_span = Span::default();
            t.comments.iter_mut().for_each(Comment::clear_span);
            t.section.iter_mut().for_each(Token::clear_spans);
        }
        r
    }

    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| same_name(&t.name, name))
    }
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|t| t.value.as_str())
    }
}

/// Whether two tag names are the same but for ASCII case. The lengths and
/// the first bytes are compared first, where it costs least: they tell most
/// names apart (`| 0x20` folds ASCII case, and never makes equal bytes
/// unequal).
#[inline(always)]
fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len()
        && (a.is_empty() || (a[0] | 0x20) == (b[0] | 0x20))
        && a.eq_ignore_ascii_case(b)
}

/// The tags a dialect of TTN knows: their canonical spelling and order,
/// and which of them carry a section of tokens. The notation knows no game;
/// whoever knows the games supplies the vocabulary (`troef_rules::VOCABULARY`).
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    /// The known tags, in canonical order. Tags not listed keep their order
    /// after these.
    pub tags: &'static [&'static str],
    /// The known tags that carry a section of tokens. A tag not known may
    /// carry one.
    pub sections: &'static [&'static str],
}

impl Vocabulary {
    /// Knows no tag: every tag keeps its spelling and order and may carry a
    /// section.
    pub const OPEN: Vocabulary = Vocabulary {
        tags: &[],
        sections: &[],
    };

    /// The canonical spelling of a known tag name (case-insensitive).
    pub fn canonical(&self, name: &str) -> Option<&'static str> {
        self.position_from(name, 0).map(|k| self.tags[k])
    }

    /// The place of a known tag name (case-insensitive) in
    /// [`Vocabulary::tags`], looked for from `from` on, then from the start:
    /// a record's tags mostly come in canonical order, so a parser that
    /// starts where the last tag was found finds the next one in a step or
    /// two.
    pub fn position_from(&self, name: &str, from: usize) -> Option<usize> {
        let from = from.min(self.tags.len());
        let (before, after) = self.tags.split_at(from);
        let find = |tags: &[&str]| tags.iter().position(|k| same_name(k, name));
        find(after).map(|k| from + k).or_else(|| find(before))
    }

    /// Whether a tag may carry a section, given its canonical name (`None`
    /// for a tag the vocabulary does not know, which may).
    pub fn takes_section(&self, canonical: Option<&str>) -> bool {
        canonical.is_none_or(|c| self.sections.iter().any(|s| s.len() == c.len() && *s == c))
    }

    /// A tag's place in the canonical order.
    pub fn rank(&self, name: &str) -> usize {
        self.tags
            .iter()
            .position(|k| *k == name)
            .unwrap_or(self.tags.len())
    }
}
