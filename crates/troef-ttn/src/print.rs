//! The canonical printer. One form for every record:
//!
//! * the file starts with `% TTN 1`; records are separated by one blank line;
//! * comments before the first tag stand on their own lines;
//! * one tag pair per line, known tags in the [`Vocabulary`]'s order, then
//!   the others in the order written; known values in canonical form;
//! * a section's tokens follow their tag, broken into lines where the
//!   [`Layout`] says (by default in `Play` each trick starts a line: a card
//!   that begins a trick, counted on the main line); `;` comments end their
//!   line and `%` escapes stand alone on theirs.

use crate::ast::*;
use crate::diag::Diagnostic;
use crate::parse::parse_record;
use crate::reader::{RawRecord, RecordReader};

/// Printing options: what the printer needs to know of a record's game.
///
/// The notation knows no game. Whoever knows the games (`troef_rules::layout`)
/// says which tags there are and in what order, where a section's lines
/// break (a trick, a turn) and what a tag value's canonical form is;
/// [`Layout::default`] knows no tag, prints four cards of `Play` to a line
/// and every value as written.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    /// The known tags: their order.
    pub vocabulary: &'static Vocabulary,
    /// Whether a token of a section starts a new line: called with the
    /// section's tag name, the number of cards before the token on the main
    /// line, the token before it (if any) and the token.
    pub line_break: LineBreak,
    /// The canonical form of a tag's value (`tag`, `value`), or `None` to
    /// print the value as written.
    pub tag_value: fn(&str, &str) -> Option<String>,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            vocabulary: &Vocabulary::OPEN,
            line_break: four_cards_in_play,
            tag_value: as_written,
        }
    }
}

/// Decides where a section's lines break: `(section, cards before, token
/// before, token) -> starts a line`.
pub type LineBreak = fn(&str, usize, Option<&Token>, &Token) -> bool;

/// The default line breaks: in `Play`, a line for every four cards (a trick
/// of a four-player game); every other section on one line.
pub fn four_cards_in_play(section: &str, cards: usize, _prev: Option<&Token>, t: &Token) -> bool {
    section == "Play" && matches!(t.kind, TokenKind::Card(_)) && cards > 0 && cards % 4 == 0
}

/// Keeps every tag value as written.
fn as_written(_tag: &str, _value: &str) -> Option<String> {
    None
}

/// Prints a whole file: the version line and the records, each in the
/// layout `layout` gives for it.
pub fn print_file<'a>(
    records: impl IntoIterator<Item = &'a Record>,
    layout: impl Fn(&Record) -> Layout,
) -> String {
    let mut out = format!("% TTN {}\n", crate::TTN_VERSION);
    for r in records {
        out.push('\n');
        print_record(r, layout(r), &mut out);
    }
    out
}

/// A record `format_text` kept verbatim, with the reader or syntax
/// diagnostics that stopped it from being formatted.
#[derive(Debug)]
pub struct Unformatted {
    pub raw: RawRecord,
    pub diagnostics: Vec<Diagnostic>,
}

/// Formats a whole file's text (`troef fmt`): the version line, then every
/// record in canonical form. A record with reader or syntax errors is kept
/// verbatim and returned with its diagnostics; nothing is dropped without a
/// diagnostic. A record over the reader's limit (E108) is never printed: only
/// its start was read, and a cut record would change its meaning.
/// Records are read with `vocabulary`. [`format_stream`] does the same
/// record by record, for input of any size.
pub fn format_text(
    text: &str,
    vocabulary: &Vocabulary,
    layout: impl Fn(&Record) -> Layout,
) -> (String, Vec<Unformatted>) {
    let mut out = Vec::new();
    let mut unformatted = Vec::new();
    format_stream(text.as_bytes(), vocabulary, layout, &mut out, |u| {
        unformatted.push(u);
    })
    .expect("reading from and writing to memory cannot fail");
    let out = String::from_utf8(out).expect("printed from UTF-8 text");
    (out, unformatted)
}

/// Formats the records of `input` to `out` as they are read, one record in
/// memory at a time: what [`format_text`] does for a text. Each record kept
/// verbatim goes to `unformatted` as it is met.
pub fn format_stream<R: std::io::BufRead, W: std::io::Write>(
    input: R,
    vocabulary: &Vocabulary,
    layout: impl Fn(&Record) -> Layout,
    out: &mut W,
    mut unformatted: impl FnMut(Unformatted),
) -> std::io::Result<()> {
    writeln!(out, "% TTN {}", crate::TTN_VERSION)?;
    let mut count = 0;
    let mut text = String::new();
    for raw in RecordReader::new(input) {
        let mut raw = raw?;
        let parsed = raw
            .diagnostics
            .is_empty()
            .then(|| parse_record(&raw.text, raw.offset, vocabulary));
        let clean = parsed.as_ref().is_some_and(|p| p.diagnostics.is_empty());
        let record = parsed.as_ref().and_then(|p| p.record.as_ref());
        if crate::counts_as_record(record, !clean) {
            count += 1;
        }
        // Numbered as `troef check` numbers them.
        raw.index = count;
        text.clear();
        match parsed {
            Some(p) if clean => {
                if let Some(r) = p.record {
                    text.push('\n');
                    print_record(&r, layout(&r), &mut text);
                }
            }
            other => {
                if !raw.is_cut() {
                    text.push('\n');
                    text.push_str(raw.text.trim_end());
                    text.push('\n');
                }
                let diagnostics = other.map_or_else(|| raw.diagnostics.clone(), |p| p.diagnostics);
                unformatted(Unformatted { raw, diagnostics });
            }
        }
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// Why `r` cannot be printed as TTN that reads back as `r`, if it cannot:
/// the first tag, word or comment the notation has no way to write. Trees the
/// parser built always pass; a tree from elsewhere (a JSON document) is asked
/// this before it is printed, so that its text never changes meaning or splits
/// into more records when read back.
pub fn unprintable(r: &Record) -> Option<String> {
    if r.tags.is_empty() {
        return Some("it has no tag: a block without tags is no record".into());
    }
    let comments = |cs: &[Comment]| cs.iter().find_map(unwritable_comment);
    if let Some(why) = comments(&r.leading) {
        return Some(why);
    }
    for t in &r.tags {
        let name_ok = !t.name.is_empty()
            && t.name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !name_ok {
            return Some(format!(
                "tag name {:?} is not ASCII letters, digits and `_`",
                t.name
            ));
        }
        if t.value.contains(['\n', '\r']) {
            return Some(format!(
                "the value of [{}] holds a line break, which a tag value cannot",
                t.name
            ));
        }
        if let Some(why) = comments(&t.comments).or_else(|| unwritable_tokens(&t.section)) {
            return Some(why);
        }
    }
    None
}

fn unwritable_tokens(tokens: &[Token]) -> Option<String> {
    tokens.iter().find_map(|t| {
        if let TokenKind::Word(w) = &t.kind {
            if crate::parse::classify(w).is_none() {
                return Some(format!("{w:?} is not a TTN word"));
            }
        }
        t.comments
            .iter()
            .find_map(unwritable_comment)
            .or_else(|| t.variations.iter().find_map(|v| unwritable_tokens(v)))
    })
}

fn unwritable_comment(c: &Comment) -> Option<String> {
    let text = &c.text;
    let why = match c.kind {
        CommentKind::Brace if text.contains('}') => "a `{}` comment cannot hold `}`",
        CommentKind::Brace if has_blank_line(text) => {
            "a `{}` comment cannot hold a blank line (it would end the record)"
        }
        CommentKind::Line | CommentKind::Escape if text.contains(['\n', '\r']) => {
            "a `;` or `%` comment cannot hold a line break"
        }
        CommentKind::Escape if text.starts_with("TTN") => {
            "a `%` comment cannot start with `TTN` (it would be a version line)"
        }
        _ => return None,
    };
    let shown: String = text.chars().take(40).collect();
    Some(format!("{why}: {shown:?}"))
}

/// A line of white space alone between two line ends (any of `\n`, `\r\n`, `\r`).
fn has_blank_line(text: &str) -> bool {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.split('\n').collect();
    lines.len() > 2
        && lines[1..lines.len() - 1]
            .iter()
            .any(|l| l.trim().is_empty())
}

fn escape_value(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

struct Line<'a> {
    out: &'a mut String,
    /// Something stands on the current line already.
    open: bool,
}

impl Line<'_> {
    fn word(&mut self, w: &str) {
        if self.open {
            self.out.push(' ');
        }
        self.out.push_str(w);
        self.open = true;
    }
    fn end(&mut self) {
        if self.open {
            self.out.push('\n');
            self.open = false;
        }
    }
    fn comment(&mut self, c: &Comment) {
        match c.kind {
            CommentKind::Brace => self.word(&format!("{{{}}}", c.text)),
            CommentKind::Line => {
                self.word(&if c.text.is_empty() {
                    ";".to_string()
                } else {
                    format!("; {}", c.text)
                });
                self.end();
            }
            CommentKind::Escape => {
                self.end();
                self.out
                    .push_str(&format!("% {}\n", c.text).replace("% \n", "%\n"));
            }
        }
    }
    /// A run of tokens; `breaks` names the section and its line breaks
    /// (none inside a variation).
    fn tokens(&mut self, tokens: &[Token], breaks: Option<(&str, LineBreak)>) {
        let mut cards = 0;
        let mut prev = None;
        for t in tokens {
            if let Some((section, starts_line)) = breaks {
                if starts_line(section, cards, prev, t) {
                    self.end();
                }
            }
            if matches!(t.kind, TokenKind::Card(_)) {
                cards += 1;
            }
            prev = Some(t);
            self.token(t);
        }
    }
    fn token(&mut self, t: &Token) {
        let mut s = match &t.kind {
            TokenKind::Card(c) => c.to_string(),
            TokenKind::Word(w) => w.clone(),
        };
        if let Some(g) = t.glyph {
            s.push_str(g.as_str());
        }
        self.word(&s);
        for n in &t.nags {
            self.word(&format!("${n}"));
        }
        for c in &t.comments {
            self.comment(c);
        }
        for v in &t.variations {
            self.word("(");
            // No space after `(`: glue the first token on.
            self.open = false;
            self.tokens(v, None);
            self.out.push(')');
            self.open = true;
        }
    }
}

/// Prints one record in canonical form (ends with a newline).
pub fn print_record(r: &Record, layout: Layout, out: &mut String) {
    let mut line = Line { out, open: false };
    for c in &r.leading {
        line.comment(c);
        line.end();
    }
    let mut tags: Vec<&Tag> = r.tags.iter().collect();
    tags.sort_by_key(|t| layout.vocabulary.rank(&t.name));
    for t in tags {
        let canonical = (layout.tag_value)(&t.name, &t.value);
        let value = canonical.as_deref().unwrap_or(&t.value);
        line.word(&format!("[{} \"{}\"]", t.name, escape_value(value)));
        for c in &t.comments {
            line.comment(c);
        }
        if !t.section.is_empty() {
            line.end();
            line.tokens(&t.section, Some((&t.name, layout.line_break)));
        }
        line.end();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_record;

    fn fmt(s: &str) -> String {
        let vocabulary = &crate::parse::tests::TWO_TAGS;
        let r = parse_record(s, 0, vocabulary).record.unwrap();
        let mut out = String::new();
        let layout = Layout {
            vocabulary,
            ..Layout::default()
        };
        print_record(&r, layout, &mut out);
        out
    }

    /// Tag names, order, cards, words and layout are the notation's; tag
    /// values are printed as written (the games' canonical values are
    /// `troef_rules::layout`'s, tested there).
    #[test]
    fn canonical_form() {
        let s = "[play \"n\"] sa st s7 s8 roem:20 h9 ha? (hj!! {better}) h7 h8 ; done\nct\n[game \"Klaverjassen\"] {x}";
        let out = fmt(s);
        assert_eq!(
            out,
            "[Game \"Klaverjassen\"] {x}\n[Play \"n\"]\nSA ST S7 S8 roem:20\nH9 HA? (HJ!! {better}) H7 H8 ; done\nCT\n"
        );
        assert_eq!(fmt(&out), out);
    }
}
