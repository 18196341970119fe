//! Readable reports: the `troef show` diagram (hands, auction, tricks, score, diagnostics).

use std::fmt::Write as _;
use troef_cards::{Card, CardSet, Seat, Suit};
use troef_rules::check::Checked;
use troef_rules::GameReplay;
use troef_ttn::diag::{locate, render};

fn hand_line(cards: &Option<Vec<Card>>) -> String {
    match cards {
        None => "(unknown)".into(),
        Some(v) => {
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
    }
}

pub fn show(file: &str, c: &Checked) -> String {
    let mut s = String::new();
    let rec = c.record.as_ref();
    let title = rec.and_then(|r| r.value("Event")).unwrap_or("");
    let _ = writeln!(
        s,
        "== {file} record {} (line {}) {title}",
        c.raw.index, c.raw.line
    );
    if let Some(r) = &c.replay {
        diagram(&mut s, r, rec.and_then(|r| r.value("Result")));
    }
    for d in &c.diagnostics {
        let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
        s.push_str(&render(d, file, c.raw.index, &loc));
    }
    s.push('\n');
    s
}

fn diagram(s: &mut String, r: &GameReplay, claimed: Option<&str>) {
    let d = &r.deal;
    let _ = writeln!(
        s,
        "{} ({} rules); dealer {}, {} {}",
        r.game,
        r.rules,
        d.dealer.map_or("?", |d| d.name()),
        r.game.first_player(),
        d.eldest.map_or("?", |d| d.name())
    );
    let h = |seat: Seat| hand_line(&d.hands[seat.index()]);
    let _ = writeln!(s, "{:>22}North {}", "", h(Seat::North));
    let west = format!("West {}", h(Seat::West));
    let _ = writeln!(s, "{west:<40}East {}", h(Seat::East));
    let _ = writeln!(s, "{:>22}South {}", "", h(Seat::South));
    r.show_outcome(s, claimed);
}
