//! The double-dummy table of a deal: for each contract choice and each
//! playing side, the value that side can force, what it means, and a line.

use crate::game::{choices, makers, AnyGame, Choice, Deal};
use crate::{Options, Position, Solver};
use serde::Serialize;
use std::sync::atomic::{AtomicUsize, Ordering};
use troef_cards::Seat;
use troef_rules::profiles::AnyProfile;

#[derive(Clone, Debug, Serialize)]
pub struct Row {
    /// The contract word of the notation (`S`, `obenabe`, `solo:H`).
    pub contract: String,
    pub name: String,
    /// The playing side: `NS` / `EW`, or the declarers' seats (`N`, `NS`).
    pub side: String,
    /// The value with best play by both sides, as the solver counts it
    /// (spec/analysis.md): Klaverjassen the makers' score minus the
    /// defenders'; Jass and Schafkopf the side's points, +100 for every
    /// trick, -100 for none.
    pub value: i32,
    /// The value in words: `+132`, `match 257`, `61`, `schwarz`.
    pub shown: String,
    /// Made (Klaverjassen), won (Schafkopf), more than half the points (Jass).
    pub made: bool,
    /// The result on the principal line, in words.
    pub result: String,
    /// Schafkopf: whether the declarers can take every trick (Tout, Sie).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tout: Option<bool>,
    /// A principal line: both sides' best cards to the end.
    pub line: Vec<String>,
    pub nodes: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Table {
    pub game: String,
    pub rules: String,
    pub leader: Seat,
    /// Het pandoeren: each row's bidder leads, not `leader`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub bidder_leads: bool,
    pub rows: Vec<Row>,
}

/// Solves every contract of the profile's game for every playing side, on
/// up to `threads` threads (at least one). Each thread has its own solver
/// and table, and every row starts from an empty table, so the rows (node
/// counts included) are the same for any number of threads. Rows of a
/// contract the hands do not allow are left out.
pub fn table(profile: &AnyProfile, deal: &Deal, threads: usize) -> Table {
    let mut jobs: Vec<(Choice, Seat)> = choices(profile)
        .into_iter()
        .flat_map(|c| makers(profile).into_iter().map(move |m| (c, m)))
        .collect();
    // Two called cards in one hand make one partnership: one row.
    let mut seen = std::collections::HashSet::new();
    jobs.retain(|&(c, m)| seen.insert((c.partnership(&deal.hands), m)));
    let threads = threads.clamp(1, jobs.len().max(1));
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, Option<Row>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut solver = Solver::new(Options::FULL);
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(choice, maker)) = jobs.get(i) else {
                            break out;
                        };
                        out.push((i, row_with(&mut solver, profile, choice, maker, deal)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a solver thread panicked"))
            .collect()
    });
    done.sort_by_key(|(i, _)| *i);
    let rows = done.into_iter().filter_map(|(_, r)| r).collect();
    Table {
        game: profile.game().to_string(),
        rules: profile.name().to_string(),
        leader: deal.leader,
        bidder_leads: matches!(
            profile,
            AnyProfile::HetPandoeren(_) | AnyProfile::Pandoeren(_)
        ),
        rows,
    }
}

/// One row of the table: `choice` played by `maker`'s side. `None` when the
/// contract is not allowed with these hands.
pub fn row(profile: &AnyProfile, choice: Choice, maker: Seat, deal: &Deal) -> Option<Row> {
    row_with(
        &mut Solver::new(Options::FULL),
        profile,
        choice,
        maker,
        deal,
    )
}

fn row_with(
    solver: &mut Solver,
    profile: &AnyProfile,
    choice: Choice,
    maker: Seat,
    deal: &Deal,
) -> Option<Row> {
    let mut g = AnyGame::new(profile, choice, maker, deal)?;
    solver.reset();
    let before = solver.stats.nodes;
    let value = solver.value(&mut g);
    let line = solver.principal_variation(&mut g, value, usize::MAX);
    let nodes = solver.stats.nodes - before;
    for &c in &line {
        g.play(c);
    }
    let outcome = g.final_outcome();
    for _ in &line {
        g.undo();
    }
    Some(Row {
        contract: choice.word(),
        name: choice.name(),
        side: side_name(&g, maker),
        value,
        shown: crate::analyze::show(&g, value),
        made: outcome.made,
        result: outcome.text,
        tout: matches!(choice, Choice::Contract(_)).then(|| crate::points::decode(value).all),
        line: line.iter().map(|c| c.to_string()).collect(),
        nodes,
    })
}

fn side_name(g: &AnyGame, maker: Seat) -> String {
    match g {
        // The bidder, then a mate known before play (the search's mate
        // changes sides during play).
        AnyGame::HetPandoeren(h) => {
            let mut s = maker.letter().to_string();
            s.extend(h.mate().map(Seat::letter));
            s
        }
        AnyGame::Ramsch(g) => g.me().letter().to_string(),
        AnyGame::Pandoeren(g) => {
            let mut s = maker.letter().to_string();
            s.extend(g.partner().map(Seat::letter));
            s
        }
        AnyGame::Schafkopf(_, info) => {
            // The declarer first, then a Call-Ace partner.
            let mut s = maker.letter().to_string();
            for x in Seat::ALL {
                if x != maker && info.side[x.index()] {
                    s.push(x.letter());
                }
            }
            s
        }
        _ => crate::game::team_name(maker).to_string(),
    }
}
