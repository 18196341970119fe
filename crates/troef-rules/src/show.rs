//! What `troef show` prints of a replay besides the hands: the auction, the
//! trick table and the score lines every game shares; each game prints its
//! own outcome (`show` in its folder).

use crate::kind::GameKind;
use crate::replay::{DealReplay, TeamPoints, TrickOut};
use std::fmt::Write as _;
use troef_cards::{Card, CardSet, Seat, Suit};

/// A hand by suits with symbols: `♠AT9 ♥J87 ♦Q ♣-`.
pub(crate) fn hand_line(cards: Option<&[Card]>) -> String {
    let Some(v) = cards else {
        return "(unknown)".into();
    };
    let set: CardSet = v.iter().copied().collect();
    Suit::ALL
        .iter()
        .map(|&s| {
            let ranks: String = set
                .of_suit(s)
                .iter()
                .rev()
                .map(|c| c.rank().letter())
                .collect();
            format!(
                "{}{}",
                s.symbol(),
                if ranks.is_empty() { "-".into() } else { ranks }
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The four-seat table of the trick games: who deals and starts, the four
/// hands around the table.
pub(crate) fn compass(s: &mut String, (game, rules): (GameKind, &str), d: &DealReplay) {
    let _ = writeln!(
        s,
        "{game} ({rules} rules); dealer {}, {} {}",
        d.dealer.map_or("?", |d| d.name()),
        game.first_player(),
        d.eldest.map_or("?", |d| d.name())
    );
    let h = |seat: Seat| hand_line(d.hands.get(seat.index()).and_then(|h| h.as_deref()));
    let _ = writeln!(s, "{:>22}North {}", "", h(Seat::North));
    let west = format!("West {}", h(Seat::West));
    let _ = writeln!(s, "{west:<40}East {}", h(Seat::East));
    let _ = writeln!(s, "{:>22}South {}", "", h(Seat::South));
}

/// The auction line, when there were calls.
pub(crate) fn auction_line(s: &mut String, d: &DealReplay) {
    if !d.auction.is_empty() {
        let a: Vec<String> = d
            .auction
            .iter()
            .map(|c| format!("{} {}", c.seat, c.call))
            .collect();
        let _ = writeln!(s, "auction: {}", a.join(", "));
    }
}

/// The trick table: leader, cards, winner, points, and (Klaverjassen) the
/// roem claimed in each trick.
pub(crate) fn trick_table(s: &mut String, tricks: &[TrickOut], with_roem: bool) {
    if tricks.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        " # lead  cards         win  pts{}",
        if with_roem { "  roem" } else { "" }
    );
    for t in tricks {
        let cards: Vec<String> = t.cards.iter().map(|c| c.to_string()).collect();
        let roem = match (
            t.roem_claimed,
            t.roem_in_trick + if t.stuk_in_trick { 20 } else { 0 },
        ) {
            _ if !with_roem => String::new(),
            (0, 0) => "  ".to_string(),
            (0, avail) => format!("  ({avail} not claimed)"),
            (cl, _) => format!("  {cl}"),
        };
        let _ = writeln!(
            s,
            "{:>2} {}     {}  {}  {:>4}{roem}",
            t.number,
            t.leader,
            cards.join(" "),
            t.winner,
            t.points
        );
    }
}

/// The side score with the claim beside it, and the match's running total.
/// The deal's score per side (and the claim), and the match total.
pub(crate) fn score_lines(
    s: &mut String,
    result: Option<TeamPoints>,
    claimed: Option<&str>,
    running: Option<TeamPoints>,
) {
    match result {
        Some(t) => {
            let _ = writeln!(
                s,
                "score: NS {} EW {}{}",
                t.ns,
                t.ew,
                claimed.map_or(String::new(), |c| format!("   (claimed: {c})"))
            );
        }
        None => {
            let _ = writeln!(s, "score: not computed");
        }
    }
    if let Some(t) = running {
        let _ = writeln!(s, "running total: NS {} EW {}", t.ns, t.ew);
    }
}
