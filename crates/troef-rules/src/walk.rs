//! The one replay driver: walks a record through a game's phases.
//!
//! A game implements [`GameRules`] once: a trick game through [`TrickGame`].
//! [`walk`] asks it for everything before the first card (`setup`: seats,
//! deal, exchange, auction, declaration), then walks the record's `[Play]`
//! section: for a trick game, every card is checked by the one trick engine
//! ([`crate::trick::Play`]) and traced, finished tricks are written to the
//! [`DealReplay`], and the game is told about each card, trick and word it
//! owns (claims, announcements, roem). Last, `settle` scores the deal and
//! compares what the record claims.
//!
//! The games hold rules and their own outcome; the walking is here.

use crate::profile_file::ProfileFile;
use crate::replay::{check_card, not_held, play_move, Cx, DealReplay, MatchTracker, TrickOut};
use crate::trick::{Play, Trick, TrickRules};
use troef_cards::{BySeat, Card, CardSet, Seat, Suit};
use troef_ttn::diag::Code;
use troef_ttn::{Span, Token, TokenKind};

/// Whether the walk goes on after a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Go,
    /// An error the replay cannot get past: the play stops here.
    Stop,
}

/// What checking a card decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CardCheck {
    /// The card is played.
    Legal,
    /// The card is an illegal play marked as a revoke by the next token: it
    /// is played, the marker is consumed, and the deal ends.
    Revoke,
    /// The card cannot be played; the diagnostic is out.
    Stop,
}

/// One game, as the replay driver walks a record through it: its phases
/// before the play (`setup`), its play phase (`play`), its settlement. The
/// value is the game's state between the phases (contract, tallies, claims
/// seen). The trick games implement [`TrickGame`], which gives them this
/// with the trick walker; a game of turns (Dumbal) implements it with its
/// own `Phase` and walker.
pub(crate) trait GameRules: Sized {
    type Profile: ProfileFile;
    /// What the `[Play]` section moves: trick play, or a game's turns.
    type Phase;
    /// The game's own outcome (contract, score, settlement).
    type Out: Default;

    /// Everything before the play. `None` when the record cannot be played
    /// out; the diagnostics say why, and the game has told the match tracker.
    fn setup(
        cx: &mut Cx<'_, Self::Profile>,
        tracker: &mut MatchTracker,
        deal: &mut DealReplay,
        out: &mut Self::Out,
    ) -> Option<(Self, Self::Phase)>;

    /// Walks the `[Play]` section; returns whether an error stopped it.
    fn play(
        &mut self,
        cx: &mut Cx<'_, Self::Profile>,
        phase: &mut Self::Phase,
        deal: &mut DealReplay,
        out: &mut Self::Out,
    ) -> bool;

    /// Whether the play reached its end (every trick, a revoke, a show).
    fn finished(&self, phase: &Self::Phase) -> bool;

    /// After the play: score, claims, match totals. `stopped`: an error
    /// stopped the play.
    fn settle(
        self,
        cx: &mut Cx<'_, Self::Profile>,
        tracker: &mut MatchTracker,
        end: (&Self::Phase, bool),
        deal: &mut DealReplay,
        out: &mut Self::Out,
    );
}

/// A trick game: its phases around the play, and its hooks into the trick
/// walker (`walk_tricks`), which checks every card with the one trick engine
/// ([`Play`]) and writes every finished trick.
pub(crate) trait TrickGame: Sized {
    type Profile: ProfileFile;
    /// The rules of trick play, once the contract is known.
    type Rules: TrickRules;
    /// The game's own outcome (contract, score, settlement).
    type Out: Default;

    /// Everything before the first card: seats, deal, exchange, auction,
    /// declaration. `None` when the record cannot be played out; the
    /// diagnostics say why, and the game has told the match tracker.
    fn setup(
        cx: &mut Cx<'_, Self::Profile>,
        tracker: &mut MatchTracker,
        deal: &mut DealReplay,
        out: &mut Self::Out,
    ) -> Option<(Self, Play<Self::Rules>)>;

    /// The hands as dealt, for the notes on a card not held.
    fn dealt(&self) -> &BySeat<CardSet>;

    /// Called before each card is checked.
    fn before_card(
        &mut self,
        _cx: &mut Cx<'_, Self::Profile>,
        _play: &Play<Self::Rules>,
        _out: &mut Self::Out,
    ) {
    }

    /// Checks the next card: by default the deal is not over (E405), the
    /// player holds the card (E209/E210) and it is legal (E401); the card is
    /// traced and its variations replayed. `next` is the token after it.
    fn check(
        &mut self,
        cx: &mut Cx<'_, Self::Profile>,
        play: &Play<Self::Rules>,
        (tok, _next): (&Token, Option<&Token>),
        deal: &DealReplay,
        _out: &mut Self::Out,
    ) -> CardCheck {
        let trick = play.tricks_done + 1;
        let name = cx.p.name();
        let not_held = |seat, card, played| {
            not_held(seat, card, played, self.dealt(), play.hands[seat], tok.span)
        };
        if check_card(cx.out, name, play, tok, (deal, trick), not_held) {
            CardCheck::Legal
        } else {
            CardCheck::Stop
        }
    }

    /// Called after a legal card is played; `trick` is the trick it
    /// finished, already written to `deal.tricks`.
    fn played(
        &mut self,
        _cx: &mut Cx<'_, Self::Profile>,
        _play: &Play<Self::Rules>,
        (_seat, _card): (Seat, Card),
        _trick: Option<&Trick>,
        (_deal, _out): (&mut DealReplay, &mut Self::Out),
    ) {
    }

    /// A word of the `[Play]` section (claims, announcements, roem).
    fn word(
        &mut self,
        cx: &mut Cx<'_, Self::Profile>,
        tok: &Token,
        play: &Play<Self::Rules>,
        deal: &mut DealReplay,
        out: &mut Self::Out,
    ) -> Flow;

    /// Whether the deal ended before its last trick (a revoke).
    fn ended(&self) -> bool {
        false
    }

    /// After the play: score the deal, compare the claims, keep the match
    /// totals. `stopped`: an error stopped the play.
    fn settle(
        self,
        cx: &mut Cx<'_, Self::Profile>,
        tracker: &mut MatchTracker,
        end: (&Play<Self::Rules>, bool),
        deal: &mut DealReplay,
        out: &mut Self::Out,
    );
}

/// Replays a record under game `G`: setup, play, settlement. Returns the
/// game's outcome as far as the replay went.
pub(crate) fn walk<G: GameRules>(
    mut cx: Cx<'_, G::Profile>,
    tracker: &mut MatchTracker,
    deal: &mut DealReplay,
) -> G::Out {
    let mut out = G::Out::default();
    let cx = &mut cx;
    if let Some((mut game, mut phase)) = G::setup(cx, tracker, deal, &mut out) {
        let stopped = game.play(cx, &mut phase, deal, &mut out);
        deal.complete = !stopped && game.finished(&phase);
        game.settle(cx, tracker, (&phase, stopped), deal, &mut out);
    }
    out
}

/// Every trick game is a game whose play phase is trick play.
impl<G: TrickGame> GameRules for G {
    type Profile = G::Profile;
    type Phase = Play<G::Rules>;
    type Out = G::Out;

    fn setup(
        cx: &mut Cx<'_, G::Profile>,
        tracker: &mut MatchTracker,
        deal: &mut DealReplay,
        out: &mut G::Out,
    ) -> Option<(G, Play<G::Rules>)> {
        TrickGame::setup(cx, tracker, deal, out)
    }

    fn play(
        &mut self,
        cx: &mut Cx<'_, G::Profile>,
        phase: &mut Play<G::Rules>,
        deal: &mut DealReplay,
        out: &mut G::Out,
    ) -> bool {
        walk_tricks(cx, self, phase, deal, out)
    }

    fn finished(&self, phase: &Play<G::Rules>) -> bool {
        phase.is_over() || self.ended()
    }

    fn settle(
        self,
        cx: &mut Cx<'_, G::Profile>,
        tracker: &mut MatchTracker,
        end: (&Play<G::Rules>, bool),
        deal: &mut DealReplay,
        out: &mut G::Out,
    ) {
        TrickGame::settle(self, cx, tracker, end, deal, out);
    }
}

/// The trick walker: walks the `[Play]` section card by card and word by
/// word; returns whether an error stopped it.
fn walk_tricks<G: TrickGame>(
    cx: &mut Cx<'_, G::Profile>,
    game: &mut G,
    play: &mut Play<G::Rules>,
    deal: &mut DealReplay,
    out: &mut G::Out,
) -> bool {
    let rec = cx.rec;
    let tokens: &[Token] = rec.tag("Play").map_or(&[], |t| &t.section);
    deal.tricks.reserve(play.rules.tricks());
    let mut i = 0;
    while let Some(tok) = tokens.get(i) {
        i += 1;
        let flow = match &tok.kind {
            TokenKind::Card(card) => {
                let card = *card;
                game.before_card(cx, play, out);
                let seat = play.to_play();
                match game.check(cx, play, (tok, tokens.get(i)), deal, out) {
                    CardCheck::Stop => Flow::Stop,
                    CardCheck::Revoke => {
                        i += 1;
                        play_move(&mut cx.out.moves, play, card, tok.span);
                        Flow::Go
                    }
                    CardCheck::Legal => {
                        play_card(cx, game, play, (seat, card, tok.span), (deal, out));
                        Flow::Go
                    }
                }
            }
            TokenKind::Word(w) => {
                let before = cx.out.diagnostics.len();
                let flow = game.word(cx, tok, play, deal, out);
                if misread_card(cx, before, tok, w) && !play.is_over() {
                    resync(cx, game, play, (tok.span, &tokens[i..], deal, out))
                } else {
                    flow
                }
            }
        };
        if flow == Flow::Stop {
            return true;
        }
    }
    false
}

/// Plays `card` for `seat`: the trick it finishes is written out, and the
/// game is told.
fn play_card<G: TrickGame>(
    cx: &mut Cx<'_, G::Profile>,
    game: &mut G,
    play: &mut Play<G::Rules>,
    (seat, card, span): (Seat, Card, Span),
    (deal, out): (&mut DealReplay, &mut G::Out),
) {
    let trick = play_move(&mut cx.out.moves, play, card, span);
    if let Some(t) = &trick {
        deal.tricks.push(TrickOut::without_roem(
            deal.tricks.len() + 1,
            (t.leader, &t.cards, t.winner, t.points),
        ));
    }
    game.played(cx, play, (seat, card), trick.as_ref(), (deal, out));
}

/// Whether `word`, which the game has just refused as no word of its own
/// (E211), looks like a card mistyped (`HX`, `D1`, `10H`): two or three
/// characters with a suit letter or symbol at either end.
fn misread_card<P>(cx: &Cx<'_, P>, before: usize, tok: &Token, word: &str) -> bool {
    let refused = cx.out.diagnostics[before..]
        .iter()
        .any(|d| d.code == Code::UnknownWord && d.span == tok.span);
    let n = word.chars().count();
    let suit_at = |c: Option<char>| c.and_then(Suit::from_char).is_some();
    refused
        && (2..=3).contains(&n)
        && (suit_at(word.chars().next()) || suit_at(word.chars().last()))
}

/// After a card that could not be read, the replay goes on without
/// reporting consequences of its own guess (issue 32, "one typo, one
/// error"). The card meant is the one card of the player's hand that the
/// rest of the play never shows; it is played unchecked, and the refusal
/// says so. When no single card is left over (the play stops early, or
/// more than one card is missing), the play after it is not checked.
fn resync<G: TrickGame>(
    cx: &mut Cx<'_, G::Profile>,
    game: &mut G,
    play: &mut Play<G::Rules>,
    (rest_span, rest, deal, out): (Span, &[Token], &mut DealReplay, &mut G::Out),
) -> Flow {
    let seat = play.to_play();
    let shown: CardSet = rest.iter().filter_map(Token::card).collect();
    let left = play.hands[seat] - shown;
    let note = |cx: &mut Cx<'_, G::Profile>, text: String| {
        if let Some(d) = cx.out.diagnostics.last_mut() {
            d.notes.push(text);
        }
    };
    let mut cards = left.iter();
    match (cards.next(), cards.next()) {
        (Some(card), None) => {
            note(
                cx,
                format!(
                    "read as {card}, the one card of {}'s hand the rest of the play does not show; the play goes on from there",
                    seat.name()
                ),
            );
            play_card(cx, game, play, (seat, card, rest_span), (deal, out));
            Flow::Go
        }
        _ => {
            note(
                cx,
                format!(
                    "{} was to play, and which card was meant is not known: the play after it is not checked",
                    seat.name()
                ),
            );
            Flow::Stop
        }
    }
}

#[cfg(test)]
mod tests {
    //! The driver walks a game whose play is not tricks: a toy game of turns
    //! (each player in turn lays a card higher than the last; three turns
    //! end it), as Dumbal's turns will be walked.
    use super::*;
    use crate::replay::Findings;
    use troef_ttn::{parse_record, Code, Diagnostic};

    struct Toy;
    impl ProfileFile for Toy {
        fn name(&self) -> &str {
            "toy"
        }
        fn description(&self) -> &str {
            ""
        }
        fn base(&self) -> Option<&str> {
            None
        }
        fn to_table(&self) -> toml::Table {
            toml::Table::new()
        }
        fn to_json(&self) -> serde_json::Value {
            serde_json::Value::Null
        }
    }

    /// The cards laid so far.
    struct Ladder;

    impl GameRules for Ladder {
        type Profile = Toy;
        type Phase = Vec<Card>;
        type Out = Vec<String>;

        fn setup(
            _: &mut Cx<'_, Toy>,
            _: &mut MatchTracker,
            _: &mut DealReplay,
            out: &mut Vec<String>,
        ) -> Option<(Ladder, Vec<Card>)> {
            out.push("setup".into());
            Some((Ladder, Vec::new()))
        }

        fn play(
            &mut self,
            cx: &mut Cx<'_, Toy>,
            laid: &mut Vec<Card>,
            _: &mut DealReplay,
            out: &mut Vec<String>,
        ) -> bool {
            let tokens: &[Token] = cx.rec.tag("Play").map_or(&[], |t| &t.section);
            for tok in tokens {
                let Some(c) = tok.card() else { continue };
                if laid.last().is_some_and(|l| l.rank() >= c.rank()) {
                    let d = Diagnostic::error(Code::IllegalPlay, tok.span, "not higher");
                    cx.out.diagnostics.push(d);
                    return true;
                }
                laid.push(c);
                out.push(format!("turn {c}"));
            }
            false
        }

        fn finished(&self, laid: &Vec<Card>) -> bool {
            laid.len() == 3
        }

        fn settle(
            self,
            _: &mut Cx<'_, Toy>,
            _: &mut MatchTracker,
            (laid, stopped): (&Vec<Card>, bool),
            _: &mut DealReplay,
            out: &mut Vec<String>,
        ) {
            out.push(format!("settled {} stopped {stopped}", laid.len()));
        }
    }

    fn run(text: &str) -> (Vec<String>, DealReplay, Findings) {
        let rec = parse_record(text, 0, &crate::VOCABULARY).record.unwrap();
        let mut findings = Findings::default();
        let mut deal = DealReplay::default();
        let cx = Cx {
            rec: &troef_ttn::Indexed::new(&rec),
            p: &Toy,
            out: &mut findings,
        };
        let out = walk::<Ladder>(cx, &mut MatchTracker::default(), &mut deal);
        (out, deal, findings)
    }

    #[test]
    fn a_game_of_turns_walks_through_the_driver() {
        let (out, deal, f) = run("[Play \"N\"] S7 H9 DA\n");
        assert_eq!(
            out,
            [
                "setup",
                "turn S7",
                "turn H9",
                "turn DA",
                "settled 3 stopped false"
            ]
        );
        assert!(deal.complete && f.diagnostics.is_empty());
        let (out, deal, f) = run("[Play \"N\"] S9 H7 DA\n");
        assert_eq!(out, ["setup", "turn S9", "settled 1 stopped true"]);
        assert!(!deal.complete);
        assert_eq!(f.diagnostics[0].code, Code::IllegalPlay);
    }
}
