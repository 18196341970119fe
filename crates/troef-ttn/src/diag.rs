//! Diagnostics: a stable code, a severity, a message, a byte span, and notes.
//! Line and column (in characters) are computed only when a diagnostic is
//! shown, from the record's text.

use crate::ast::Span;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Error,
    Warning,
}

macro_rules! codes {
    ($($name:ident = $code:literal, $title:literal;)*) => {
        /// Every diagnostic code. Codes are stable: a code is never reused
        /// for another meaning (spec/notation.md, "Diagnostic codes").
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Code { $($name),* }
        impl Code {
            pub const ALL: &'static [Code] = &[$(Code::$name),*];
            pub fn as_str(self) -> &'static str { match self { $(Code::$name => $code),* } }
            pub fn title(self) -> &'static str { match self { $(Code::$name => $title),* } }
        }
    };
}

codes! {
    InvalidUtf8 = "E100", "the record is not valid UTF-8";
    UnterminatedTag = "E101", "tag pair not closed with `]`";
    MalformedTag = "E102", "malformed tag pair";
    UnterminatedString = "E103", "tag value not closed with `\"`";
    UnterminatedComment = "E104", "comment not closed with `}`";
    UnexpectedChar = "E105", "unexpected character";
    BadGlyph = "E106", "malformed annotation glyph";
    BadVariation = "E107", "unbalanced or misplaced variation";
    RecordTooLarge = "E108", "record too large";
    BadDirective = "E109", "unsupported TTN version or directive";
    DuplicateTag = "E110", "tag given twice";
    TokenOutsideSection = "E111", "tokens after a tag that takes no section";
    TooDeep = "E112", "variations nested too deeply";
    BadToken = "E113", "not a card or a word";
    NoRecord = "E114", "the input holds no record";
    MissingTag = "E201", "required tag missing";
    UnknownGame = "E202", "unknown game";
    UnknownRules = "E203", "unknown rule profile for this game";
    BadTagValue = "E204", "invalid tag value";
    BadHand = "E205", "a hand has the wrong number of cards, or a card not in the deck";
    DealtTwice = "E206", "card dealt twice";
    DealNoMismatch = "E208", "deal number does not match the hands";
    NotInHand = "E209", "card played that the player does not hold";
    PlayedTwice = "E210", "card played twice";
    UnknownWord = "E211", "word not known in this section for this game";
    BadProfile = "E212", "rule profile file unreadable, invalid, or of another game";
    IllegalCall = "E301", "illegal call";
    AuctionIncomplete = "E302", "auction incomplete";
    CallAfterEnd = "E303", "call after the auction ended";
    ContractMismatch = "E304", "contract does not follow from the auction";
    TurnedCard = "E305", "trump-indicator card missing or invalid";
    BadDeclare = "E306", "declarer's action missing, out of order or invalid";
    BadPartnerCall = "E307", "partner card called that the rules do not allow";
    BadDoubling = "E308", "doubling (Kontra, Re, on the first cards) not allowed here";
    BadExchange = "E309", "card exchange invalid";
    IllegalPlay = "E401", "illegal play";
    WrongLeader = "E402", "wrong leader";
    PlayIncomplete = "E403", "play incomplete";
    RevokeOnLegal = "E404", "revoke marked on a legal card";
    PlayAfterEnd = "E405", "card after the end of play";
    DrawNotAllowed = "E406", "draw not allowed: source, card or stock order";
    ShowNotAllowed = "E407", "show not allowed: hand value or moment";
    RoemNotInTrick = "E501", "roem claimed that the trick does not hold";
    RoemWrongValue = "E502", "roem claimed with the wrong value";
    StukInvalid = "E503", "stuk claimed without king and queen of trumps";
    ClaimMisplaced = "E504", "claim in the wrong place";
    RoemMisstated = "E505", "roem announced, answered or shown that the hand does not hold";
    BadDenial = "E506", "roem asked or denied by a player who may not, or not with a better instance";
    WeisInvalid = "E507", "Weis the profile does not count, or sharing a card with another Weis";
    WeisWinnerWrong = "E508", "claimed Weis winner is not the strongest Weis";
    PartnerRoemLate = "E509", "the partner's roem announced after the partnership became public";
    ResultMismatch = "E601", "claimed result differs from the replay";
    TotalMismatch = "E602", "claimed running total differs from the replay";
    BadScore = "E603", "malformed score";
    DealerOutOfTurn = "E604", "dealer out of turn within a match";
    WinnerMismatch = "E605", "claimed match winner differs from the replay";
    DealAfterMatchEnd = "E606", "deal after the match was decided";
    TrickMismatch = "E607", "claimed trick winner or points differ from the replay";
    PointsMismatch = "E608", "claimed card points differ from the replay";
    ValueMismatch = "E609", "claimed game value differs from the replay";
    DoubleDummyMismatch = "E610", "claimed double-dummy value or best cards differ from the solver";
    PlayersMismatch = "E611", "the round's players are not the match's players still in";
    HandsMismatch = "E612", "claimed hands differ from the replay";
    RommelpotDealMismatch = "E613", "the deal after a rommelpot is not the hands the rommelpot left";
    PartialDeal = "W201", "deal incomplete: legality checked only where the hands are known";
    ForeignTag = "W202", "tag of another game, not read in this game's records";
}

/// One finding about one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub severity: Severity,
    pub message: String,
    pub span: Span,
    /// Extra lines: the rule broken, the legal alternatives, both values.
    pub notes: Vec<String>,
    /// The id of the rule or rule variant the action breaks (`KJ-V3`,
    /// `PD-V14`, a profile field such as `house.re_deadline`), when one
    /// names it: data for `troef diff` and the JSON report, never parsed
    /// back out of the message.
    pub rule: Option<&'static str>,
}

impl Diagnostic {
    /// The rule (or rule variant) the action breaks.
    pub fn with_rule(mut self, id: &'static str) -> Diagnostic {
        self.rule = Some(id);
        self
    }

    /// The rule (or rule variant) the action breaks, on a diagnostic
    /// already reported.
    pub fn set_rule(&mut self, id: &'static str) -> &mut Diagnostic {
        self.rule = Some(id);
        self
    }

    pub fn error(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Error,
            message: message.into(),
            span,
            notes: Vec::new(),
            rule: None,
        }
    }
    pub fn warning(code: Code, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            code,
            severity: Severity::Warning,
            message: message.into(),
            span,
            notes: Vec::new(),
            rule: None,
        }
    }
    pub fn note(mut self, n: impl Into<String>) -> Diagnostic {
        self.notes.push(n.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl Code {
    /// A claim that differs from the replay: it reports, and changes nothing
    /// the replay computed (so the other claims are still worth checking).
    pub fn is_claim_mismatch(self) -> bool {
        matches!(
            self,
            Code::ResultMismatch
                | Code::TotalMismatch
                | Code::WinnerMismatch
                | Code::TrickMismatch
                | Code::PointsMismatch
                | Code::ValueMismatch
                | Code::DoubleDummyMismatch
                | Code::HandsMismatch
        )
    }
}

/// How many diagnostics of one code a record shows before the rest are
/// collapsed into one ([`collapse`]).
pub const SHOWN_PER_CODE: usize = 10;

/// Keeps the first `keep` diagnostics of each code, in order, and replaces
/// the others of that code with one diagnostic at the first left out that
/// says how many there were: the report of a record stays proportional to
/// its kinds of fault, not to its length (10 KB of `)` is 11 lines, not
/// 10,000). Linear in the number of diagnostics.
pub fn collapse(diags: &mut Vec<Diagnostic>, keep: usize) {
    let mut seen: std::collections::HashMap<Code, usize> = std::collections::HashMap::new();
    let mut more: Vec<(usize, Diagnostic)> = Vec::new();
    let mut out = Vec::with_capacity(diags.len().min(keep * 8));
    for d in diags.drain(..) {
        let n = seen.entry(d.code).or_insert(0);
        *n += 1;
        if *n <= keep {
            out.push(d);
        } else if *n == keep + 1 {
            more.push((out.len(), d));
        }
    }
    // Inserted from the last, so that earlier places stay right.
    for (at, first) in more.into_iter().rev() {
        let extra = seen[&first.code] - keep;
        let mut d = Diagnostic {
            message: format!(
                "and {extra} more {} in this record like the {keep} above: {}",
                first.code.as_str(),
                first.code.title()
            ),
            notes: Vec::new(),
            ..first
        };
        d.notes
            .push(format!("the first of them is here: {}", first.message));
        out.insert(at, d);
    }
    *diags = out;
}

/// At most this many characters of a line are shown in a snippet; a longer
/// line is cut to a window around the column.
pub const SNIPPET_CHARS: usize = 160;

/// Where a byte offset is, for display.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Location {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The text of that line (without the line break).
    #[serde(skip)]
    pub line_text: String,
    /// How many characters the caret run covers on that line (at least 1).
    #[serde(skip)]
    pub width: usize,
    /// Where the caret starts in `line_text` (1-based, in characters):
    /// the column, unless a long line was cut to a window around it.
    #[serde(skip)]
    pub caret: usize,
}

/// Locates `span` within `text`, a record's text starting at byte
/// `base_offset` of its file and at line `base_line` (1-based).
pub fn locate(text: &str, base_offset: usize, base_line: usize, span: Span) -> Location {
    let rel = span.start.saturating_sub(base_offset).min(text.len());
    let rel = floor_char_boundary(text, rel);
    let line_start = text[..rel].rfind('\n').map_or(0, |i| i + 1);
    let line_no = base_line + text[..rel].matches('\n').count();
    let line_end = text[rel..].find('\n').map_or(text.len(), |i| rel + i);
    let line_text = text[line_start..line_end]
        .trim_end_matches('\r')
        .to_string();
    let column = text[line_start..rel].chars().count() + 1;
    let end = floor_char_boundary(
        text,
        span.end.saturating_sub(base_offset).clamp(rel, line_end),
    );
    let width = text[rel..end].chars().count().max(1);
    let (line_text, caret, width) = window(line_text, column, width);
    Location {
        line: line_no,
        column,
        line_text,
        width,
        caret,
    }
}

/// A line cut to [`SNIPPET_CHARS`] around `column` when it is longer, with
/// `…` where it was cut; the caret's place and width in what is kept.
fn window(line: String, column: usize, width: usize) -> (String, usize, usize) {
    let len = line.chars().count();
    if len <= SNIPPET_CHARS {
        return (line, column, width);
    }
    let from = column
        .saturating_sub(1 + SNIPPET_CHARS / 3)
        .min(len - SNIPPET_CHARS);
    let to = from + SNIPPET_CHARS;
    let mut cut: String = line.chars().skip(from).take(SNIPPET_CHARS).collect();
    let mut caret = column - from;
    if from > 0 {
        cut.insert(0, '…');
        caret += 1;
    }
    if to < len {
        cut.push('…');
    }
    let width = width.min(to + 1 - column).max(1);
    (cut, caret, width)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Renders a diagnostic as text:
///
/// ```text
/// error[E401]: illegal play: ...
///   --> file.ttn:12:7 (record 3)
///    |
/// 12 | SK SA HA CT
///    |       ^^
///    = legal: HQ H8
/// ```
pub fn render(d: &Diagnostic, file: &str, record: usize, loc: &Location) -> String {
    let sev = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let num = loc.line.to_string();
    let pad = " ".repeat(num.len());
    let caret_pad: String = loc
        .line_text
        .chars()
        .take(loc.caret - 1)
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    // Record 0: a diagnostic of the whole input (E114).
    let record = if record == 0 {
        String::new()
    } else {
        format!(" (record {record})")
    };
    let mut out = format!(
        "{sev}[{}]: {}\n{pad}--> {file}:{}:{}{record}\n{pad} |\n{num} | {}\n{pad} | {caret_pad}{}\n",
        d.code.as_str(),
        d.message,
        loc.line,
        loc.column,
        loc.line_text,
        "^".repeat(loc.width)
    );
    for n in &d.notes {
        out.push_str(&format!("{pad} = {n}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            assert!(seen.insert(c.as_str()), "{} twice", c.as_str());
        }
    }

    #[test]
    fn locate_counts_characters() {
        let text = "[A \"b\"]\n♥A ♥K x\n";
        let off = text.find('x').unwrap();
        let loc = locate(text, 100, 5, Span::new(100 + off, 101 + off));
        assert_eq!((loc.line, loc.column, loc.width), (6, 7, 1));
        assert_eq!(loc.line_text, "♥A ♥K x");
    }
}
