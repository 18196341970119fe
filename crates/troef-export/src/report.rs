//! Readable reports: the `troef show` diagram (hands, auction, tricks, score, diagnostics).

use std::fmt::Write as _;
use troef_cards::{Card, CardSet, Seat, Suit};
use troef_rules::check::Checked;
use troef_rules::jass::replay::JassOut;
use troef_rules::klaverjassen::replay::KlaverjassenOut;
use troef_rules::pandoeren::replay::{Moment, PandoerenOut};
use troef_rules::replay::{DealReplay, TrickOut};
use troef_rules::schafkopf::replay::SchafkopfOut;
use troef_rules::{GameReplay, Outcome};
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
        // Pandoeren and Jass call the first to speak forehand.
        match r.outcome {
            Outcome::Pandoeren(_) | Outcome::Jass(_) => "forehand",
            Outcome::Klaverjassen(_) | Outcome::Schafkopf(_) => "eldest",
        },
        d.eldest.map_or("?", |d| d.name())
    );
    let h = |seat: Seat| hand_line(&d.hands[seat.index()]);
    let _ = writeln!(s, "{:>22}North {}", "", h(Seat::North));
    let west = format!("West {}", h(Seat::West));
    let _ = writeln!(s, "{west:<40}East {}", h(Seat::East));
    let _ = writeln!(s, "{:>22}South {}", "", h(Seat::South));
    if let Outcome::Klaverjassen(kj) = &r.outcome {
        if !kj.turned.is_empty() {
            let t: Vec<String> = kj.turned.iter().map(|c| c.to_string()).collect();
            let _ = writeln!(s, "turned: {}", t.join(" "));
        }
    }
    if !d.auction.is_empty() {
        let a: Vec<String> = d
            .auction
            .iter()
            .map(|c| format!("{} {}", c.seat, c.call))
            .collect();
        let _ = writeln!(s, "auction: {}", a.join(", "));
    }
    match &r.outcome {
        Outcome::Klaverjassen(kj) => klaverjassen(s, d, kj, claimed),
        Outcome::Pandoeren(pd) => pandoeren(s, d, pd, claimed),
        Outcome::Jass(js) => jass(s, d, js, claimed),
        Outcome::Schafkopf(sk) => schafkopf(s, d, sk, claimed),
    }
}

fn klaverjassen(s: &mut String, r: &DealReplay, kj: &KlaverjassenOut, claimed: Option<&str>) {
    if let Some(c) = &kj.contract {
        let _ = writeln!(
            s,
            "contract: trumps {} by {} ({} makers{})",
            c.trump,
            c.maker.name(),
            c.makers,
            if c.forced { ", forced" } else { "" }
        );
    }
    trick_table(s, &r.tricks, true);
    if let Some(rv) = &kj.revoke {
        let _ = writeln!(
            s,
            "revoke: {} played {} ({}); the deal ends",
            rv.seat.name(),
            rv.card,
            rv.rule
        );
    }
    if let Some(sc) = &kj.score {
        let _ = writeln!(
            s,
            "cards NS {} EW {}; roem NS {} EW {}; {:?}{}{}",
            sc.card_points.ns,
            sc.card_points.ew,
            sc.roem.ns,
            sc.roem.ew,
            sc.outcome,
            sc.pit
                .as_ref()
                .map_or(String::new(), |p| format!(", pit {p}")),
            if sc.doubled { ", doubled" } else { "" }
        );
    }
    score_lines(
        s,
        kj.score.as_ref().map(|sc| sc.result),
        claimed,
        r.running_total,
    );
}

/// The trick table: leader, cards, winner, points, and (Klaverjassen) the
/// roem claimed in each trick.
fn trick_table(s: &mut String, tricks: &[TrickOut], with_roem: bool) {
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

fn schafkopf(s: &mut String, r: &DealReplay, sk: &SchafkopfOut, claimed: Option<&str>) {
    if sk.exchanged {
        let _ = writeln!(s, "Schieber round: the cards were exchanged");
    }
    if sk.thrown_in {
        let _ = writeln!(s, "all passed: the deal is thrown in");
    }
    if let Some(c) = &sk.contract_name {
        let by = match (sk.declarer, sk.partner) {
            (Some(d), Some(p)) => format!(" by {}, partner {}", d.name(), p.name()),
            (Some(d), None) => format!(" by {}", d.name()),
            _ => String::new(),
        };
        let _ = writeln!(s, "contract: {c}{by}");
    }
    if !sk.doublings.is_empty() {
        let d: Vec<String> = sk
            .doublings
            .iter()
            .map(|d| match d.seat {
                Some(seat) => format!("{} {}", d.word, seat),
                None => d.word.clone(),
            })
            .collect();
        let _ = writeln!(s, "doublings: {}", d.join(", "));
    }
    trick_table(s, &r.tricks, false);
    if let Some(sc) = &sk.score {
        let p = sc.points.to_array();
        let _ = writeln!(
            s,
            "card points: N {} E {} S {} W {}",
            p[0], p[1], p[2], p[3]
        );
        if let (Some(d), Some(o), Some(won)) = (sc.declarer_points, sc.defender_points, sc.won) {
            let mut extras = Vec::new();
            if sc.schneider {
                extras.push("schneider".to_string());
            }
            if sc.schwarz {
                extras.push("schwarz".to_string());
            }
            extras.push(format!(
                "{} {} runners{}",
                if sc.runners_with { "with" } else { "without" },
                sc.runners,
                if sc.runners_counted {
                    ""
                } else {
                    " (not counted)"
                }
            ));
            let _ = writeln!(
                s,
                "declarers {d}, defenders {o}: {} ({})",
                if won { "made" } else { "failed" },
                extras.join(", ")
            );
        }
        if !sc.ramsch_losers.is_empty() {
            let l: Vec<&str> = sc.ramsch_losers.iter().map(|x| x.name()).collect();
            let j: Vec<&str> = sc.jungfrauen.iter().map(|x| x.name()).collect();
            let _ = writeln!(
                s,
                "Ramsch: {} {}{}",
                l.join(", "),
                match (sc.durchmarsch.is_some(), l.len()) {
                    (true, _) => "lose to a Durchmarsch",
                    (false, 1) => "pays",
                    (false, _) => "pay",
                },
                if j.is_empty() {
                    String::new()
                } else {
                    format!("; Jungfrau: {}", j.join(", "))
                }
            );
        }
        let _ = writeln!(s, "value: {}", sc.items.join(", "));
    }
    match (sk.value, sk.settlement) {
        (Some(v), Some(p)) => {
            let _ = writeln!(
                s,
                "score: value {v}; {p}{}",
                claimed.map_or(String::new(), |c| format!(" (claimed {c})"))
            );
        }
        _ => {
            let _ = writeln!(s, "score: not computed");
        }
    }
    if let Some(t) = sk.running_total {
        let _ = writeln!(s, "running total: {t}");
    }
}

fn jass(s: &mut String, r: &DealReplay, js: &JassOut, claimed: Option<&str>) {
    if let (Some(m), Some(c)) = (&js.mode, js.chooser) {
        let mode = match m.as_str() {
            "obenabe" => "Obenabe".to_string(),
            "undeufe" => "Undeufe".to_string(),
            suit => format!("trumps {suit}"),
        };
        let _ = writeln!(
            s,
            "mode: {mode}, chosen by {}{}",
            c.name(),
            if js.pushed { " after schieben" } else { "" }
        );
    }
    if !js.declarations.is_empty() {
        let d: Vec<String> = js
            .declarations
            .iter()
            .map(|w| format!("{} {} ({})", w.seat, w.weis, w.value))
            .collect();
        let _ = writeln!(s, "Weis declared: {}", d.join(", "));
        if let Some(w) = js.weis_winner {
            let _ = writeln!(
                s,
                "Weis contest: {} holds the strongest; NS {} EW {}",
                w.name(),
                js.weis.ns,
                js.weis.ew
            );
        }
    }
    if let Some(st) = js.stoeck {
        let _ = writeln!(s, "Stöck: {} (20)", st.name());
    }
    trick_table(s, &r.tricks, false);
    if let Some(sc) = &js.score {
        let _ = writeln!(
            s,
            "cards NS {} EW {}{}; Weis and Stöck NS {} EW {}; multiplier {}",
            sc.card_points.ns,
            sc.card_points.ew,
            sc.match_side
                .map_or(String::new(), |m| format!("; match {m} +100")),
            sc.declarations.ns,
            sc.declarations.ew,
            sc.multiplier
        );
    }
    score_lines(
        s,
        js.score.as_ref().map(|sc| sc.result),
        claimed,
        r.running_total,
    );
    if let Some(w) = js.match_winner {
        let _ = writeln!(s, "match: {w} reaches the target first and wins");
    }
}

/// The side score with the claim beside it, and the match's running total.
fn score_lines(
    s: &mut String,
    result: Option<troef_rules::replay::TeamPoints>,
    claimed: Option<&str>,
    running: Option<troef_rules::replay::TeamPoints>,
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

fn moment(m: &Moment) -> String {
    match m.cards {
        0 => format!("before trick {}", m.trick),
        4 => format!("after trick {}", m.trick),
        n => format!("trick {}, card {n}", m.trick),
    }
}

fn pandoeren(s: &mut String, r: &DealReplay, pd: &PandoerenOut, claimed: Option<&str>) {
    if let Some(c) = pd.centre {
        let _ = writeln!(s, "centre card: {c}");
    }
    if let Some(a) = &pd.all_pass {
        let _ = writeln!(s, "all passed: {a}");
    }
    if let Some(c) = &pd.contract {
        let _ = writeln!(
            s,
            "contract: {} by {} (value {}{})",
            c.bid,
            c.declarer.name(),
            c.value,
            if c.trumps { "" } else { ", no trumps" }
        );
        let _ = writeln!(
            s,
            "declarer: discards {}, trumps {}, calls {}; partner {}{}",
            pd.discard.map_or("?".into(), |c| c.to_string()),
            pd.trump.as_deref().unwrap_or("none"),
            pd.called.map_or("nothing".into(), |c| c.to_string()),
            pd.partner.map_or("none", |p| p.name()),
            pd.partner_public
                .as_ref()
                .map_or(String::new(), |m| format!(
                    ", public {} ({})",
                    moment(m),
                    m.how
                ))
        );
    }
    for e in &pd.exposures {
        let seats: Vec<&str> = e.seats.iter().map(|s| s.name()).collect();
        let _ = writeln!(
            s,
            "open hands: {} at {}: {}",
            seats.join(", "),
            moment(&e.at),
            e.at.how
        );
    }
    if !pd.announcements.is_empty() {
        let a: Vec<String> = pd
            .announcements
            .iter()
            .map(|a| {
                let at = Moment {
                    trick: a.trick,
                    cards: a.cards,
                    how: String::new(),
                };
                format!("{} {} ({})", a.seat.letter(), a.word, moment(&at))
            })
            .collect();
        let _ = writeln!(s, "announced: {}", a.join(", "));
    }
    trick_table(s, &r.tricks, false);
    let ro = &pd.roem;
    if ro.declarer_announced.is_some() || ro.partner_announced.is_some() || ro.stuk_by.is_some() {
        let part = |v: Option<i32>, by: Option<Seat>| match (v, by) {
            (None, _) => "none".to_string(),
            (Some(v), None) => format!("{v}"),
            (Some(v), Some(d)) => format!("{v}, denied by {}", d.name()),
        };
        let _ = writeln!(
            s,
            "roem: declarer {}; partner {}; stood {}; stuk {}",
            part(ro.declarer_announced, ro.declarer_denied_by),
            part(ro.partner_announced, ro.partner_denied_by),
            ro.stood,
            ro.stuk_by
                .map_or("none".to_string(), |b| format!("20 ({})", b.name()))
        );
    }
    match &pd.score {
        Some(sc) => {
            let detail = sc.summary();
            let _ = writeln!(
                s,
                "result: {detail}: {} (certain after trick {})",
                sc.verdict, sc.decided_after_trick
            );
            let _ = writeln!(
                s,
                "score: {}{}",
                sc.settlement,
                claimed.map_or(String::new(), |c| format!("   (claimed: {c})"))
            );
        }
        None if pd.all_pass.is_some() => {}
        None => {
            let _ = writeln!(s, "score: not computed");
        }
    }
    if let Some(t) = pd.running_total {
        let _ = writeln!(s, "running total: {t}");
    }
}
