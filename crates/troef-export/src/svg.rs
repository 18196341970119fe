//! Cards drawn in SVG, once for the viewer page and the static diagram:
//! one `<symbol>` per card (`#c-SA`), drawn with paths and the system's
//! sans-serif digits only, so a page needs no font and no image file; and
//! [`diagram`], a position of a record as one SVG picture (`troef show
//! --format svg`).

use crate::view::{RecordView, Step};
use std::fmt::Write as _;
use troef_cards::{Card, Suit};

/// The four suit shapes, each in a 100 × 100 box.
const SUIT_SHAPES: [(char, &str); 4] = [
    (
        'S',
        r#"<path d="M50 4C30 30 6 44 10 66c3 16 24 20 36 8-2 10-6 16-14 22h36c-8-6-12-12-14-22 12 12 33 8 36-8C94 44 70 30 50 4z"/>"#,
    ),
    (
        'H',
        r#"<path d="M50 92C18 66 4 50 6 30 8 12 30 4 42 16c4 4 6 8 8 12 2-4 4-8 8-12 12-12 34-4 36 14 2 20-12 36-44 62z"/>"#,
    ),
    ('D', r#"<path d="M50 2 88 50 50 98 12 50z"/>"#),
    (
        'C',
        r#"<circle cx="50" cy="27" r="20"/><circle cx="26" cy="58" r="20"/><circle cx="74" cy="58" r="20"/><path d="M45 50h10l6 46H39z"/>"#,
    ),
];

/// Card width and height in the symbols' own units.
const W: u32 = 60;
const H: u32 = 84;

fn colour(s: Suit) -> &'static str {
    match s {
        Suit::Hearts | Suit::Diamonds => "#c8102e",
        _ => "#1b1b1b",
    }
}

fn rank_text(c: Card) -> String {
    match c.rank().letter() {
        'T' => "10".to_string(),
        l => l.to_string(),
    }
}

/// The `<symbol>`s of the suits and of every card of a 52-card pack.
pub fn card_symbols() -> String {
    let mut s = String::new();
    for (letter, shape) in SUIT_SHAPES {
        let _ = write!(
            s,
            r#"<symbol id="s-{letter}" viewBox="0 0 100 100">{shape}</symbol>"#
        );
    }
    for suit in Suit::ALL {
        for letter in "23456789TJQKA".chars() {
            let Some(c) = Card::parse(&format!("{}{letter}", suit.letter())) else {
                continue;
            };
            s.push_str(&card_symbol(c));
        }
    }
    s
}

/// One card's symbol: the rank and suit in the corner (what a fanned hand
/// shows), a large suit or court letter in the middle.
fn card_symbol(c: Card) -> String {
    let suit = c.suit().letter();
    let fill = colour(c.suit());
    let rank = rank_text(c);
    let middle = if matches!(c.rank().letter(), 'J' | 'Q' | 'K') {
        format!(
            r##"<rect x="20" y="22" width="34" height="46" rx="3" fill="none" stroke="{fill}" stroke-width="1.5"/><text x="37" y="55" font-size="24" font-weight="bold" text-anchor="middle" fill="{fill}" font-family="DejaVu Sans, Arial, sans-serif">{rank}</text>"##
        )
    } else {
        format!(r##"<use href="#s-{suit}" x="20" y="30" width="32" height="32" fill="{fill}"/>"##)
    };
    format!(
        r##"<symbol id="c-{c}" viewBox="0 0 {W} {H}"><rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" stroke="#555" stroke-width="1.2"/><text x="4" y="17" font-size="15" font-weight="bold" fill="{fill}" font-family="DejaVu Sans, Arial, sans-serif" textLength="{len}" lengthAdjust="spacingAndGlyphs">{rank}</text><use href="#s-{suit}" x="4" y="20" width="13" height="13" fill="{fill}"/>{middle}</symbol>"##,
        len = if rank.len() > 1 { 17 } else { 10 },
    )
}

/// Escapes text for SVG and HTML: names and comments of a record are
/// untrusted, and are only ever text.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// Cuts a text to `n` characters, with `…` where it was cut.
fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(n - 1).collect();
        t.push('…');
        t
    }
}

/// Where the play stands after `n` tricks (a turn game: `n` turns): the
/// step to draw, or `None` for the start of the play.
pub fn step_after(v: &RecordView, n: usize) -> Option<&Step> {
    if n == 0 {
        return None;
    }
    let trick_game = v.steps.iter().any(|s| s.card.is_some());
    let mut done = 0;
    let mut last = None;
    for s in v.steps.iter().filter(|s| s.played) {
        last = Some(s);
        if !trick_game || s.won.is_some() {
            done += 1;
            if done == n {
                break;
            }
        }
    }
    last
}

const CARD_W: u32 = 50;
const CARD_H: u32 = 70;
const FAN: u32 = 22;

fn hand(s: &mut String, cards: &[Card], x: u32, y: u32) {
    for (i, c) in cards.iter().enumerate() {
        let _ = write!(
            s,
            r##"<use href="#c-{c}" x="{}" y="{y}" width="{CARD_W}" height="{CARD_H}"/>"##,
            x + i as u32 * FAN
        );
    }
}

fn fan_width(n: usize) -> u32 {
    if n == 0 {
        0
    } else {
        CARD_W + (n as u32 - 1) * FAN
    }
}

fn text(s: &mut String, (x, y): (u32, u32), anchor: &str, class: &str, body: &str) {
    let _ = write!(
        s,
        r#"<text x="{x}" y="{y}" text-anchor="{anchor}" class="{class}">{}</text>"#,
        escape(body)
    );
}

/// A record's position after `trick` tricks (or turns) as one SVG picture:
/// the hands around the table, the cards in the centre, the title, the
/// contract and where the play stands.
pub fn diagram(v: &RecordView, trick: usize) -> String {
    let step = step_after(v, trick);
    let hands = step.map_or(&v.start, |s| &s.hands);
    let table: &[(String, Card)] = step.map_or(&[], |s| &s.table);
    let compass = v.players.len() == 4
        && v.players
            .iter()
            .zip(["N", "E", "S", "W"])
            .all(|(p, s)| p.seat == s);
    let (width, height) = if compass {
        (720, 560)
    } else {
        (720, 110 + 96 * v.players.len() as u32)
    };
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img"><title>{}</title><style>.h,.l,.m{{font-family:"DejaVu Sans",Arial,sans-serif;fill:#fff}}.h{{font-size:17px;font-weight:bold}}.l{{font-size:14px}}.m{{font-size:13px;fill:#e8f5e9}}</style><defs>{}</defs><rect width="{width}" height="{height}" rx="14" fill="#1d5c3a"/>"##,
        escape(&v.title),
        card_symbols()
    );
    text(&mut s, (16, 26), "start", "h", &cut(&v.title, 60));
    let mut sub = vec![v.game.clone().unwrap_or_default()];
    if let Some(c) = &v.contract {
        sub.push(c.clone());
    }
    text(&mut s, (16, 46), "start", "m", &cut(&sub.join(" · "), 90));
    let at = match step {
        None => "as the play starts".to_string(),
        Some(_) if compass => format!("after trick {trick}"),
        Some(_) => format!("after turn {trick}"),
    };
    text(&mut s, (width - 16, 26), "end", "m", &at);
    let label = |i: usize| {
        let p = &v.players[i];
        let mut l = p
            .name
            .as_ref()
            .map_or(p.seat.clone(), |n| format!("{} {}", p.seat, cut(n, 24)));
        if v.dealer.as_deref() == Some(&p.seat) {
            l.push_str(" (dealer)");
        }
        l
    };
    let empty = Vec::new();
    let cards_of = |i: usize| hands.get(i).unwrap_or(&empty);
    if compass {
        // N, E, S, W: top, right, bottom, left.
        let spots: [(u32, u32); 4] = [(360, 70), (590, 250), (360, 470), (130, 250)];
        for (i, &(cx, y)) in spots.iter().enumerate() {
            let cards = cards_of(i);
            let w = fan_width(cards.len());
            let x = cx.saturating_sub(w / 2);
            text(&mut s, (cx, y - 8), "middle", "l", &label(i));
            hand(&mut s, cards, x, y);
        }
        let place = |seat: &str| match seat {
            "N" => (335, 170),
            "E" => (395, 235),
            "S" => (335, 300),
            _ => (275, 235),
        };
        let winner = step.and_then(|s| s.won.as_ref()).map(|w| w.winner.as_str());
        for (seat, c) in table {
            let (x, y) = place(seat);
            if winner == Some(seat) {
                let _ = write!(
                    s,
                    r##"<rect x="{}" y="{}" width="{}" height="{}" rx="6" fill="none" stroke="#ffd54a" stroke-width="3"/>"##,
                    x - 2,
                    y - 2,
                    CARD_W + 4,
                    CARD_H + 4
                );
            }
            let _ = write!(
                s,
                r##"<use href="#c-{c}" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}"/>"##
            );
        }
        if let Some(w) = step.and_then(|s| s.won.as_ref()) {
            text(
                &mut s,
                (360, 395),
                "middle",
                "m",
                &format!("trick to {}, {} points", w.winner, w.points),
            );
        }
    } else {
        for i in 0..v.players.len() {
            let y = 80 + 96 * i as u32;
            text(&mut s, (16, y + 40), "start", "l", &label(i));
            hand(&mut s, cards_of(i), 190, y);
        }
        if !table.is_empty() {
            let y = 80 + 96 * v.players.len() as u32;
            text(&mut s, (16, y + 12), "start", "m", "discarded");
            let cards: Vec<Card> = table.iter().map(|(_, c)| *c).collect();
            hand(&mut s, &cards, 190, y - 10);
        }
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_of_a_record_is_never_markup() {
        assert_eq!(
            escape(r#"</title><script>alert('x')</script> & "q""#),
            "&lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"
        );
        assert_eq!(escape("a\u{0}b"), "a\u{fffd}b");
    }

    #[test]
    fn every_card_of_the_pack_has_a_symbol() {
        let s = card_symbols();
        assert_eq!(s.matches("<symbol id=\"c-").count(), 52);
        assert_eq!(s.matches("<symbol id=\"s-").count(), 4);
        assert!(s.contains(r#"id="c-HT""#) && s.contains(">10</text>"));
    }
}
