//! The solver against plain minimax on random endgames, under every
//! built-in profile, trump, contract and side.

use crate::klaverjassen::Klaverjas;
use crate::points::PointGame;
use crate::{naive, Options, Position, Solver};
use troef_cards::deal::SplitMix64;
use troef_cards::{BySeat, CardSet, Seat, Suit, Team};
use troef_rules::profiles::{builtin, builtin_names, AnyProfile};
use troef_rules::{jass, klaverjassen as kj, schafkopf as sk};

/// `n` random cases, times `TROEF_SOLVER_CHECKS` where it is set (a whole
/// number, 1 by default): the first `n` are the usual ones, the rest new
/// deals from the same generators. CI runs the usual counts; a change to the
/// search is worth a run at 10 or more (`TROEF_SOLVER_CHECKS=10 cargo test
/// --release -p troef-solve --lib`: about 70,000 endgames against minimax
/// and 1,200 deeper ones, seven and a half minutes on two cores).
fn scaled(n: usize) -> usize {
    let k = std::env::var("TROEF_SOLVER_CHECKS")
        .ok()
        .map(|v| match v.trim().parse::<usize>() {
            Ok(k) if k >= 1 => k,
            _ => panic!("TROEF_SOLVER_CHECKS={v:?}: a whole number from 1 up"),
        })
        .unwrap_or(1);
    n.saturating_mul(k)
}

fn deal(deck: troef_cards::Deck, sizes: &[u32], rng: &mut SplitMix64) -> BySeat<CardSet> {
    let n = troef_cards::deal::seeded_number(
        rng.next_u64(),
        0,
        troef_cards::deal::count(deck, sizes).unwrap(),
    );
    let p = troef_cards::deal::unrank(deck, sizes, n).unwrap();
    BySeat([p[0], p[1], p[2], p[3]])
}

/// The cards of `set` in a random order (Fisher-Yates, from `rng`).
fn shuffled(set: CardSet, rng: &mut SplitMix64) -> Vec<troef_cards::Card> {
    let mut cards: Vec<_> = set.iter().collect();
    for k in (1..cards.len()).rev() {
        cards.swap(k, (rng.next_u64() % (k as u64 + 1)) as usize);
    }
    cards
}

/// Plays random legal cards until `left` cards remain in all, and returns
/// how many were played.
fn advance<P: Position>(p: &mut P, rng: &mut SplitMix64, cards_left: usize) -> usize {
    advance_keeping(p, rng, cards_left, CardSet::EMPTY)
}

/// As [`advance`], never playing a card of `keep` while another is legal.
fn advance_keeping<P: Position>(
    p: &mut P,
    rng: &mut SplitMix64,
    cards_left: usize,
    keep: CardSet,
) -> usize {
    let mut n = 0;
    loop {
        let left: u32 = p.hands().0.iter().map(|h| h.len()).sum();
        if left as usize <= cards_left || p.is_over() {
            return n;
        }
        let legal = p.legal();
        let pool = if (legal - keep).is_empty() {
            legal
        } else {
            legal - keep
        };
        let pool: Vec<_> = pool.iter().collect();
        let c = pool[(rng.next_u64() % pool.len() as u64) as usize];
        p.play(c);
        n += 1;
    }
}

/// A Klaverjassen deal under `p`: random hands, trumps, makers and leader.
fn klaverjas(p: &kj::Profile, rng: &mut SplitMix64) -> Klaverjas {
    let hands = deal(kj::DECK, &[8, 8, 8, 8], rng);
    let trump = Suit::ALL[(rng.next_u64() % 4) as usize];
    let makers = Team::ALL[(rng.next_u64() % 2) as usize];
    let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
    Klaverjas::new(hands, trump, makers, leader, p)
}

/// Every card's value by the solver (each rung of the ladder) equals plain minimax.
fn agree<P: Position + Clone>(p: &mut P, what: &str) {
    let mut nodes = 0;
    let mut expected = naive::card_values(p, &mut nodes);
    expected.sort_by_key(|v| v.card);
    let mut v0 = 0;
    let root = naive::value(p, &mut v0);
    for opts in [Options::ALPHA_BETA, Options::WITH_TABLE, Options::FULL] {
        let mut s = Solver::new(opts);
        let got = s.card_values(p);
        assert_eq!(got, expected, "{what} {opts:?}");
        // The position's value given (the first card's guess, and a bound
        // on every card's) changes no card's value.
        let mut s = Solver::new(opts);
        let got = s.card_values_from(p, Some(root));
        assert_eq!(got, expected, "{what} {opts:?} given the value");
        let mut s = Solver::new(opts);
        assert_eq!(s.value(p), root, "{what} {opts:?} root");
        // A first guess, right or wrong, changes no value.
        for guess in [root, root - 37, root + 41] {
            let mut s = Solver::new(opts);
            assert_eq!(
                s.value_from(p, Some(guess)),
                root,
                "{what} {opts:?} guess {guess}"
            );
        }
    }
}

/// Every card's value by the full solver equals plain alpha-beta without a
/// table (for endings too long for minimax).
fn agrees_with_alpha_beta<P: Position>(p: &mut P, what: &str) {
    let expected = Solver::new(Options::ALPHA_BETA).card_values(p);
    assert_eq!(
        Solver::new(Options::FULL).card_values(p),
        expected,
        "{what}"
    );
}

fn profiles(game: &str) -> Vec<AnyProfile> {
    let game = troef_rules::GameKind::parse(game).expect("a game");
    builtin_names(game)
        .into_iter()
        .map(|n| builtin(game, n).unwrap())
        .collect()
}

/// Klaverjassen's built-in profiles, and the first with KJ-V10: spades
/// count double (the value's step doubles too).
fn klaverjassen_profiles() -> Vec<AnyProfile> {
    let mut profiles = profiles("klaverjassen");
    if let AnyProfile::Klaverjassen(p) = &profiles[0] {
        let mut p = p.clone();
        p.double_spades = true;
        p.name = format!("{}+double-spades", p.name);
        profiles.push(AnyProfile::Klaverjassen(p));
    }
    profiles
}

#[test]
fn klaverjassen_agrees_with_minimax() {
    let mut rng = SplitMix64(1);
    let profiles = klaverjassen_profiles();
    for i in 0..scaled(1000) {
        let AnyProfile::Klaverjassen(p) = &profiles[i % profiles.len()] else {
            unreachable!()
        };
        let mut g = klaverjas(p, &mut rng);
        let left = 12 + (rng.next_u64() % 6) as usize;
        advance(&mut g, &mut rng, left);
        agree(&mut g, &format!("kj #{i} {}", p.name));
    }
}

/// Endgames in which roem is still possible: the random line keeps back
/// four cards of a rank, the king and queen of trumps and a run of three
/// (while it has another legal card), so that the roem cards
/// (`Position::special`: four of a kind, stuk, runs, each only while its
/// cards are in as many hands) are tried on every kind of roem.
#[test]
fn klaverjassen_roem_agrees_with_minimax() {
    let mut rng = SplitMix64(11);
    let profiles = profiles("klaverjassen");
    for i in 0..scaled(600) {
        let AnyProfile::Klaverjassen(p) = &profiles[i % profiles.len()] else {
            unreachable!()
        };
        let mut g = klaverjas(p, &mut rng);
        let (rank, keep) = roem_cards(&g, &mut rng, 1, 3);
        let left = 12 + (rng.next_u64() % 6) as usize;
        advance_keeping(&mut g, &mut rng, left, keep);
        agree(&mut g, &format!("kj roem #{i} {} {rank:?}", p.name));
    }
}

/// Endgames of five and six tricks whose made or nat is still open, on
/// rich roem: the probes below the cliff, where the table answers for
/// positions reached with another margin or roem so far
/// ([`crate::Split::Monotone`]), hold to plain alpha-beta without a table
/// (which holds to minimax above). Endgames of three or four tricks, as
/// above, seldom reach one position with two margins while the outcome is
/// open: a table that took the margins' order the wrong way round passed
/// them, and fails here.
#[test]
fn klaverjassen_open_outcomes_agree_with_alpha_beta() {
    let mut rng = SplitMix64(31);
    let profiles = klaverjassen_profiles();
    let mut nat = 0;
    for i in 0..scaled(80) {
        let AnyProfile::Klaverjassen(p) = &profiles[i % profiles.len()] else {
            unreachable!()
        };
        let mut g = klaverjas(p, &mut rng);
        let (rank, keep) = roem_cards(&g, &mut rng, 1, 3);
        let left = 20 + 4 * (rng.next_u64() % 2) as usize;
        advance_keeping(&mut g, &mut rng, left, keep);
        let mut plain = Solver::new(Options::ALPHA_BETA);
        let expected = plain.card_values(&mut g);
        let mut full = Solver::new(Options::FULL);
        let what = format!("kj open #{i} {} {rank:?}", p.name);
        assert_eq!(full.card_values(&mut g), expected, "{what}");
        let value = Solver::new(Options::FULL).value(&mut g);
        assert_eq!(value, plain.value(&mut g), "{what} root");
        nat += usize::from(!g.made_by_value(value));
    }
    assert!(nat >= 20, "{nat} of the endgames are nat");
}

/// Cards for a Klaverjassen deal to keep into its ending, so that it is
/// rich in roem: four of a kind (of a random rank of four, returned), the
/// king and queen of trumps, and `runs` runs of `len` cards, each in a
/// random suit from a random rank.
fn roem_cards(
    g: &Klaverjas,
    rng: &mut SplitMix64,
    runs: usize,
    len: u8,
) -> (troef_cards::Rank, CardSet) {
    use troef_cards::{Card, Rank};
    let ranks = [Rank::JACK, Rank::ACE, Rank::SEVEN, Rank::QUEEN];
    let trump = g.game.rules.trump;
    let rank = ranks[(rng.next_u64() % 4) as usize];
    let mut keep = CardSet::from_iter(Suit::ALL.map(|s| Card::new(s, rank)));
    keep.insert(Card::new(trump, Rank::KING));
    keep.insert(Card::new(trump, Rank::QUEEN));
    for _ in 0..runs {
        let suit = Suit::ALL[(rng.next_u64() % 4) as usize];
        let low = 7 + (rng.next_u64() % (9 - len as u64)) as u8;
        for r in low..low + len {
            keep.insert(Card::new(suit, Rank::new(r).expect("a rank")));
        }
    }
    (rank, keep)
}

/// The most roem still to come on any line of play from `g`: in all, in
/// the makers' tricks and in the defenders' (each side's with the other's
/// help), by playing every line out.
fn most_roem(g: &mut Klaverjas) -> [i32; 3] {
    if g.is_over() {
        return [0; 3];
    }
    let before = g.result().roem;
    let mut most = [0; 3];
    for c in g.legal() {
        g.play(c);
        let after = g.result().roem;
        let rest = most_roem(g);
        g.undo();
        let (m, d) = (after[0] - before[0], after[1] - before[1]);
        most[0] = most[0].max(m + d + rest[0]);
        most[1] = most[1].max(m + rest[1]);
        most[2] = most[2].max(d + rest[2]);
    }
    most
}

/// Klaverjassen's bounds on the roem to come from a trick start's cards
/// ([`Position::cards_bound`]) hold on every line of play: in all, and in
/// the tricks each side wins. Endings of two and three tricks kept rich in
/// roem (two runs of four, four of a kind, stuk), every line played out.
#[test]
fn klaverjassen_roem_bounds_hold_on_every_line() {
    let mut rng = SplitMix64(23);
    let profiles = profiles("klaverjassen");
    for i in 0..scaled(400) {
        let AnyProfile::Klaverjassen(p) = &profiles[i % profiles.len()] else {
            unreachable!()
        };
        let mut g = klaverjas(p, &mut rng);
        let (_, keep) = roem_cards(&g, &mut rng, 2, 4);
        let left = if i % 2 == 0 { 8 } else { 12 };
        advance_keeping(&mut g, &mut rng, left, keep);
        if g.in_trick() != 0 || g.is_over() {
            continue;
        }
        let bound = g.cards_bound(crate::live(&g));
        let most = most_roem(&mut g);
        let what = format!("kj #{i} {}: most {most:?}, bound {bound:?}", p.name);
        assert!(most[0] <= bound.total, "{what}");
        assert!(
            most[1] <= bound.sides.0 && most[2] <= bound.sides.1,
            "{what}"
        );
        assert!(
            bound.sides.0 <= bound.total && bound.sides.1 <= bound.total,
            "{what}"
        );
    }
}

/// Klaverjassen's roem per side ([`Klaverjas::roem_won`]) answers from its
/// memo as it reads afresh: many random lines of play through one deal, so
/// that trick starts reached on different lines share the memo's entries
/// and its slots (every trick start with roem still possible checked).
#[test]
fn klaverjassen_roem_won_memo_answers_as_read() {
    let mut rng = SplitMix64(29);
    let profiles = profiles("klaverjassen");
    let mut checked = 0;
    for i in 0..scaled(60) {
        let AnyProfile::Klaverjassen(p) = &profiles[i % profiles.len()] else {
            unreachable!()
        };
        let mut g = klaverjas(p, &mut rng);
        for _ in 0..40 {
            let mut played = 0;
            while !g.is_over() {
                if g.in_trick() == 0 {
                    let live = crate::live(&g);
                    if !g.special(live).is_empty() {
                        let (memo, read) = g.roem_won_both(live);
                        assert_eq!(memo, read, "deal {i}, {played} cards played");
                        checked += 1;
                    }
                }
                let legal: Vec<troef_cards::Card> = g.legal().iter().collect();
                g.play(legal[(rng.next_u64() % legal.len() as u64) as usize]);
                played += 1;
            }
            for _ in 0..played {
                g.undo();
            }
        }
    }
    assert!(checked > 5_000, "{checked} trick starts checked");
}

/// Calls `each` with `count` Jass endgames dealt from `seed`: the profiles
/// in turn, a random mode, leader and side, played at random down to 12 to
/// 17 cards.
fn jass_endgames(
    seed: u64,
    count: usize,
    each: impl FnMut(usize, &jass::Profile, jass::Mode, &mut PointGame<jass::Rules>),
) {
    let profiles: Vec<jass::Profile> = profiles("jass")
        .into_iter()
        .map(|p| match p {
            AnyProfile::Jass(p) => p,
            _ => unreachable!(),
        })
        .collect();
    jass_endgames_under(&profiles, seed, count, each);
}

/// As [`jass_endgames`], under the profiles `profiles` in turn.
fn jass_endgames_under(
    profiles: &[jass::Profile],
    seed: u64,
    count: usize,
    mut each: impl FnMut(usize, &jass::Profile, jass::Mode, &mut PointGame<jass::Rules>),
) {
    let mut rng = SplitMix64(seed);
    for i in 0..scaled(count) {
        let p = &profiles[i % profiles.len()];
        let hands = deal(jass::DECK, &[9, 9, 9, 9], &mut rng);
        let mode = jass::Mode::ALL[(rng.next_u64() % 6) as usize];
        let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
        let team = Team::ALL[(rng.next_u64() % 2) as usize];
        let side = Seat::ALL.map(|s| s.team() == team);
        let mut g = PointGame::new(
            jass::Game::new(hands, mode, jass::PlayRules::from(p), leader),
            side,
        );
        let left = 12 + (rng.next_u64() % 6) as usize;
        advance(&mut g, &mut rng, left);
        each(i, p, mode, &mut g);
    }
}

#[test]
fn jass_agrees_with_minimax() {
    jass_endgames(2, 600, |i, p, mode, g| {
        agree(g, &format!("jass #{i} {} {mode:?}", p.name));
    });
}

/// Every combination of a game's play switches, not only the built-in
/// profiles' own: a user's profile (`--rules FILE.toml`) may set any, and
/// the search's bounds read the rules through the engine (who must follow,
/// trump, overtrump) only. Combination `m` of `count` is `set` on
/// `bases[m % bases.len()]` (one base, or goal variants to pair with them).
fn switch_combinations<P: Clone>(bases: &[P], count: u32, set: impl Fn(&mut P, u32)) -> Vec<P> {
    (0..count)
        .map(|m| {
            let mut p = bases[m as usize % bases.len()].clone();
            set(&mut p, m);
            p
        })
        .collect()
}

/// The eight combinations of Jass's play switches: JS-V1 (no
/// undertrumping), JS-V2 (the trump jack need not follow) and JS-V3 (trump
/// while able to follow).
fn jass_switches() -> Vec<jass::Profile> {
    let AnyProfile::Jass(base) = &profiles("jass")[0] else {
        unreachable!()
    };
    switch_combinations(std::slice::from_ref(base), 8, |p, m| {
        p.undertrump_ban = m & 1 != 0;
        p.puur_exempt = m & 2 != 0;
        p.trump_while_able_to_follow = m & 4 != 0;
        p.name = format!("jass m{m}");
    })
}

/// The 32 combinations of Klaverjassen's play switches: KJ-V1 (a void
/// player whose partner holds the trick need not trump), KJ-V2 (when the
/// duty to overtrump holds), KJ-V3 (void and unable to overtrump: its four
/// answers) and KJ-V4 (overtrump on a trump lead).
fn klaverjassen_switches() -> Vec<kj::Profile> {
    use troef_rules::klaverjassen::profile::{CannotOvertrump, OvertrumpDuty};
    let AnyProfile::Klaverjassen(base) = &profiles("klaverjassen")[0] else {
        unreachable!()
    };
    switch_combinations(std::slice::from_ref(base), 32, |p, m| {
        p.partner_winning_release = m & 1 != 0;
        p.overtrump_when_void =
            [OvertrumpDuty::Always, OvertrumpDuty::OpponentTrumped][(m >> 1 & 1) as usize];
        p.cannot_overtrump = [
            CannotOvertrump::Undertrump,
            CannotOvertrump::DiscardPlain,
            CannotOvertrump::UndertrumpUnlessPartner,
            CannotOvertrump::Free,
        ][(m >> 2 & 3) as usize];
        p.trump_lead_overtrump = m & 16 != 0;
        p.name = format!("kj m{m}");
    })
}

/// Schafkopf's SK-V7 (the called ace not discarded) on and off, with
/// running away (house rule 4b: leading low from the called suit) never,
/// from four cards of it or from three.
fn schafkopf_switches() -> Vec<sk::Profile> {
    let AnyProfile::Schafkopf(base) = &profiles("schafkopf")[0] else {
        unreachable!()
    };
    switch_combinations(std::slice::from_ref(base), 6, |p, m| {
        p.called_ace_no_discard = m & 1 != 0;
        p.house.run_away_minimum = [0, 4, 3][(m >> 1) as usize];
        p.name = format!("sk m{m}");
    })
}

/// Jass under every combination of its play switches ([`jass_switches`]).
#[test]
fn jass_agrees_with_minimax_under_every_play_switch() {
    let variants = jass_switches();
    jass_endgames_under(&variants, 61, 320, |i, p, mode, g| {
        agree(g, &format!("jass #{i} {} {mode:?}", p.name));
    });
}

/// Klaverjassen under the 32 combinations of the play switches
/// ([`klaverjassen_switches`]) and the 48 of the switches that change the
/// value, KJ-V6 (four of a kind's roem), KJ-V7
/// (stuk from the trick or the hand), KJ-V8 (roem toward the makers'
/// target), KJ-V9 (pit for the defenders) and KJ-V10 (spades count
/// double): each of both in turn, every other endgame keeping roem in play.
#[test]
fn klaverjassen_agrees_with_minimax_under_every_switch() {
    use troef_rules::klaverjassen::profile::{QuartetValue, StukSource};
    let play = klaverjassen_switches();
    let mut rng = SplitMix64(62);
    for i in 0..scaled(960) {
        let mut p = play[i % play.len()].clone();
        let m = i % 48;
        p.quartet_value = [
            QuartetValue::Fifty,
            QuartetValue::Pagat,
            QuartetValue::HundredAny,
        ][m % 3];
        p.stuk_source = [StukSource::SameTrick, StukSource::Hand][(m / 3) & 1];
        p.roem_in_threshold = (m / 6) & 1 != 0;
        p.pit_for_defenders = (m / 12) & 1 != 0;
        p.double_spades = m / 24 != 0;
        let mut g = klaverjas(&p, &mut rng);
        let left = 12 + (rng.next_u64() % 6) as usize;
        if i % 2 == 0 {
            advance(&mut g, &mut rng, left);
        } else {
            let (_, keep) = roem_cards(&g, &mut rng, 1, 3);
            advance_keeping(&mut g, &mut rng, left, keep);
        }
        agree(&mut g, &format!("kj #{i} play m{} value m{m}", i % 32));
    }
}

/// Schafkopf under every combination of its play switches
/// ([`schafkopf_switches`]).
#[test]
fn schafkopf_agrees_with_minimax_under_every_play_switch() {
    let variants = schafkopf_switches();
    let mut rng = SplitMix64(63);
    let mut tried = 0;
    let mut i = 0;
    while tried < scaled(300) {
        i += 1;
        let p = &variants[i % variants.len()];
        // The called suit's rules play only in a Rufspiel: most of them.
        let call_ace = |c: sk::Contract| c.kind == sk::Kind::CallAce || i % 3 == 0;
        let Some((c, engine, side)) = schafkopf_game(p, i % 5 == 0, &mut rng, call_ace) else {
            continue;
        };
        tried += 1;
        let mut g = PointGame::new(engine, side);
        let left = 12 + (rng.next_u64() % 6) as usize;
        advance(&mut g, &mut rng, left);
        agree(&mut g, &format!("sk #{i} {} {}", p.name, c.word()));
    }
}

/// `AnyGame` (what `troef solve` and `troef analyze` search) forwards every
/// method of the game it wraps, those with a default too: the same values
/// from the same nodes. (It once left out Klaverjassen's roem in move
/// ordering.)
#[test]
fn any_game_searches_as_the_game_it_wraps() {
    use crate::game::{AnyGame, JassInfo};
    fn same<P: Position + Clone>(g: &P, mut any: AnyGame, what: &str) {
        let mut g = g.clone();
        let (mut a, mut b) = (Solver::new(Options::FULL), Solver::new(Options::FULL));
        assert_eq!(a.value(&mut g), b.value(&mut any), "{what}");
        assert_eq!(a.card_values(&mut g), b.card_values(&mut any), "{what}");
        assert_eq!(a.stats, b.stats, "{what}");
    }
    let mut rng = SplitMix64(12);
    let AnyProfile::Klaverjassen(kp) = &profiles("klaverjassen")[0] else {
        unreachable!()
    };
    let AnyProfile::Jass(jp) = &profiles("jass")[0] else {
        unreachable!()
    };
    for i in 0..scaled(40) {
        let mut g = klaverjas(kp, &mut rng);
        let left = 16 + (rng.next_u64() % 6) as usize;
        advance(&mut g, &mut rng, left);
        same(
            &g,
            AnyGame::Klaverjassen(Box::new(g.clone())),
            &format!("kj #{i}"),
        );
        let hands = deal(jass::DECK, &[9, 9, 9, 9], &mut rng);
        let mode = jass::Mode::ALL[(rng.next_u64() % 6) as usize];
        let side = Seat::ALL.map(|s| s.team() == Team::NS);
        let mut g = PointGame::new(
            jass::Game::new(hands, mode, jass::PlayRules::from(jp), Seat::North),
            side,
        );
        let left = 16 + (rng.next_u64() % 6) as usize;
        advance(&mut g, &mut rng, left);
        let info = JassInfo { multiplier: 1 };
        same(
            &g,
            AnyGame::Jass(Box::new(g.clone()), info),
            &format!("jass #{i}"),
        );
    }
}

/// A Schafkopf deal under `p` for the minimax tests: random hands (of six
/// cards from the short deck when `short`), a random contract that `wanted`
/// admits, declarer and leader; `None` when the contract is not wanted or
/// the hands do not allow it.
fn schafkopf_game(
    p: &sk::Profile,
    short: bool,
    rng: &mut SplitMix64,
    wanted: impl Fn(sk::Contract) -> bool,
) -> Option<(sk::Contract, sk::Game, [bool; 4])> {
    let size = if short { 6 } else { 8 };
    let hands = deal(sk::deck(short), &[size; 4], rng);
    let contracts = crate::schafkopf_contracts();
    let c = contracts[(rng.next_u64() % contracts.len() as u64) as usize];
    let declarer = Seat::ALL[(rng.next_u64() % 4) as usize];
    if !wanted(c) {
        return None;
    }
    let side = crate::schafkopf_side(c, declarer, &hands)?;
    let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
    Some((
        c,
        sk::Game::new(hands, c, sk::PlayRules::from(p), leader),
        side,
    ))
}

/// Calls `each` with `count` Schafkopf games dealt from `seed`: the
/// profiles in turn, contracts that `wanted` accepts and that the hands
/// allow, the short pack for the game numbers `short` names; with the
/// generator, for the rest of the test's draws.
fn schafkopf_games(
    seed: u64,
    count: usize,
    short: impl Fn(usize) -> bool,
    wanted: impl Fn(sk::Contract) -> bool,
    mut each: impl FnMut(&mut SplitMix64, usize, &sk::Profile, sk::Contract, sk::Game, [bool; 4]),
) {
    let mut rng = SplitMix64(seed);
    let profiles = profiles("schafkopf");
    let mut tried = 0;
    let mut i = 0;
    while tried < scaled(count) {
        i += 1;
        let AnyProfile::Schafkopf(p) = &profiles[i % profiles.len()] else {
            unreachable!()
        };
        let Some((c, engine, side)) = schafkopf_game(p, short(i), &mut rng, &wanted) else {
            continue;
        };
        tried += 1;
        each(&mut rng, i, p, c, engine, side);
    }
}

/// A contract of one player against three, and not a Tout.
fn solo(c: sk::Contract) -> bool {
    c.kind != sk::Kind::CallAce && !c.tout
}

#[test]
fn schafkopf_agrees_with_minimax() {
    schafkopf_games(
        3,
        600,
        |i| i % 5 == 0,
        |_| true,
        |rng, i, p, c, engine, side| {
            // Every seventh: the Tout of the contract (every trick or nothing).
            let mut g = if i % 7 == 0 && c.kind != sk::Kind::CallAce {
                PointGame::tout(engine, side)
            } else {
                PointGame::new(engine, side)
            };
            let left = 12 + (rng.next_u64() % 6) as usize;
            advance(&mut g, rng, left);
            agree(&mut g, &format!("sk #{i} {} {}", p.name, c.word()));
        },
    );
}

/// A point game's values never fall inside its gaps
/// ([`Position::value_gaps`]), which MTD(f) skips: a side that takes no
/// trick scores exactly `-ALL_TRICKS`, one that takes every trick every
/// point left and `ALL_TRICKS` more. Nor outside the bounds the score so far
/// gives ([`Position::score_bounds`], which the search takes before the
/// hands' own): the points taken, and every point left on top of them.
/// Every card's value by plain minimax, in Schafkopf's endgames of 12 to 16
/// cards and Jass's of 12 to 17 ([`jass_endgames`]), for either side; many
/// of them end on a gap's edge or on a score bound, which the counts ask for.
#[test]
fn point_games_end_inside_the_score_bounds_and_outside_their_gaps() {
    fn check<R: troef_rules::trick::TrickRules>(
        g: &mut PointGame<R>,
        edges: &mut [usize; 2],
        what: &str,
    ) {
        let gaps = g.value_gaps();
        let (lo, hi) = g.score_bounds().expect("a point game's score bounds");
        let mut nodes = 0;
        for cv in naive::card_values(g, &mut nodes) {
            assert!(
                lo <= cv.value && cv.value <= hi,
                "{what}: {cv:?} outside the score's bounds {lo}..={hi}"
            );
            edges[1] += usize::from(cv.value == lo || cv.value == hi);
            for (a, b) in gaps {
                assert!(
                    !(a < cv.value && cv.value < b),
                    "{what}: {cv:?} in {gaps:?}"
                );
                edges[0] += usize::from(cv.value == a && a == -crate::points::ALL_TRICKS)
                    + usize::from(cv.value == b && b > 0);
            }
        }
    }
    let mut edges = [0; 2];
    schafkopf_games(
        17,
        200,
        |i| i % 4 == 0,
        |c| !c.tout,
        |rng, i, p, c, engine, side| {
            let side = if i % 2 == 0 { side } else { side.map(|s| !s) };
            let mut g = PointGame::new(engine, side);
            let left = 12 + (rng.next_u64() % 5) as usize;
            advance(&mut g, rng, left);
            check(
                &mut g,
                &mut edges,
                &format!("sk #{i} {} {}", p.name, c.word()),
            );
        },
    );
    jass_endgames(19, 200, |i, p, mode, g| {
        check(g, &mut edges, &format!("jass #{i} {} {mode:?}", p.name));
    });
    assert!(edges[0] >= 50, "{} values on a gap's edge", edges[0]);
    assert!(edges[1] >= 50, "{} values on a score bound", edges[1]);
}

/// Schafkopf's solos from endgames of four tricks where the trumps stayed in
/// the hands, so that the soloist and the others hold several trumps each:
/// the count of a lone player's trumps ([`crate::order::trumps_take`])
/// decides bounds here that random endgames rarely reach. (It fails on each
/// of three errors planted in the count: a trick too many, the strongest
/// trumps' points for the cheapest, the top trumps counted twice.)
#[test]
fn schafkopf_solo_trumps_agree_with_minimax() {
    schafkopf_games(
        5,
        300,
        |_| false,
        solo,
        |rng, i, p, c, engine, side| {
            let mut g = PointGame::new(engine, side);
            let trumps: CardSet = crate::live(&g)
                .iter()
                .filter(|&card| g.feature(card).group >= 4)
                .collect();
            advance_keeping(&mut g, rng, 16, trumps);
            agree(&mut g, &format!("sk solo #{i} {} {}", p.name, c.word()));
        },
    );
}

/// The three against the lone player: Schafkopf's solos with the sides
/// swapped, so that the three others maximise (their card points). The
/// driver then starts at the bottom of the interval and splits it for three
/// maximising players ([`crate::order::lone`]): the mirror of the
/// solos above, which no adapter plays but which must be as exact.
#[test]
fn three_against_one_agree_with_minimax() {
    schafkopf_games(
        11,
        200,
        |i| i % 3 == 0,
        solo,
        |rng, i, p, c, engine, side| {
            let mut g = PointGame::new(engine, side.map(|s| !s));
            let left = 12 + (rng.next_u64() % 6) as usize;
            advance(&mut g, rng, left);
            agree(&mut g, &format!("sk three #{i} {} {}", p.name, c.word()));
        },
    );
}

/// Where the driver probes when one player plays alone, worked by hand from
/// the root of `q + q^k = 1`: the share of the interval below the probe.
#[test]
fn a_lone_players_probes_are_placed_by_their_costs() {
    use crate::search::split;
    // Alike costs: the middle (q = 0.5 of the 10 values from lo to hi).
    assert_eq!(split([1_000, 1_000], true, 9), 5);
    assert_eq!(split([1_000, 1_999], true, 9), 5);
    // Before any probe failed high, the lone player's proofs count as 32
    // times the others': q = 0.923, the top of a short interval.
    assert_eq!(split([50, 0], true, 9), 9);
    assert_eq!(split([0, 0], true, 99), 92);
    // Proofs that fail high 4 times as costly: q = 0.7245; 4 times cheaper:
    // 1 - 0.7245.
    assert_eq!(split([100, 400], true, 99), 72);
    assert_eq!(split([400, 100], true, 99), 28);
    // The three maximise: the lone player's proofs are the ones that fail
    // low, and the probe goes low.
    assert_eq!(split([0, 50], false, 99), 8);
    // More than 32 times counts as 32; one value left is the only probe.
    assert_eq!(split([1, 1 << 40], true, 99), 92);
    assert_eq!(split([1, 1 << 40], true, 1), 1);
}

/// Where the driver probes after weak bounds next to a guess, worked by
/// hand: 4 values beyond the last bound, then 8, then 16 and no further,
/// inside the interval.
#[test]
fn probes_step_out_from_a_guess() {
    use crate::search::gallop;
    // The guess 112 held (lo = 112, step 2): 4 values above it, 120; then 8
    // above 120; then 16.
    assert_eq!(gallop(112, 400, 2, 1), 120);
    assert_eq!(gallop(120, 400, 2, 2), 136);
    assert_eq!(gallop(136, 400, 2, 3), 168);
    // Then 16 values again, not 32.
    assert_eq!(gallop(168, 400, 2, 4), 200);
    assert_eq!(gallop(200, 400, 2, 9), 232);
    // Not beyond the top of the interval.
    assert_eq!(gallop(136, 150, 2, 3), 150);
    // The guess 100 failed (hi = 98): the probe at 92 asks whether the value
    // is at least 92, so that a failure rules out 92 to 98, four values.
    assert_eq!(gallop(-400, 98, 2, -1), 92);
    assert_eq!(gallop(-400, 90, 2, -2), 76);
    // Never at or below lo; far runs do not overflow.
    assert_eq!(gallop(88, 90, 2, -2), 90);
    assert_eq!(gallop(i32::MAX - 10, i32::MAX - 1, 1_000, 40), i32::MAX - 1);
    assert_eq!(
        gallop(i32::MIN + 2, i32::MIN + 5_000, 1_000, -40),
        i32::MIN + 1_002
    );
    assert_eq!(gallop(0, 1 << 30, 1, 40), 16);
}

/// Het pandoeren: every contract, each variant switch that changes a goal
/// or the play (H-V1 … H-V4, H-V8, H-V10 … H-V13; the four play switches in
/// every combination), a random bidder, mate and trumps, from endgames of
/// three or four tricks.
#[test]
fn het_pandoeren_agrees_with_minimax() {
    het_endgames(5, 900, (12, 5), |_, g, what| agree(g, what));
}

/// Calls `each` with `count` Het pandoeren endgames dealt from `seed` (see
/// [`het_pandoeren_agrees_with_minimax`]), played at random down to
/// `left.0 + k` cards, `k` below `left.1`.
fn het_endgames(
    seed: u64,
    count: usize,
    left: (usize, u64),
    mut each: impl FnMut(usize, &mut crate::het::HetGame, &str),
) {
    use crate::het::HetGame;
    use troef_rules::het_pandoeren::profile::{
        HalveStoetTarget, MateAfterSearch, PiekZonder, SevenOfEight,
    };
    use troef_rules::het_pandoeren::{self as het, Contract};
    use troef_rules::pandoeren::profile::{DiscardPoints, Undertrump};
    let AnyProfile::HetPandoeren(base) =
        builtin(troef_rules::GameKind::HetPandoeren, "heerlen").unwrap()
    else {
        unreachable!()
    };
    let mut goals = vec![base.clone()];
    let mut v = base.clone();
    v.seven_of_eight = SevenOfEight::Exactly;
    v.halve_stoet_target = HalveStoetTarget::ExactlyTwo;
    v.piek_zonder_settlement = PiekZonder::AllAtLeastOne;
    v.mate_when_bidder_wins_first_tricks = MateAfterSearch::FirstToWin;
    v.discard_counts = DiscardPoints::Nobody;
    goals.push(v);
    let mut v = base;
    v.piek_zonder_settlement = PiekZonder::EachPlayer;
    v.values.max_conceded = 10;
    goals.push(v);
    // The goals above, each under some of the 16 combinations of the play
    // switches, so that every combination plays.
    let variants = switch_combinations(&goals, 16, |p, m| {
        p.mate_race_must_head = m & 1 != 0;
        p.jas_exempt = m & 2 != 0;
        p.overtrump_on_trump_lead = m & 4 != 0;
        p.undertrump_after_ruff = [Undertrump::Banned, Undertrump::Allowed][(m >> 3) as usize];
    });
    let mut rng = SplitMix64(seed);
    for i in 0..scaled(count) {
        let p = &variants[i % variants.len()];
        let dealt = deal(het::DECK, &[8, 8, 8, 8, 1], &mut rng);
        let contract = Contract::ALL[(rng.next_u64() % 13) as usize];
        let trump = contract
            .has_trumps()
            .then(|| Suit::ALL[(rng.next_u64() % 4) as usize]);
        let bidder = Seat::ALL[(rng.next_u64() % 4) as usize];
        let mate = matches!(contract, Contract::Stoet | Contract::HalveStoet)
            .then(|| Seat::ALL[(bidder.index() + 1 + (rng.next_u64() % 3) as usize) % 4]);
        let discard =
            (het::DECK.cards() - dealt.0.iter().fold(CardSet::EMPTY, |a, &h| a | h)).first();
        let mut g = HetGame::new(p, (contract, trump), (bidder, mate), dealt, discard);
        let cards = left.0 + (rng.next_u64() % left.1) as usize;
        advance(&mut g, &mut rng, cards);
        each(i, &mut g, &format!("het #{i} {contract} {trump:?}"));
    }
}

/// The point distance behind the table's quasi-symmetry, worked by hand:
/// Klaverjassen, hearts trumps, spades plain (A 11, 10 10, K 4, Q 3, J 2).
#[test]
fn point_distance_pairs_cards_in_order() {
    let AnyProfile::Klaverjassen(p) =
        builtin(troef_rules::GameKind::Klaverjassen, "amsterdam").unwrap()
    else {
        unreachable!()
    };
    let cards = |s: &str| -> CardSet {
        troef_rules::values::parse_cards(s)
            .unwrap()
            .into_iter()
            .collect()
    };
    let hands =
        troef_rules::values::parse_deal("N:AKQJT987... .AKQJT987.. ..AKQJT987. ...AKQJT987")
            .unwrap();
    let hands = BySeat(hands.hands.0.map(Option::unwrap));
    let g = Klaverjas::new(hands, Suit::Hearts, Team::NS, Seat::North, &p);
    let order = crate::order::Order::new(&g);
    // A-K against 10-Q: 11-10 and 4-3.
    assert_eq!(order.distance(cards("SA SK"), cards("ST SQ")), Some(2));
    // A-9 against K-8: 11-4, 0-0.
    assert_eq!(order.distance(cards("SA S9"), cards("SK S8")), Some(7));
    // Trumps: J (20) against 9 (14).
    assert_eq!(order.distance(cards("HJ"), cards("H9")), Some(6));
    // Not the same groups: no distance.
    assert_eq!(order.distance(cards("SA"), cards("HA")), None);
}

/// The solver reads a card's strength once per group led
/// ([`Position::strength`]): check that the engines' strength depends on the
/// led card only through its group, for every trump, mode and contract.
#[test]
fn strength_depends_on_the_group_led() {
    fn check<P: Position>(p: &P, what: &str) {
        let cards: Vec<_> = crate::live(p).iter().collect();
        for &a in &cards {
            for &b in &cards {
                if p.feature(a).group != p.feature(b).group {
                    continue;
                }
                for &c in &cards {
                    assert_eq!(
                        p.strength(c, a),
                        p.strength(c, b),
                        "{what}: {c} led {a}/{b}"
                    );
                }
            }
        }
    }
    let mut rng = SplitMix64(4);
    for profile in profiles("klaverjassen") {
        let AnyProfile::Klaverjassen(p) = &profile else {
            unreachable!()
        };
        for trump in Suit::ALL {
            let hands = deal(kj::DECK, &[8, 8, 8, 8], &mut rng);
            check(
                &Klaverjas::new(hands, trump, Team::NS, Seat::North, p),
                &format!("kj {} {trump:?}", p.name),
            );
        }
    }
    for profile in profiles("jass") {
        let AnyProfile::Jass(p) = &profile else {
            unreachable!()
        };
        for mode in jass::Mode::ALL {
            let hands = deal(jass::DECK, &[9, 9, 9, 9], &mut rng);
            let g = jass::Game::new(hands, mode, jass::PlayRules::from(p), Seat::North);
            check(
                &PointGame::new(g, [true, false, true, false]),
                &format!("jass {mode:?}"),
            );
        }
    }
    for profile in profiles("schafkopf") {
        let AnyProfile::Schafkopf(p) = &profile else {
            unreachable!()
        };
        for c in crate::schafkopf_contracts() {
            let hands = deal(sk::deck(false), &[8; 4], &mut rng);
            let g = sk::Game::new(hands, c, sk::PlayRules::from(p), Seat::North);
            check(&PointGame::new(g, [true; 4]), &format!("sk {}", c.word()));
        }
    }
}

/// Pandoeren (pagat): every contract of the bid table, each variant switch
/// that changes a goal (PD-V6, PD-V13, PD-V16) and every combination of the
/// play switches (PD-V1 … PD-V5), a random declarer, trumps, called card
/// and announced roem, from endgames of three or four tricks.
#[test]
fn pandoeren_agrees_with_minimax() {
    pandoeren_endgames(6, 900, (12, 5), |_, g, what| agree(g, what));
}

/// Calls `each` with `count` Pandoeren endgames dealt from `seed` (see
/// [`pandoeren_agrees_with_minimax`]), played at random down to
/// `left.0 + k` cards, `k` below `left.1`.
fn pandoeren_endgames(
    seed: u64,
    count: usize,
    left: (usize, u64),
    mut each: impl FnMut(usize, &mut crate::pandoeren::PandoerenGame, &str),
) {
    use crate::pandoeren::{Announced, PandoerenGame};
    use troef_cards::{Card, Rank};
    use troef_rules::pandoeren::bid::Bid;
    use troef_rules::pandoeren::profile::{KereltjeOwnJas, PiccoloGoal, Undertrump, ZwabberGoal};
    use troef_rules::pandoeren::{self as pd};
    let AnyProfile::Pandoeren(base) = builtin(troef_rules::GameKind::Pandoeren, "pagat").unwrap()
    else {
        unreachable!()
    };
    let mut goals = vec![base.clone()];
    let mut v = base.clone();
    v.piccolo_goal = PiccoloGoal::AnyOneTrick;
    v.zwabber_def = ZwabberGoal::Tachtigen;
    v.kereltje_own_jas = KereltjeOwnJas::Alone;
    goals.push(v);
    let mut v = base;
    v.piccolo_goal = PiccoloGoal::OneTrickWithJas;
    goals.push(v);
    // The goals above, each under some of the 32 combinations of the play
    // switches (PD-V1 … PD-V5), so that every combination plays.
    let variants = switch_combinations(&goals, 32, |p, m| {
        p.trump_while_able_to_follow = m & 1 != 0;
        p.undertrump_after_ruff = [Undertrump::Banned, Undertrump::Allowed][(m >> 1 & 1) as usize];
        p.overtrump_on_trump_lead = m & 4 != 0;
        p.must_trump_when_void = m & 8 != 0;
        p.jas_exempt = m & 16 != 0;
    });
    let bids = [
        Bid::Number(120),
        Bid::Number(150),
        Bid::Piccolo,
        Bid::Misere,
        Bid::Kereltje,
        Bid::Zwabber,
        Bid::SoloZwabber,
        Bid::Pandoer,
        Bid::PandoerPlus(40),
        Bid::Praatje,
        Bid::Prive,
    ];
    let mut rng = SplitMix64(seed);
    for i in 0..scaled(count) {
        let p = &variants[i % variants.len()];
        let dealt = deal(pd::DECK, &[8, 8, 8, 8, 1], &mut rng);
        let bid = bids[(rng.next_u64() % bids.len() as u64) as usize];
        let trump = bid
            .has_trumps()
            .then(|| Suit::ALL[(rng.next_u64() % 4) as usize]);
        let declarer = Seat::ALL[(rng.next_u64() % 4) as usize];
        let called = Card::new(Suit::ALL[(rng.next_u64() % 4) as usize], Rank::ACE);
        let Some(partner) =
            crate::game::pandoeren_partner(p, (bid, trump, Some(called)), declarer, &dealt)
        else {
            continue;
        };
        let announced = Announced {
            roem: [0, 20, 50][(rng.next_u64() % 3) as usize],
            stuk: [0, 20][(rng.next_u64() % 2) as usize],
        };
        let mut g = PandoerenGame::new(p, (bid, trump), (declarer, partner), dealt, announced);
        let cards = left.0 + (rng.next_u64() % left.1) as usize;
        advance(&mut g, &mut rng, cards);
        each(i, &mut g, &format!("pandoeren #{i} {bid} {trump:?}"));
    }
}

/// Ramsch: each tie rule, Jungfrau and Durchmarsch on and off, valued for
/// a random player, from endgames of three or four tricks; in every other
/// one the Obers and the best hearts stay in play, so that one side often
/// holds the top trumps (the bounds count them, see `RamschGame::bounds`).
/// Ramsch under netschafkopf's rules with every tie rule, with and without
/// Jungfrau and Durchmarsch.
fn ramsch_variants() -> Vec<sk::Profile> {
    use troef_rules::schafkopf::profile::RamschTie;
    let AnyProfile::Schafkopf(base) =
        builtin(troef_rules::GameKind::Schafkopf, "netschafkopf").unwrap()
    else {
        unreachable!()
    };
    let mut variants = Vec::new();
    for tie in [
        RamschTie::AllPay,
        RamschTie::LastTrick,
        RamschTie::HighestTrump,
    ] {
        for (jungfrau, durchmarsch) in [(true, true), (false, false)] {
            let mut v = base.clone();
            v.house.ramsch_tie = tie;
            v.house.ramsch_jungfrau = jungfrau;
            v.house.ramsch_durchmarsch = durchmarsch;
            variants.push(v);
        }
    }
    variants
}

/// A Ramsch deal under `p`: random hands, leader and player valued for.
fn ramsch(p: &sk::Profile, rng: &mut SplitMix64) -> (crate::ramsch::RamschGame, Seat) {
    let hands = deal(sk::deck(p.house.short_deck), &[p.hand_size(); 4], rng);
    let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
    let me = Seat::ALL[(rng.next_u64() % 4) as usize];
    (crate::ramsch::RamschGame::new(p, hands, leader, me), me)
}

/// The fact the table's order for Ramsch rests on (`RamschGame::in_order`),
/// by plain minimax on endgames of two tricks: where one player loses,
/// what `me` is paid never falls as another player's Augen grow, nor rises
/// as hers do. The Augen are set to near ties, where the order matters.
/// Where all tied players pay, the payment itself is not in that order
/// (so that rule keeps the Augen in the key): North is paid twice while
/// East and South tie with the most, once when East passes South. So is
/// the highest-trump rule between two players dealt no trump.
#[test]
fn ramsch_payment_is_in_order_of_the_augen_where_one_loses() {
    use troef_rules::schafkopf::profile::RamschTie;
    use troef_rules::schafkopf::score::{ramsch as score, RamschPlay};
    let variants = ramsch_variants();
    let winners = [Seat::North, Seat::East, Seat::South, Seat::West];
    for tie in [RamschTie::AllPay, RamschTie::HighestTrump] {
        let p = variants
            .iter()
            .find(|p| p.house.ramsch_tie == tie)
            .expect("a variant");
        // No one was dealt a trump.
        let paid = |points: [i32; 4]| {
            let play = RamschPlay {
                points: &BySeat(points),
                winners: &winners,
                hands: &BySeat([CardSet::EMPTY; 4]),
                trumps: &[],
            };
            score(p, &play, 0).by_seat[Seat::North.index()]
        };
        let tariff = i64::from(p.tariff.ramsch);
        assert_eq!(paid([20, 40, 40, 20]), 2 * tariff, "{tie:?}");
        assert_eq!(paid([20, 41, 40, 19]), tariff, "{tie:?}");
    }
    let one_loses: Vec<_> = variants
        .iter()
        .filter(|p| p.house.ramsch_tie != RamschTie::AllPay)
        .collect();
    let mut rng = SplitMix64(47);
    for i in 0..scaled(800) {
        let p = one_loses[i % one_loses.len()];
        let (mut g, me) = ramsch(p, &mut rng);
        advance(&mut g, &mut rng, 8);
        let other = me.plus(1 + (rng.next_u64() % 3) as usize);
        let near = 20 + (rng.next_u64() % 40) as i32;
        for s in Seat::ALL {
            g.engine.points[s] = near - (rng.next_u64() % 12) as i32;
        }
        let value = |g: &mut crate::ramsch::RamschGame| naive::value(g, &mut 0);
        let before = value(&mut g);
        let d = 1 + (rng.next_u64() % 6) as i32;
        g.engine.points[other] += d;
        let theirs_up = value(&mut g);
        g.engine.points[other] -= d;
        g.engine.points[me] += d;
        let mine_up = value(&mut g);
        let what = format!(
            "ramsch #{i} {:?} me {me:?} other {other:?} +{d}",
            p.house.ramsch_tie
        );
        assert!(theirs_up >= before, "{what}: {before} -> {theirs_up}");
        assert!(mine_up <= before, "{what}: {before} -> {mine_up}");
    }
}

/// A played Ramsch ending valued card by card for the player who plays
/// it, as `troef analyze` does: one solver, its player switched before
/// each card (`RamschGame::set_me`), holds to plain alpha-beta at every
/// position. What the solver keeps of a trick start by side (its memo of
/// the forced tricks) was kept across the switch, and gave a card of the
/// corpus a value of the other side's.
#[test]
fn ramsch_valued_for_each_player_in_turn_agrees_with_alpha_beta() {
    let variants = ramsch_variants();
    let mut rng = SplitMix64(53);
    for i in 0..scaled(60) {
        let p = &variants[i % variants.len()];
        let (mut g, _) = ramsch(p, &mut rng);
        advance(&mut g, &mut rng, 16 + 4 * (i % 2));
        let mut warm = Solver::new(Options::FULL);
        let mut played = 0;
        while !g.is_over() {
            let seat = g.to_play();
            g.set_me(seat);
            let expected = Solver::new(Options::ALPHA_BETA).card_values(&mut g);
            let what = format!("ramsch #{i} card {played} {seat:?}");
            assert_eq!(warm.card_values(&mut g), expected, "{what}");
            let legal: Vec<_> = g.legal().iter().collect();
            g.play(legal[(rng.next_u64() % legal.len() as u64) as usize]);
            played += 1;
        }
    }
}

/// As below, with two players dealt no trump under the highest-trump tie
/// rule, where two of them tied both pay: the table keeps the Augen in the
/// key there, and holds to plain alpha-beta.
#[test]
fn ramsch_without_trumps_for_two_agrees_with_alpha_beta() {
    use troef_rules::schafkopf::profile::RamschTie;
    let p = ramsch_variants()
        .into_iter()
        .find(|p| p.house.ramsch_tie == RamschTie::HighestTrump)
        .expect("a variant");
    let trumps: CardSet = sk::Contract::new(sk::Kind::Ramsch, None)
        .trump_order()
        .into_iter()
        .collect();
    let all = sk::deck(false).cards();
    let mut rng = SplitMix64(59);
    for i in 0..scaled(120) {
        // North and East hold 16 of the 18 plain cards; South and West the
        // trumps and the other two.
        let plain = shuffled(all - trumps, &mut rng);
        let north: CardSet = plain[..8].iter().copied().collect();
        let east: CardSet = plain[8..16].iter().copied().collect();
        let rest = shuffled(all - north - east, &mut rng);
        let south: CardSet = rest[..8].iter().copied().collect();
        let hands = BySeat([north, east, south, all - north - east - south]);
        let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
        let me = Seat::ALL[(rng.next_u64() % 4) as usize];
        let mut g = crate::ramsch::RamschGame::new(&p, hands, leader, me);
        advance(&mut g, &mut rng, 12 + 4 * (i % 2));
        // North and East near a tie for the most.
        let near = 40 + (rng.next_u64() % 20) as i32;
        for s in Seat::ALL {
            g.engine.points[s] = near - (rng.next_u64() % 4) as i32 - 20 * (s.index() >= 2) as i32;
        }
        agrees_with_alpha_beta(&mut g, &format!("ramsch without trumps #{i} me {me:?}"));
    }
}

/// Endgames of three to five tricks with the Augen set near a tie, where
/// the table answers for positions reached with other Augen
/// (`RamschGame::in_order`), hold to plain alpha-beta without a table.
#[test]
fn ramsch_in_order_agrees_with_alpha_beta() {
    let variants = ramsch_variants();
    let mut rng = SplitMix64(43);
    for i in 0..scaled(240) {
        let p = &variants[i % variants.len()];
        let (mut g, me) = ramsch(p, &mut rng);
        let left = 12 + 4 * (rng.next_u64() % 3) as usize;
        advance(&mut g, &mut rng, left);
        let near = 20 + (rng.next_u64() % 30) as i32;
        for s in Seat::ALL {
            g.engine.points[s] = near - (rng.next_u64() % 8) as i32;
        }
        let what = format!("ramsch #{i} {:?} me {me:?}", p.house.ramsch_tie);
        agrees_with_alpha_beta(&mut g, &what);
    }
}

#[test]
fn ramsch_agrees_with_minimax() {
    let variants = ramsch_variants();
    let mut rng = SplitMix64(7);
    for i in 0..scaled(600) {
        let p = &variants[i % variants.len()];
        let (mut g, me) = ramsch(p, &mut rng);
        let left = 12 + (rng.next_u64() % 5) as usize;
        let keep = if i % 2 == 1 {
            let trumps =
                troef_rules::schafkopf::Contract::new(sk::Kind::Ramsch, None).trump_order();
            trumps[..4].iter().chain(&trumps[8..10]).copied().collect()
        } else {
            CardSet::EMPTY
        };
        advance_keeping(&mut g, &mut rng, left, keep);
        agree(
            &mut g,
            &format!("ramsch #{i} {:?} me {me:?}", p.house.ramsch_tie),
        );
    }
}

/// What a lone player's trumps take by their count
/// ([`crate::order::trumps_take`]), worked by hand on trumps by place (bit 0
/// the strongest): hers, then the other three players'.
#[test]
fn trumps_take_by_their_count() {
    use crate::order::trumps_take;
    // Points by place: 3, 3, 2, 2, 11, 10, 4, 0.
    let points = [3, 3, 2, 2, 11, 10, 4, 0];
    let take = |ours: u64, theirs: u64| trumps_take(ours, theirs, |i| points[i as usize]);
    // The highest trump: a trick, whose points the top trumps count.
    assert_eq!(take(0b1, 0b10), Some((0, 1)));
    // Places 1 and 2 under the others' place 0: one trump takes only one
    // of them. The cheaper of the two: 2 points.
    assert_eq!(take(0b110, 0b1), Some((2, 1)));
    // Places 2 and 3 under places 0 and 1: each can fall to one of theirs.
    assert_eq!(take(0b1100, 0b11), None);
    // Places 1-5 (3, 2, 2, 11 and 10 points) under place 0: each falls in
    // a trick of its own, the one trump above takes one of those tricks,
    // she four: at worst all but the ace (11), 17 points.
    assert_eq!(take(0b11_1110, 0b1), Some((17, 4)));
    // The top trump (place 0, counted with the top trumps) and places 2
    // and 3 over place 1: the others take one of the two, she the other,
    // 2 points more.
    assert_eq!(take(0b1101, 0b10), Some((2, 2)));
    // Places 2-4 under places 0 and 1: three tricks, two of them theirs at
    // most. The cheapest of her three: 2 points.
    assert_eq!(take(0b1_1100, 0b11), Some((2, 1)));
    // No trumps: no trick.
    assert_eq!(take(0, 0b1), None);
    // Her one trump under theirs: none.
    assert_eq!(take(0b10, 0b1), None);
    // Her top trump over the others' places 1-3: a trick, counted with the
    // top trumps, and nothing more.
    assert_eq!(take(0b1, 0b1110), Some((0, 1)));
}

/// The bounds a trick start gives (from what each side takes by force,
/// [`crate::order::sure`]) hold the position's value, found by alpha-beta
/// with the exact table and no bounds, from trick starts of four to six
/// tricks: larger than the minimax tests reach, where the others' cards
/// added to each side's sure tricks add up to more.
#[test]
fn trick_start_bounds_hold_the_value() {
    use crate::order::{sure, Held, Order};
    fn holds<P: Position>(g: &mut P, what: &str) {
        if g.in_trick() != 0 || g.is_over() {
            return;
        }
        let order = Order::new(g);
        let held = Held::new(g.hands(), &order);
        let live = crate::live(g);
        let st = g.trick_start(0, sure(g, &order, &held), g.cards_bound(live));
        let v = Solver::new(Options::WITH_TABLE).value(g);
        assert!(
            st.lo <= v && v <= st.hi,
            "{what}: {v} outside [{}, {}]",
            st.lo,
            st.hi
        );
    }
    let mut rng = SplitMix64(17);
    let kj = profiles("klaverjassen");
    let jass_profiles = profiles("jass");
    let sk_profiles = profiles("schafkopf");
    for i in 0..scaled(150) {
        let tricks_left = 4 + (rng.next_u64() % 3) as usize;
        let AnyProfile::Klaverjassen(p) = &kj[i % kj.len()] else {
            unreachable!()
        };
        let mut g = klaverjas(p, &mut rng);
        advance(&mut g, &mut rng, 4 * tricks_left);
        holds(&mut g, &format!("kj #{i} {}", p.name));

        let AnyProfile::Jass(p) = &jass_profiles[i % jass_profiles.len()] else {
            unreachable!()
        };
        let hands = deal(jass::DECK, &[9, 9, 9, 9], &mut rng);
        let mode = jass::Mode::ALL[(rng.next_u64() % 6) as usize];
        let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
        let side = Seat::ALL.map(|s| s.team() == Team::ALL[i % 2]);
        let engine = jass::Game::new(hands, mode, jass::PlayRules::from(p), leader);
        let mut g = PointGame::new(engine, side);
        advance(&mut g, &mut rng, 4 * tricks_left);
        holds(&mut g, &format!("jass #{i} {mode:?}"));

        let AnyProfile::Schafkopf(p) = &sk_profiles[i % sk_profiles.len()] else {
            unreachable!()
        };
        if let Some((c, engine, side)) = schafkopf_game(p, false, &mut rng, |c| !c.tout) {
            let mut g = PointGame::new(engine, side);
            advance(&mut g, &mut rng, 4 * tricks_left);
            holds(&mut g, &format!("sk #{i} {}", c.word()));
        }
    }
}

/// What each side surely takes counts the others' cards in its sure tricks,
/// worked by hand. Jass Obenabe (no trumps; A 11, K 4, Q 3, J 2, 10 10,
/// 8 8, 9 7 6 nothing), three tricks left, North on lead with the ace and
/// king of spades and the six of diamonds; East holds the queen and jack of
/// spades and the ace of diamonds, South the eight and seven of spades and
/// the six of clubs, West the ten and nine of spades and the seven of
/// clubs. Everyone follows spades twice, so North-South take two tricks
/// whatever the others play: North's own 15 points, and East's and West's
/// two cards in them, at worst their cheapest (East's queen and jack, 5;
/// West's nine and seven, nothing). South's cards go to the same tricks but
/// are not counted (a partner's card may be one of the side's own sure
/// cards). The other side takes nothing for sure.
#[test]
fn sure_tricks_count_the_others_cards() {
    let (sp, di, cl) = (Suit::Spades, Suit::Diamonds, Suit::Clubs);
    let hands = BySeat([
        hand(&[(sp, 14), (sp, 13), (di, 6)]),
        hand(&[(sp, 12), (sp, 11), (di, 14)]),
        hand(&[(sp, 8), (sp, 7), (cl, 6)]),
        hand(&[(sp, 10), (sp, 9), (cl, 7)]),
    ]);
    let s = jass_sure(hands, jass::Mode::Obenabe);
    assert_eq!(s.points, (15 + 5, 0));
    assert_eq!(s.trick, (true, false));
    // No trump: nothing is the side's on every line of play.
    assert_eq!(s.always, (0, 0));
}

/// A side that surely takes every trick left takes every card in play and
/// the last trick's bonus ([`crate::order::sure`], "every trick"), worked by
/// hand. Jass Obenabe (A 11, K 4, Q 3, 10 10, 8 8, 9 7 6 nothing; 5 for the
/// last trick), three tricks left, North on lead; East and West hold no
/// spade, South the ace, ten and eight of clubs (29).
/// - North with the ace, king and queen of spades, East and West three
///   cards of nothing: North's spades take all three tricks, so
///   North-South take North's 18, South's 29 and the last trick's 5: 52,
///   where the quick tricks alone count North's 18 (East's and West's
///   cards are worth nothing; a partner's are not counted).
/// - North with the ace and king of spades and the six of hearts, East with
///   the seven: two sure tricks of three, and the count stays North's 15.
#[test]
fn a_side_that_takes_every_trick_takes_every_card() {
    let (sp, he, di, cl) = (Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs);
    let south = hand(&[(cl, 14), (cl, 10), (cl, 8)]);
    let every_trick = BySeat([
        hand(&[(sp, 14), (sp, 13), (sp, 12)]),
        hand(&[(he, 6), (he, 7), (he, 9)]),
        south,
        hand(&[(di, 6), (di, 7), (di, 9)]),
    ]);
    assert_eq!(
        jass_sure(every_trick, jass::Mode::Obenabe).points,
        (18 + 29 + 5, 0)
    );
    let two_tricks = BySeat([
        hand(&[(sp, 14), (sp, 13), (he, 6)]),
        hand(&[(he, 7), (di, 6), (di, 7)]),
        south,
        hand(&[(di, 9), (cl, 6), (cl, 7)]),
    ]);
    assert_eq!(jass_sure(two_tricks, jass::Mode::Obenabe).points, (15, 0));
}

/// A Jass deal of `hands` under the swiss profile (where a player may trump
/// while able to follow), North on lead, North-South maximising.
fn swiss_jass(hands: BySeat<CardSet>, mode: jass::Mode) -> PointGame<jass::Rules> {
    let AnyProfile::Jass(p) = builtin(troef_rules::GameKind::Jass, "swiss").unwrap() else {
        unreachable!()
    };
    assert!(
        p.trump_while_able_to_follow,
        "the swiss profile's free trumping"
    );
    let engine = jass::Game::new(hands, mode, jass::PlayRules::from(&p), Seat::North);
    PointGame::new(engine, Seat::ALL.map(|s| s.team() == Team::NS))
}

/// A hand of `cards`, each a suit and a rank (2 to 14, the ace 14).
fn hand(cards: &[(Suit, u8)]) -> CardSet {
    use troef_cards::{Card, Rank};
    (cards.iter())
        .map(|&(s, r)| Card::new(s, Rank::new(r).expect("a rank")))
        .collect()
}

/// What each side surely takes ([`crate::order::sure`]) at the start of
/// [`swiss_jass`]'s deal.
fn jass_sure(hands: BySeat<CardSet>, mode: jass::Mode) -> crate::Sure {
    use crate::order::{sure, Held, Order};
    let g = swiss_jass(hands, mode);
    let order = Order::new(&g);
    sure(&g, &order, &Held::new(g.hands(), &order))
}

/// Where trumping is free, a leader of two against two draws the trumps
/// before cashing a plain suit, worked by hand. Jass, hearts trumps (the
/// Buur, the jack, 20; the six 0), spades plain (ace 11, king 4); two
/// tricks left, North on lead with the Buur and the ace of spades, East
/// with the six of hearts and the king of spades, South and West two small
/// cards of other suits. Cashed at once, the ace may be ruffed by East's
/// six (East may trump while able to follow), so only the Buur's trick is
/// sure: 20 and at worst nothing from East and West. Drawn first, the Buur
/// takes East's only trump (she must follow trumps), and the ace then
/// takes the second trick with East's king: 20 + 11 + 4 for North-South,
/// and with both tricks every card in play and the last trick's 5 (South's
/// and West's cards are worth nothing): 40.
#[test]
fn a_leader_draws_trumps_where_trumping_is_free() {
    let (he, sp, cl, di) = (Suit::Hearts, Suit::Spades, Suit::Clubs, Suit::Diamonds);
    let hands = BySeat([
        hand(&[(he, 11), (sp, 14)]),
        hand(&[(he, 6), (sp, 13)]),
        hand(&[(cl, 7), (cl, 8)]),
        hand(&[(di, 7), (di, 8)]),
    ]);
    let s = jass_sure(hands, jass::Mode::Trump(Suit::Hearts));
    assert_eq!(s.points, (20 + 11 + 4 + 5, 0));
    assert_eq!(s.trick, (true, false));
}

/// The trumps the other side could draw, worked by hand. Jass, diamonds
/// trumps (from the top: the jack, the nine, ace, king, queen, ten, eight,
/// seven, six); North-South against East-West. North holds the jack and the
/// nine, South the king, East the ace, queen, eight and seven, West the ten
/// and the six. Against East, three trumps of North-South are stronger than
/// her queen (jack, nine, king), and she holds three no stronger than it
/// (queen, eight, seven): rounds led from the top could take all three. Her
/// ace is beaten by two, with all four of hers below it: it stays. West's
/// two trumps are both below the three; South's king is below East's ace and
/// is her only trump; nothing of East-West beats North's two.
#[test]
fn the_trumps_the_other_side_could_draw() {
    use crate::order::{doomed_trumps, Order};
    use troef_cards::{Card, Rank};
    let d = |r: u8| Card::new(Suit::Diamonds, Rank::new(r).expect("a rank"));
    let s = |r: u8| Card::new(Suit::Spades, Rank::new(r).expect("a rank"));
    let h = |r: u8| Card::new(Suit::Hearts, Rank::new(r).expect("a rank"));
    let hands = BySeat([
        CardSet::from_iter([d(11), d(9), s(6), s(12)]),
        CardSet::from_iter([d(14), d(12), d(8), d(7)]),
        CardSet::from_iter([d(13), s(11), s(9), s(8)]),
        CardSet::from_iter([d(10), d(6), h(6), h(9)]),
    ]);
    let g = swiss_jass(hands, jass::Mode::Trump(Suit::Diamonds));
    let order = Order::new(&g);
    let doomed = |seat| doomed_trumps(&g, &order, seat);
    assert_eq!(doomed(Seat::East), CardSet::from_iter([d(12), d(8), d(7)]));
    assert_eq!(doomed(Seat::West), CardSet::from_iter([d(10), d(6)]));
    assert_eq!(doomed(Seat::South), CardSet::from_iter([d(13)]));
    assert_eq!(doomed(Seat::North), CardSet::EMPTY);
}

/// The trick-start memo is keyed by the hands and the leader only: a solver
/// reset between deals, or between the two sides of one deal (the makers,
/// and so every forced point, change with the same hands), answers as a new
/// solver does, and a new solver that takes over the thread's last memo too.
#[test]
fn a_reset_solver_answers_as_a_new_one() {
    let mut rng = SplitMix64(33);
    let AnyProfile::Klaverjassen(p) = &profiles("klaverjassen")[0] else {
        unreachable!()
    };
    let mut reused = Solver::new(Options::FULL);
    for i in 0..scaled(40) {
        let hands = deal(kj::DECK, &[8, 8, 8, 8], &mut rng);
        let trump = Suit::ALL[i % 4];
        for makers in Team::ALL {
            let mut g = Klaverjas::new(hands, trump, makers, Seat::ALL[i / 4 % 4], p);
            // The same line for both sides: the same hands at the start.
            advance(&mut g, &mut SplitMix64(i as u64), 16);
            reused.reset();
            let got = reused.value(&mut g);
            let fresh = Solver::new(Options::FULL).value(&mut g);
            let plain = Solver::new(Options::ALPHA_BETA).value(&mut g);
            assert_eq!((got, fresh), (plain, plain), "deal {i}, makers {makers:?}");
        }
    }
}

/// What the thread's earlier solves left in the memos and tables it reuses
/// (the trick starts' bounds, the countermoves) never matches a later
/// solve: a deal solved again, by a new solver after others or by a reset
/// one, visits the same nodes (`troef analyze` reports them). The table
/// is small here, so that it grows in most solves: a reset solver starts
/// again at the size a new one does.
#[test]
fn a_solve_does_not_depend_on_the_solves_before_it() {
    let options = Options {
        table_bits: 10,
        ..Options::FULL
    };
    let mut rng = SplitMix64(34);
    let AnyProfile::Klaverjassen(p) = &profiles("klaverjassen")[0] else {
        unreachable!()
    };
    let games: Vec<Klaverjas> = (0..12).map(|_| klaverjas(p, &mut rng)).collect();
    let solve = |s: &mut Solver, g: &Klaverjas| {
        let mut g = g.clone();
        let before = s.stats.nodes;
        (s.value(&mut g), s.stats.nodes - before)
    };
    let first: Vec<_> = games
        .iter()
        .map(|g| solve(&mut Solver::new(options), g))
        .collect();
    let mut reused = Solver::new(options);
    for (i, g) in games.iter().enumerate().rev() {
        reused.reset();
        assert_eq!(solve(&mut reused, g), first[i], "deal {i}, reset solver");
        assert_eq!(
            solve(&mut Solver::new(options), g),
            first[i],
            "deal {i}, new solver"
        );
    }
}

/// Two solvers alive at once (the deal's and the one that annotates it, as
/// in the bench) each leave their tables to the thread's next two: none
/// allocates afresh.
#[test]
fn two_solvers_at_once_keep_their_tables() {
    std::thread::spawn(|| {
        let AnyProfile::Klaverjassen(p) =
            builtin(troef_rules::GameKind::Klaverjassen, "amsterdam").unwrap()
        else {
            unreachable!()
        };
        let mut rng = SplitMix64(33);
        let mut g = klaverjas(&p, &mut rng);
        // Five tricks left: an exact table of 2^10 slots (`table_bits`),
        // a rank table of a quarter as many.
        advance(&mut g, &mut rng, 20);
        let exact = || crate::search::spare_tables(crate::tt::EXACT_WORDS, 10);
        let rank = || crate::search::spare_tables(crate::tt::RANK_WORDS, 8);
        for round in 0..3 {
            let mut deal = Solver::new(Options::FULL);
            let v = deal.value(&mut g);
            let mut annotate = Solver::new(Options::FULL);
            assert_eq!(annotate.value(&mut g), v);
            // None left while both solvers live: from the second round on,
            // each took one the round before left.
            assert_eq!((exact(), rank()), (0, 0), "round {round}");
            drop(annotate);
            drop(deal);
            assert_eq!((exact(), rank()), (2, 2), "round {round}: both kept");
        }
    })
    .join()
    .unwrap();
}

/// The solver's value, and every card's, against a search with the table,
/// the ordering and MTD(f) but neither the trick starts' bounds nor the
/// classes of equal cards (the two parts that read the rules), on endgames
/// of five to seven tricks, deeper than minimax reaches: the bounds that
/// count sure tricks (quick tricks, trumps drawn, trumps by their count)
/// need more cards in play than three or four tricks hold. Every
/// combination of the play switches.
fn agrees_without_bounds<P: Position>(p: &mut P, what: &str) {
    let reference = Options {
        bounds: false,
        equivalence: false,
        ..Options::FULL
    };
    let expected = Solver::new(reference).card_values(p);
    assert_eq!(
        Solver::new(Options::FULL).card_values(p),
        expected,
        "{what}"
    );
}

#[test]
fn deep_endgames_agree_without_bounds() {
    let cards = |rng: &mut SplitMix64| 20 + (rng.next_u64() % 9) as usize;
    // Jass: every mode, the eight combinations of the play switches.
    let jass = jass_switches();
    let mut rng = SplitMix64(71);
    for i in 0..scaled(16) {
        let p = &jass[i % jass.len()];
        let hands = deal(jass::DECK, &[9, 9, 9, 9], &mut rng);
        let mode = jass::Mode::ALL[(rng.next_u64() % 6) as usize];
        let leader = Seat::ALL[(rng.next_u64() % 4) as usize];
        let team = Team::ALL[(rng.next_u64() % 2) as usize];
        let side = Seat::ALL.map(|s| s.team() == team);
        let mut g = PointGame::new(
            jass::Game::new(hands, mode, jass::PlayRules::from(p), leader),
            side,
        );
        let left = cards(&mut rng);
        advance(&mut g, &mut rng, left);
        agrees_without_bounds(&mut g, &format!("jass deep #{i} {} {mode:?}", p.name));
    }
    // Klaverjassen: the 32 combinations of the play switches.
    let kj = klaverjassen_switches();
    for i in 0..scaled(32) {
        let p = &kj[i % kj.len()];
        let mut g = klaverjas(p, &mut rng);
        let left = cards(&mut rng);
        advance(&mut g, &mut rng, left);
        agrees_without_bounds(&mut g, &format!("kj deep #{i} {}", p.name));
    }
    // Schafkopf: every contract, both sides of a solo.
    let sk = schafkopf_switches();
    let mut i = 0;
    let mut tried = 0;
    while tried < scaled(24) {
        i += 1;
        let p = &sk[i % sk.len()];
        let Some((c, engine, side)) = schafkopf_game(p, false, &mut rng, |_| true) else {
            continue;
        };
        tried += 1;
        let side = if i % 2 == 0 { side } else { side.map(|s| !s) };
        let mut g = PointGame::new(engine, side);
        let left = cards(&mut rng);
        advance(&mut g, &mut rng, left);
        agrees_without_bounds(&mut g, &format!("sk deep #{i} {} {}", p.name, c.word()));
    }
    // Pandoeren and Het pandoeren: every contract, every combination of
    // the play switches.
    pandoeren_endgames(72, 24, (20, 9), |_, g, what| {
        agrees_without_bounds(g, &format!("deep {what}"));
    });
    het_endgames(73, 24, (20, 9), |_, g, what| {
        agrees_without_bounds(g, &format!("deep {what}"));
    });
}
