//! The record parser: nom combinators for each element, driven by a loop
//! that attaches comments, glyphs, NAGs and variations to their owner and
//! recovers after an error, so that one record reports all its syntax errors.

use crate::ast::*;
use crate::diag::{Code, Diagnostic};
use nom::bytes::complete::{take_till, take_while, take_while1};
use nom::character::complete::{char, digit1, space0};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};
use troef_cards::{Card, Suit};

/// Room made for a record's tags, and for the tokens of a known section
/// tag, when they start: a played deal has about 16 tags and 33 to 40 calls
/// and cards in a section, which then grow without copying.
const TAGS_AHEAD: usize = 16;
const TOKENS_AHEAD: usize = 40;

/// How deeply variations may nest.
pub const MAX_VARIATION_DEPTH: usize = 32;

/// The result of parsing one record's text.
#[derive(Debug)]
pub struct Parsed {
    /// `None` when the text held nothing but blank space and directives.
    pub record: Option<Record>,
    pub diagnostics: Vec<Diagnostic>,
}

type NomErr<'a> = nom::Err<nom::error::Error<&'a str>>;

fn is_token_char(c: char) -> bool {
    if c.is_ascii() {
        is_token_byte(c as u8)
    } else {
        !c.is_whitespace()
    }
}

/// [`is_token_char`] of an ASCII character: not white space (as
/// `char::is_whitespace` says of ASCII) and not a delimiter.
const fn is_token_byte(b: u8) -> bool {
    !matches!(
        b,
        b'\t'..=b'\r' | b' ' | b'[' | b']' | b'{' | b'}' | b'(' | b')' | b';' | b'$' | b'"'
    )
}

fn tag_name(i: &str) -> IResult<&str, &str> {
    take_while1(|c: char| c.is_ascii_alphanumeric() || c == '_').parse(i)
}

/// The body of a quoted value after the opening quote, with `\"` and `\\`
/// escapes, up to and including the closing quote. Single line.
fn quoted_rest(i: &str) -> Result<(&str, CompactString), ()> {
    // Most values have no escape: one copy (inline when short), no growing.
    if let Some(k) = i.bytes().position(|b| matches!(b, b'"' | b'\\' | b'\n')) {
        if i.as_bytes()[k] == b'"' {
            return Ok((&i[k + 1..], CompactString::from(&i[..k])));
        }
    }
    let mut out = CompactString::default();
    let mut chars = i.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Ok((&i[k + 1..], out)),
            '\n' => return Err(()),
            '\\' => match chars.next() {
                Some((_, e @ ('"' | '\\'))) => out.push(e),
                Some((_, '\n')) | None => return Err(()),
                Some((_, e)) => {
                    out.push('\\');
                    out.push(e);
                }
            },
            c => out.push(c),
        }
    }
    Err(())
}

fn brace_comment(i: &str) -> IResult<&str, &str> {
    delimited(char('{'), take_while(|c| c != '}'), char('}')).parse(i)
}

fn line_comment(i: &str) -> IResult<&str, &str> {
    preceded(char(';'), take_till(|c| c == '\n')).parse(i)
}

fn nag(i: &str) -> IResult<&str, &str> {
    preceded(char('$'), digit1).parse(i)
}

/// A bare token: the longest run of token characters (at least one).
/// Bytes are tested while they are ASCII, characters from the first one
/// that is not.
fn bare(i: &str) -> Option<(&str, &str)> {
    /// Whether each byte is ASCII and a token character: one lookup a byte.
    const TOKEN_BYTES: [bool; 256] = {
        let mut t = [false; 256];
        let mut b = 0;
        while b < 128 {
            t[b] = is_token_byte(b as u8);
            b += 1;
        }
        t
    };
    let end = match i.bytes().position(|b| !TOKEN_BYTES[usize::from(b)]) {
        Some(k) if !i.as_bytes()[k].is_ascii() => i[k..]
            .char_indices()
            .find(|&(_, c)| !is_token_char(c))
            .map_or(i.len(), |(j, _)| k + j),
        Some(k) => k,
        None => i.len(),
    };
    (end > 0).then(|| (&i[end..], &i[..end]))
}

/// `i` without its leading white space (Unicode's, as `char::is_whitespace`
/// says), ASCII bytes tested first.
fn skip_space(i: &str) -> &str {
    match i.bytes().position(|b| !matches!(b, b'\t'..=b'\r' | b' ')) {
        Some(k) if !i.as_bytes()[k].is_ascii() => i[k..].trim_start(),
        Some(k) => &i[k..],
        None => "",
    }
}

/// Classifies a bare token (glyph already split off).
pub fn classify(text: &str) -> Option<TokenKind> {
    if let Some(c) = Card::parse(text) {
        return Some(TokenKind::Card(c));
    }
    let mut chars = text.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(s) = Suit::from_char(c) {
            return Some(TokenKind::Word(s.letter().to_string()));
        }
    }
    // Every character a word may hold is ASCII.
    let ok = text
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_alphanumeric)
        && text.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'_' | b':' | b'.' | b'=' | b'/')
        });
    ok.then(|| TokenKind::Word(canonical_word(text)))
}

/// A word's one spelling: the key in lower case, any `:`-separated
/// arguments (seats, cards, suits, roem) in upper case: `deny:W:KKKK`.
pub fn canonical_word(text: &str) -> String {
    let mut out = text.to_string();
    let key = text.find(':').unwrap_or(text.len());
    let (key, args) = out.split_at_mut(key);
    key.make_ascii_lowercase();
    args.make_ascii_uppercase();
    out
}

/// Tag names seen, compared without regard to ASCII case and without
/// allocating: a short list while a record has few tags (as records do), a
/// hash set beyond, so that a record of thousands of tags stays linear.
#[derive(Default)]
struct Names<'a> {
    few: Vec<&'a str>,
    many: std::collections::HashSet<Caseless<'a>>,
}

/// Past this many tags the names go into the hash set.
const FEW_NAMES: usize = 24;

impl<'a> Names<'a> {
    /// Adds `name`; false when it was there already.
    fn insert(&mut self, name: &'a str) -> bool {
        if self.many.is_empty() {
            if self.few.iter().any(|n| n.eq_ignore_ascii_case(name)) {
                return false;
            }
            if self.few.len() < FEW_NAMES {
                self.few.push(name);
                return true;
            }
            self.many.extend(self.few.drain(..).map(Caseless));
        }
        self.many.insert(Caseless(name))
    }
}

/// A name hashed and compared as its ASCII lowercase.
struct Caseless<'a>(&'a str);

impl PartialEq for Caseless<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.eq_ignore_ascii_case(other.0)
    }
}

impl Eq for Caseless<'_> {}

impl std::hash::Hash for Caseless<'_> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        for b in self.0.bytes() {
            h.write_u8(b.to_ascii_lowercase());
        }
        h.write_u8(0xff);
    }
}

/// Where the next comment, glyph or variation attaches.
enum Owner {
    Leading,
    Tag,
    Token,
}

struct State<'a> {
    text: &'a str,
    base: usize,
    rec: Record,
    diags: Vec<Diagnostic>,
    /// Token lists being built: [0] is the current tag's section, deeper ones
    /// are open variations.
    stack: Vec<Vec<Token>>,
    owner: Owner,
    /// Whether the current tag takes a section.
    section_ok: bool,
    /// The tags this dialect knows.
    vocabulary: &'a Vocabulary,
    /// The known tags so far, by their place in the vocabulary (the first
    /// 128 places).
    known_seen: u128,
    /// The other tag names so far: a repeated one is found in constant
    /// time, however many tags the record has.
    names: Names<'a>,
    /// Open parentheses beyond [`MAX_VARIATION_DEPTH`]: their content is
    /// skipped (and reported once), so the tree's depth stays bounded.
    overflow: usize,
}

impl<'a> State<'a> {
    fn off(&self, s: &str) -> usize {
        self.base + (s.as_ptr() as usize - self.text.as_ptr() as usize)
    }
    fn span(&self, from: &str, to: &str) -> Span {
        Span::new(self.off(from), self.off(to))
    }
    fn err(&mut self, code: Code, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(code, span, msg));
    }

    fn attach_comment(&mut self, c: Comment) {
        if matches!(self.owner, Owner::Token) {
            if let Some(t) = self.owner_token() {
                t.comments.push(c);
                return;
            }
        }
        match self.rec.tags.last_mut() {
            Some(tag) if !matches!(self.owner, Owner::Leading) => tag.comments.push(c),
            _ => self.rec.leading.push(c),
        }
    }

    /// The token that owns what follows: the last token of the innermost
    /// variation that has one (right after `(`, the token the variation
    /// belongs to).
    fn owner_token(&mut self) -> Option<&mut Token> {
        self.stack.iter_mut().rev().find_map(|l| l.last_mut())
    }

    fn last_token(&mut self) -> Option<&mut Token> {
        self.stack.last_mut().and_then(|l| l.last_mut())
    }

    /// Closes every open variation and the section into the current tag.
    fn close_section(&mut self, at: Span) {
        if self.stack.len() > 1 {
            self.err(
                Code::BadVariation,
                at,
                "variation not closed with `)` before this point",
            );
            while self.stack.len() > 1 {
                self.pop_variation();
            }
        }
        if let (Some(tokens), Some(tag)) = (self.stack.pop(), self.rec.tags.last_mut()) {
            tag.section = tokens;
        }
        self.stack.clear();
    }

    fn pop_variation(&mut self) {
        let var = self.stack.pop().unwrap_or_default();
        if let Some(t) = self.last_token() {
            t.variations.push(var);
            self.owner = Owner::Token;
        }
    }
}

/// Parses one record's text; `base` is the text's byte offset in its file.
/// Known tags (in `vocabulary`) take their canonical spelling, and only the
/// known section tags carry tokens.
pub fn parse_record(text: &str, base: usize, vocabulary: &Vocabulary) -> Parsed {
    let mut st = State {
        vocabulary,
        text,
        base,
        rec: Record::default(),
        diags: Vec::new(),
        names: Names::default(),
        stack: Vec::new(),
        owner: Owner::Leading,
        section_ok: false,
        overflow: 0,
        known_seen: 0,
    };
    let mut i = text;
    let mut any = false;
    loop {
        i = skip_space(i);
        let Some(c) = i.chars().next() else { break };
        // Only a `%` asks: most tokens are cards and calls.
        let at_line_start =
            |st: &State| st.off(i) == base || text.as_bytes()[st.off(i) - base - 1] == b'\n';
        match c {
            '%' if at_line_start(&st) => {
                let (rest, line) = take_till::<_, _, nom::error::Error<&str>>(|c| c == '\n')
                    .parse(i)
                    .unwrap_or(("", i));
                let span = st.span(i, rest);
                let body = line[1..].trim();
                if let Some(v) = body.strip_prefix("TTN") {
                    if v.trim() != crate::TTN_VERSION.to_string() {
                        st.err(
                            Code::BadDirective,
                            span,
                            format!(
                                "unsupported TTN version `{}`; this troef reads TTN 1",
                                v.trim()
                            ),
                        );
                    }
                } else {
                    any = true;
                    st.attach_comment(Comment {
                        kind: CommentKind::Escape,
                        text: body.to_string(),
                        span,
                    });
                }
                i = rest;
            }
            '[' => {
                any = true;
                let start = i;
                match parse_tag_pair(&mut st, i) {
                    Ok((rest, name, value, value_span)) => {
                        let span = st.span(start, rest);
                        st.close_section(span);
                        let place = st.vocabulary.position(name);
                        let canonical = place.map(|k| st.vocabulary.tags[k]);
                        let first = match place {
                            Some(k) if k < 128 => {
                                let seen = st.known_seen & (1 << k) != 0;
                                st.known_seen |= 1 << k;
                                !seen
                            }
                            _ => st.names.insert(canonical.unwrap_or(name)),
                        };
                        let name = canonical.map_or_else(|| name.to_string().into(), Into::into);
                        if !first {
                            st.err(
                                Code::DuplicateTag,
                                span,
                                format!("tag `{name}` is given twice in this record"),
                            );
                        }
                        st.section_ok = st.vocabulary.takes_section(place);
                        if st.rec.tags.is_empty() {
                            st.rec.tags.reserve(TAGS_AHEAD);
                        }
                        st.rec.tags.push(Tag {
                            name,
                            value,
                            comments: Vec::new(),
                            section: Vec::new(),
                            span,
                            value_span,
                        });
                        st.stack.push(if st.section_ok && canonical.is_some() {
                            Vec::with_capacity(TOKENS_AHEAD)
                        } else {
                            Vec::new()
                        });
                        st.owner = Owner::Tag;
                        i = rest;
                    }
                    Err((code, at, msg)) => {
                        let end = at.find('\n').map_or(at.len(), |k| k);
                        let span = Span::new(st.off(at), st.off(at) + end.max(1).min(at.len()));
                        st.err(code, span, msg);
                        // Recover at the next line.
                        i = &at[end..];
                    }
                }
            }
            '{' => {
                any = true;
                match brace_comment(i) {
                    Ok((rest, body)) => {
                        let span = st.span(i, rest);
                        st.attach_comment(Comment {
                            kind: CommentKind::Brace,
                            text: body.trim().to_string(),
                            span,
                        });
                        i = rest;
                    }
                    Err(_) => {
                        let span = Span::new(st.off(i), st.off(i) + 1);
                        st.err(Code::UnterminatedComment, span, "comment opened here is not closed with `}` before the end of the record");
                        i = "";
                    }
                }
            }
            ';' => {
                any = true;
                let (rest, body) = line_comment(i).unwrap_or(("", i));
                let span = st.span(i, rest);
                st.attach_comment(Comment {
                    kind: CommentKind::Line,
                    text: body.trim().to_string(),
                    span,
                });
                i = rest;
            }
            '(' => {
                let span = Span::new(st.off(i), st.off(i) + 1);
                if st.overflow > 0 || st.stack.len() > MAX_VARIATION_DEPTH {
                    if st.overflow == 0 {
                        st.err(Code::TooDeep, span, format!("variations nest deeper than {MAX_VARIATION_DEPTH}; the deeper part is skipped"));
                    }
                    st.overflow += 1;
                } else if st.stack.last().is_none_or(|l| l.is_empty()) {
                    st.err(
                        Code::BadVariation,
                        span,
                        "a variation must follow the call or card it replaces",
                    );
                    // Parse it anyway into a detached list, then drop the attachment.
                    st.stack.push(Vec::new());
                    st.stack.push(Vec::new());
                } else {
                    st.stack.push(Vec::new());
                }
                i = &i[1..];
            }
            ')' => {
                let span = Span::new(st.off(i), st.off(i) + 1);
                if st.overflow > 0 {
                    st.overflow -= 1;
                } else if st.stack.len() > 1 {
                    st.pop_variation();
                } else {
                    st.err(Code::BadVariation, span, "`)` without an open variation");
                }
                i = &i[1..];
            }
            '$' => {
                let span0 = st.off(i);
                match nag(i) {
                    Ok((rest, digits)) => {
                        let span = Span::new(span0, st.off(rest));
                        let is_token = matches!(st.owner, Owner::Token);
                        match (digits.parse::<u16>(), st.owner_token().filter(|_| is_token)) {
                            (Ok(n), Some(t)) => t.nags.push(n),
                            (Ok(_), None) => {
                                st.err(Code::BadGlyph, span, "`$n` must follow a call or a card");
                            }
                            (Err(_), _) => st.err(
                                Code::BadGlyph,
                                span,
                                "annotation number too large (at most 65535)",
                            ),
                        }
                        i = rest;
                    }
                    Err(_) => {
                        st.err(
                            Code::BadGlyph,
                            Span::new(span0, span0 + 1),
                            "`$` must be followed by a number",
                        );
                        i = &i[1..];
                    }
                }
            }
            ']' | '}' | '"' => {
                let span = Span::new(st.off(i), st.off(i) + 1);
                st.err(Code::UnexpectedChar, span, format!("unexpected `{c}`"));
                i = &i[1..];
            }
            _ => {
                any = true;
                let (rest, word) = bare(i).unwrap_or((&i[c.len_utf8()..], &i[..c.len_utf8()]));
                let span = st.span(i, rest);
                i = rest;
                let glyph_len = word
                    .bytes()
                    .rev()
                    .take_while(|b| matches!(b, b'!' | b'?'))
                    .count();
                let (body, glyph_text) = word.split_at(word.len() - glyph_len);
                let glyph = if glyph_text.is_empty() {
                    None
                } else if let Some(g) = Glyph::parse(glyph_text) {
                    Some(g)
                } else {
                    st.err(
                        Code::BadGlyph,
                        span,
                        format!("`{glyph_text}` is not a glyph (use ! ? !! ?? !? ?!)"),
                    );
                    None
                };
                let Some(kind) = classify(body) else {
                    st.err(
                        Code::BadToken,
                        span,
                        format!(
                            "`{word}` is not a card (suit then rank, like HA or ♥10) or a word"
                        ),
                    );
                    continue;
                };
                if st.rec.tags.is_empty() {
                    st.err(
                        Code::TokenOutsideSection,
                        span,
                        "calls and cards must follow a section tag such as [Auction] or [Play]",
                    );
                    continue;
                }
                if !st.section_ok {
                    let tag = st
                        .rec
                        .tags
                        .last()
                        .map(|t| t.name.clone())
                        .unwrap_or_default();
                    st.err(Code::TokenOutsideSection, span, format!("tag `{tag}` takes no section; calls go after [Auction], cards after [Play]"));
                    continue;
                }
                if st.overflow > 0 {
                    continue;
                }
                let mut tok = Token::new(kind, span);
                tok.glyph = glyph;
                st.stack.last_mut().expect("section open").push(tok);
                st.owner = Owner::Token;
            }
        }
    }
    let end = Span::new(base + text.len(), base + text.len());
    if st.overflow > 0 {
        st.err(
            Code::BadVariation,
            end,
            "variation not closed with `)` before the end of the record",
        );
    }
    st.close_section(end);
    st.rec.span = Span::new(base, base + text.len());
    crate::diag::collapse(&mut st.diags, crate::diag::SHOWN_PER_CODE);
    Parsed {
        record: any.then_some(st.rec),
        diagnostics: st.diags,
    }
}

type TagErr<'a> = (Code, &'a str, String);

fn parse_tag_pair<'a>(
    st: &mut State<'a>,
    i: &'a str,
) -> Result<(&'a str, &'a str, CompactString, Span), TagErr<'a>> {
    let ws = |i: &'a str| -> &'a str {
        space0::<_, nom::error::Error<&str>>
            .parse(i)
            .map_or(i, |(r, _)| r)
    };
    let i = &i[1..];
    let i = ws(i);
    let (i, name) = tag_name(i).map_err(|_: NomErr| {
        (
            Code::MalformedTag,
            i,
            "expected a tag name after `[`, as in [Game \"klaverjassen\"]".to_string(),
        )
    })?;
    let i = ws(i);
    let (i, _) = char::<_, nom::error::Error<&str>>('"')
        .parse(i)
        .map_err(|_| {
            (
                Code::MalformedTag,
                i,
                format!("expected `\"` to open the value of tag `{name}`"),
            )
        })?;
    let vstart = st.off(i);
    let (i, value) = quoted_rest(i).map_err(|_| {
        (
            Code::UnterminatedString,
            i,
            format!("the value of tag `{name}` is not closed with `\"` on its line"),
        )
    })?;
    let value_span = Span::new(vstart, st.off(i) - 1);
    let i = ws(i);
    let (i, _) = char::<_, nom::error::Error<&str>>(']')
        .parse(i)
        .map_err(|_| {
            (
                Code::UnterminatedTag,
                i,
                format!("tag `{name}` is not closed with `]`"),
            )
        })?;
    Ok((i, name, value, value_span))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A dialect that knows two tags, as the games' vocabulary would.
    pub(crate) const TWO_TAGS: Vocabulary = Vocabulary::new(&["Game", "Play"], &["Play"]);

    fn p(s: &str) -> Parsed {
        parse_record(s, 0, &TWO_TAGS)
    }

    /// A token runs to white space (Unicode's) or a delimiter; the ASCII
    /// table the parser reads bytes through says the same of every byte.
    #[test]
    fn token_characters_are_all_but_space_and_delimiters() {
        let delimiter = |c: char| matches!(c, '[' | ']' | '{' | '}' | '(' | ')' | ';' | '$' | '"');
        for c in (0..0x3100).filter_map(char::from_u32) {
            assert_eq!(
                is_token_char(c),
                !c.is_whitespace() && !delimiter(c),
                "{c:?}"
            );
        }
        for b in 0..=255u8 {
            let text = [b, b'x'];
            if let Ok(s) = std::str::from_utf8(&text) {
                let took = bare(s).map_or(0, |(_, w)| w.len());
                assert_eq!(
                    took,
                    if is_token_char(char::from(b)) { 2 } else { 0 },
                    "{b}"
                );
            }
        }
    }

    /// A known tag that takes no section refuses tokens; a tag the
    /// vocabulary does not know may carry them.
    #[test]
    fn sections_follow_the_vocabulary() {
        let d = p("[Game \"x\"] SA\n").diagnostics;
        assert_eq!(
            d.iter().map(|d| d.code).collect::<Vec<_>>(),
            vec![Code::TokenOutsideSection]
        );
        let r = p("[Draws \"N\"] SA\n").record.unwrap();
        assert_eq!(r.tags[0].section.len(), 1);
        let open = parse_record("[game \"x\"] SA\n", 0, &Vocabulary::OPEN);
        assert!(open.diagnostics.is_empty());
        assert_eq!(open.record.unwrap().tags[0].name, "game");
    }

    #[test]
    fn tags_sections_and_attachments() {
        let r = p("{intro}\n[game \"klaverjassen\"] ; the game\n[Play \"N\"]\nSA! $4 {nice} ST (S7 S8) sk\n").record.unwrap();
        assert_eq!(r.leading[0].text, "intro");
        assert_eq!(r.tags[0].name, "Game");
        assert_eq!(r.tags[0].comments[0].kind, CommentKind::Line);
        let play = &r.tags[1].section;
        assert_eq!(play.len(), 3);
        assert_eq!(play[0].glyph, Some(Glyph::Good));
        assert_eq!(play[0].nags, vec![4]);
        assert_eq!(play[0].comments[0].text, "nice");
        assert_eq!(play[1].variations[0].len(), 2);
        assert_eq!(play[2].card(), Card::parse("SK"));
    }

    #[test]
    fn errors_are_collected_with_spans() {
        let d = p("[Game \"x]\n[Play \"N\"]\nSA S#) {open\n").diagnostics;
        let codes: Vec<_> = d.iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            vec![
                Code::UnterminatedString,
                Code::BadToken,
                Code::BadVariation,
                Code::UnterminatedComment
            ]
        );
        assert_eq!((d[1].span.start, d[1].span.end), (24, 26));
    }
}

#[cfg(test)]
mod depth_tests {
    use super::*;

    /// A hostile nesting depth stays bounded in the tree and is reported once.
    /// Regression: a comment or `$n` right after `(` panicked (found by the
    /// mutated-corpus property test).
    #[test]
    fn comment_and_nag_right_after_open_paren() {
        for text in [
            "[Play \"N\"]\nSA ({c} SK)\n",
            "[Play \"N\"]\nSA ($4 SK)\n",
            "[Play \"N\"]\nSA (( {c} $4\n",
        ] {
            let p = parse_record(text, 0, &Vocabulary::OPEN);
            let r = p.record.unwrap();
            assert_eq!(r.tags[0].section[0].card(), Card::parse("SA"), "{text}");
        }
        let r = parse_record("[Play \"N\"]\nSA ({c} SK)\n", 0, &Vocabulary::OPEN)
            .record
            .unwrap();
        assert_eq!(r.tags[0].section[0].comments[0].text, "c");
    }

    #[test]
    fn deep_nesting_is_bounded() {
        let text = format!(
            "[Play \"N\"]\nSA {}SK{}\n",
            "(SQ ".repeat(100_000),
            ")".repeat(100_000)
        );
        let p = parse_record(&text, 0, &Vocabulary::OPEN);
        let codes: Vec<_> = p.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, vec![Code::TooDeep]);
        fn depth(t: &[Token]) -> usize {
            t.iter()
                .map(|t| 1 + t.variations.iter().map(|v| depth(v)).max().unwrap_or(0))
                .max()
                .unwrap_or(0)
        }
        assert!(depth(&p.record.unwrap().tags[0].section) <= MAX_VARIATION_DEPTH + 2);
    }
}

#[cfg(test)]
mod name_tests {
    use super::*;

    /// A repeated tag name is found in any case, among few tags (the list)
    /// and among many (the hash set), and only the repeats are reported.
    #[test]
    fn repeated_names_in_any_case_few_or_many() {
        for n in [3, FEW_NAMES - 1, FEW_NAMES, FEW_NAMES + 1, 200] {
            let mut text: String = (0..n).map(|i| format!("[Tag{i} \"v\"]\n")).collect();
            text.push_str("[tag1 \"again\"]\n[TAG2 \"again\"]\n[Tag999 \"new\"]\n");
            let p = parse_record(&text, 0, &Vocabulary::OPEN);
            let dups: Vec<&str> = p
                .diagnostics
                .iter()
                .filter(|d| d.code == Code::DuplicateTag)
                .map(|d| d.message.as_str())
                .collect();
            assert_eq!(dups.len(), 2, "{n}: {dups:?}");
        }
    }
}
