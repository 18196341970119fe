//! The syntax tree of one TTN record. Every node keeps its byte span in the
//! source file. Two trees compare equal only with equal spans; to ask
//! whether two records say the same thing (a record printed and parsed
//! again, or read back from JSON, which carries no spans), compare them
//! with [`Record::without_spans`].

use crate::annotation::Dd;
pub use compact_str::CompactString;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
pub use thin_vec::{thin_vec, ThinVec};
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
    // Thin vectors (a pointer each, no allocation while empty): most tokens
    // have none of these, and a token is written for every card and call.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<u16>")]
    pub nags: ThinVec<u16>,
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Comment>")]
    pub comments: ThinVec<Comment>,
    /// Alternatives to this token, PGN style: each replaces this token and
    /// continues from there.
    #[serde(default, skip_serializing_if = "ThinVec::is_empty")]
    #[schemars(with = "Vec<Vec<Token>>")]
    pub variations: ThinVec<Vec<Token>>,
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
            nags: ThinVec::new(),
            comments: ThinVec::new(),
            variations: ThinVec::new(),
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
    // Kept inline up to 24 bytes (compact_str), as most values are: a
    // record's dozen values then cost no allocation each.
    #[schemars(with = "String")]
    pub value: CompactString,
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

    /// The first tag of a name (ASCII case aside). A reader that looks up
    /// many makes an [`Indexed`] view first.
    pub fn tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| same_name(&t.name, name))
    }
    pub fn value(&self, name: &str) -> Option<&str> {
        self.tag(name).map(|t| t.value.as_str())
    }
}

/// Whether two tag names are the same but for ASCII case. Names of 4 to 16
/// bytes, as most are, are compared in two overlapping words, their ASCII
/// capitals made small in the word ([`fold`]); others a byte at a time.
#[inline(always)]
fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize, width: usize| -> u64 {
        let mut w = [0; 8];
        w[..width].copy_from_slice(&s[at..at + width]);
        fold(u64::from_le_bytes(w))
    };
    match n {
        8..=16 => word(a, 0, 8) == word(b, 0, 8) && word(a, n - 8, 8) == word(b, n - 8, 8),
        4..=7 => word(a, 0, 4) == word(b, 0, 4) && word(a, n - 4, 4) == word(b, n - 4, 4),
        _ => a.eq_ignore_ascii_case(b),
    }
}

/// The bytes of a word with each ASCII capital made small and every other
/// byte as it is (`to_ascii_lowercase` of eight bytes at once).
#[inline(always)]
const fn fold(w: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let seven = w & LOW7;
    // A byte's high bit set: from `A` on, and from past `Z` on.
    let from_a = seven + 0x3f3f_3f3f_3f3f_3f3f;
    let past_z = seven + 0x2525_2525_2525_2525;
    let capital = from_a & !past_z & !w & HIGH;
    w | (capital >> 2)
}

/// A record with its tags indexed by name, for a reader that looks up many
/// (a replay looks up some 25 per record): a lookup hashes the name and
/// compares a tag or two, where [`Record::tag`] compares every tag before
/// the one it finds. It reads as the record it views (`Deref`), with its
/// own [`Indexed::tag`] and [`Indexed::value`]; the index cannot go stale,
/// as the record is borrowed while it lives.
#[derive(Clone, Debug)]
pub struct Indexed<'r> {
    rec: &'r Record,
    /// Open addressing by [`name_key`]: each slot holds the place of the
    /// first tag of a name plus one, 0 when empty. `None` for a record of
    /// more than [`Indexed::MOST`] tags, which [`Record::tag`] searches.
    slots: Option<[u8; Indexed::SLOTS]>,
}

impl<'r> Indexed<'r> {
    const SLOTS: usize = 64;
    /// At most half the slots are filled, so probes stay short and always
    /// meet an empty slot.
    const MOST: usize = Indexed::SLOTS / 2;

    pub fn new(rec: &'r Record) -> Self {
        let slots = (rec.tags.len() <= Indexed::MOST).then(|| {
            let mut slots = [0; Indexed::SLOTS];
            for (k, t) in rec.tags.iter().enumerate() {
                // A name seen before keeps its first tag.
                if let Err(empty) = Indexed::probe(&slots, &rec.tags, &t.name) {
                    slots[empty] = k as u8 + 1;
                }
            }
            slots
        });
        Indexed { rec, slots }
    }

    /// Where `name` is: the place of its first tag in `tags`, or the empty
    /// slot where it would go.
    #[inline(always)]
    fn probe(slots: &[u8; Indexed::SLOTS], tags: &[Tag], name: &str) -> Result<usize, usize> {
        let mut s = (name_key(name.as_bytes()) >> 26) as usize;
        loop {
            let place = usize::from(slots[s]).checked_sub(1).ok_or(s)?;
            if same_name(&tags[place].name, name) {
                return Ok(place);
            }
            s = (s + 1) % Indexed::SLOTS;
        }
    }

    /// The first tag of a name, as [`Record::tag`] finds it.
    #[inline]
    pub fn tag(&self, name: &str) -> Option<&'r Tag> {
        match &self.slots {
            None => self.rec.tag(name),
            Some(slots) => {
                let place = Indexed::probe(slots, &self.rec.tags, name).ok()?;
                Some(&self.rec.tags[place])
            }
        }
    }

    /// The value of the first tag of a name, as [`Record::value`] finds it.
    #[inline]
    pub fn value(&self, name: &str) -> Option<&'r str> {
        self.tag(name).map(|t| t.value.as_str())
    }
}

impl std::ops::Deref for Indexed<'_> {
    type Target = Record;

    fn deref(&self) -> &Record {
        self.rec
    }
}

/// The tags a dialect of TTN knows: their canonical spelling and order,
/// and which of them carry a section of tokens. The notation knows no game;
/// whoever knows the games supplies the vocabulary (`troef_rules::VOCABULARY`).
///
/// Made with [`Vocabulary::new`], which builds, at compile time for a
/// `static`, a hash table of the names: a tag name is found in one or two
/// comparisons, however many tags the dialect knows.
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    /// The known tags, in canonical order. Tags not listed keep their order
    /// after these.
    pub tags: &'static [&'static str],
    /// The known tags that carry a section of tokens. A tag not known may
    /// carry one.
    pub sections: &'static [&'static str],
    /// Open addressing by [`name_hash`]: each slot holds a place in `tags`
    /// plus one, 0 when empty.
    table: [u8; NAME_SLOTS],
    /// A bit for each place in `tags` whose tag carries a section.
    section_places: u128,
}

/// Slots of a vocabulary's name table; at most [`Vocabulary::MOST`] are
/// filled, so a probe always meets an empty one.
const NAME_SLOTS: usize = 256;

/// A name's key for a hash table: its length and its first, second and
/// last bytes with ASCII letters folded (`| 0x20`, which never tells two
/// names apart that differ only in case), mixed by a multiplication. Four
/// loads, where a hash of every byte is a chain of multiplications as long
/// as the name; the table compares the name itself after.
#[inline(always)]
const fn name_key(name: &[u8]) -> u32 {
    let n = name.len();
    let key = if n == 0 {
        0
    } else {
        (n as u32) << 24
            | ((name[0] | 0x20) as u32) << 16
            | ((name[if n > 1 { 1 } else { 0 }] | 0x20) as u32) << 8
            | (name[n - 1] | 0x20) as u32
    };
    key.wrapping_mul(0x9e37_79b1)
}

/// A name's slot in a vocabulary's table.
const fn name_hash(name: &[u8]) -> usize {
    (name_key(name) >> 24) as usize % NAME_SLOTS
}

/// [`same_name`] for compile time.
const fn same_name_const(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if !a[i].eq_ignore_ascii_case(&b[i]) {
            return false;
        }
        i += 1;
    }
    true
}

impl Vocabulary {
    /// The most tags a vocabulary may know.
    pub const MOST: usize = 127;

    /// Knows no tag: every tag keeps its spelling and order and may carry a
    /// section.
    pub const OPEN: Vocabulary = Vocabulary::new(&[], &[]);

    /// A vocabulary of `tags` (at most [`Vocabulary::MOST`]; a name given
    /// twice is known at its first place), of which `sections` carry
    /// sections.
    pub const fn new(
        tags: &'static [&'static str],
        sections: &'static [&'static str],
    ) -> Vocabulary {
        assert!(
            tags.len() <= Vocabulary::MOST,
            "too many tags for a vocabulary"
        );
        let mut table = [0u8; NAME_SLOTS];
        let mut section_places = 0u128;
        let mut place = 0;
        while place < tags.len() {
            let name = tags[place].as_bytes();
            let mut slot = name_hash(name);
            let mut known = false;
            while table[slot] != 0 {
                if same_name_const(tags[table[slot] as usize - 1].as_bytes(), name) {
                    known = true;
                    break;
                }
                slot = (slot + 1) % NAME_SLOTS;
            }
            if !known {
                table[slot] = place as u8 + 1;
            }
            let mut k = 0;
            while k < sections.len() {
                if same_name_const(sections[k].as_bytes(), name) {
                    section_places |= 1 << place;
                }
                k += 1;
            }
            place += 1;
        }
        Vocabulary {
            tags,
            sections,
            table,
            section_places,
        }
    }

    /// The canonical spelling of a known tag name (case-insensitive).
    pub fn canonical(&self, name: &str) -> Option<&'static str> {
        self.position(name).map(|k| self.tags[k])
    }

    /// The place of a known tag name (case-insensitive) in
    /// [`Vocabulary::tags`].
    pub fn position(&self, name: &str) -> Option<usize> {
        let mut slot = name_hash(name.as_bytes());
        loop {
            let place = usize::from(self.table[slot]).checked_sub(1)?;
            if same_name(self.tags[place], name) {
                return Some(place);
            }
            slot = (slot + 1) % NAME_SLOTS;
        }
    }

    /// Whether the tag at a place in [`Vocabulary::tags`] carries a section
    /// (`None`: a tag the vocabulary does not know, which may).
    pub fn takes_section(&self, place: Option<usize>) -> bool {
        place.is_none_or(|k| k < 128 && self.section_places & (1 << k) != 0)
    }

    /// A tag's place in the canonical order.
    pub fn rank(&self, name: &str) -> usize {
        self.tags
            .iter()
            .position(|k| *k == name)
            .unwrap_or(self.tags.len())
    }
}

#[cfg(test)]
mod tests {
    use super::{fold, same_name, Indexed, Record, Tag, Vocabulary};
    use proptest::prelude::*;

    /// `fold` is `to_ascii_lowercase` of each byte, for every byte value in
    /// every lane, whatever its neighbours.
    #[test]
    fn a_folded_word_is_each_byte_made_small() {
        for b in 0..=255u8 {
            for lane in 0..8 {
                for fill in [0u8, b'A', b'z', 0x7f, 0x80, 0xff] {
                    let mut w = [fill; 8];
                    w[lane] = b;
                    let want = w.map(|c| c.to_ascii_lowercase());
                    assert_eq!(fold(u64::from_le_bytes(w)), u64::from_le_bytes(want));
                }
            }
        }
    }

    /// Names from an alphabet that makes near misses likely: case
    /// variants, bytes one case bit apart (`@` and `` ` ``, `[` and `{`),
    /// digits and control characters 0x20 apart, and a letter not ASCII.
    fn name() -> impl Strategy<Value = String> {
        proptest::collection::vec(
            prop::sample::select(vec![
                'a', 'A', 'b', 'B', '@', '`', '[', '{', '1', '\u{11}', '_', '\u{7f}', 'é', 'É',
            ]),
            0..20,
        )
        .prop_map(|cs| cs.into_iter().collect())
    }

    fn record(names: &[String]) -> Record {
        Record {
            tags: names
                .iter()
                .map(|n| Tag {
                    name: n.clone().into(),
                    value: Default::default(),
                    comments: Vec::new(),
                    section: Vec::new(),
                    span: Default::default(),
                    value_span: Default::default(),
                })
                .collect(),
            ..Record::default()
        }
    }

    proptest! {
        #[test]
        fn names_are_the_same_as_ascii_case_insensitive_bytes(a in name(), b in name()) {
            prop_assert_eq!(same_name(&a, &b), a.eq_ignore_ascii_case(&b));
            let upper = a.to_ascii_uppercase();
            prop_assert!(same_name(&a, &upper));
        }

        /// The index finds the very tag `Record::tag` finds (the first of
        /// its name), or none, for records small and past the index's
        /// size, names given twice and names that share a slot.
        #[test]
        fn an_indexed_record_finds_what_the_record_finds(
            names in proptest::collection::vec(name(), 0..40),
            asked in proptest::collection::vec(name(), 0..10),
        ) {
            let rec = record(&names);
            let index = Indexed::new(&rec);
            let upper: Vec<String> = names.iter().map(|n| n.to_ascii_uppercase()).collect();
            for q in names.iter().chain(&upper).chain(&asked) {
                let (got, want) = (index.tag(q), rec.tag(q));
                prop_assert!(got.map(|t| t as *const Tag) == want.map(|t| t as *const Tag), "{q:?}");
            }
        }
    }

    /// 127 names (the most), many alike: every one is found at its place in
    /// any case, its first place when given twice; other names are not.
    #[test]
    fn a_vocabulary_finds_every_name_it_knows() {
        let names: Vec<&'static str> = (0..Vocabulary::MOST)
            .map(|k| &*Box::leak(format!("Tag{k}").into_boxed_str()))
            .collect();
        let names: &'static [&'static str] = Box::leak(names.into_boxed_slice());
        let v = Vocabulary::new(names, &["Tag5", "tag7"]);
        for (k, name) in names.iter().enumerate() {
            assert_eq!(v.position(name), Some(k));
            assert_eq!(v.position(&name.to_ascii_uppercase()), Some(k));
            assert_eq!(v.canonical(&name.to_ascii_lowercase()), Some(*name));
            assert_eq!(v.takes_section(Some(k)), k == 5 || k == 7);
        }
        for other in ["Tag127", "Tag", "", "Tag 1", "Tag01"] {
            assert_eq!(v.position(other), None);
        }
        assert!(v.takes_section(None));
        let twice = Vocabulary::new(&["Game", "Play", "GAME"], &[]);
        assert_eq!(twice.position("game"), Some(0));
        assert_eq!(Vocabulary::OPEN.position("Game"), None);
    }
}
