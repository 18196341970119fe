//! Rule profiles as data: the built-in files, the file format's errors,
//! `base` inheritance, `[Rules]` naming a file, and the committed schemas.

use crate::common::*;
use std::path::{Path, PathBuf};
use troef_rules::profiles::{self, AnyProfile, Profiles};
use troef_rules::{Context, GameKind, MatchTracker};

/// A fresh directory for profile files written by a test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("troef-profiles-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn parse(text: &str) -> Result<AnyProfile, String> {
    AnyProfile::parse(text, "test.toml", None).map_err(|e| e.to_string())
}

#[test]
fn builtins_load_and_defaults_come_first() {
    for (game, name, _) in profiles::builtin_files() {
        let p = profiles::builtin_checked(game, name)
            .unwrap()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!((p.game(), p.name()), (game, name));
        assert!(!p.description().is_empty(), "{name} has no description");
    }
    assert_eq!(
        profiles::default_name(GameKind::Klaverjassen),
        Some("amsterdam")
    );
    assert_eq!(profiles::default_name(GameKind::Pandoeren), Some("pagat"));
    assert_eq!(
        profiles::builtin_names(GameKind::Klaverjassen),
        ["amsterdam", "rotterdam", "seed", "utrecht", "parlett"]
    );
}

/// The built-in files say what the rules files say. Pinned per field
/// against rules-klaverjassen.md section 4 and rules-pandoeren.md section 4.
#[test]
fn builtins_pinned_to_the_rules_files() {
    let v = |game: &str, name: &str, key: &str| {
        let p = profiles::builtin(GameKind::parse(game).unwrap(), name).unwrap();
        profiles::value_of(&p, key).unwrap().to_string()
    };
    // KJ-V1 and KJ-V3 (the legality table of rules-klaverjassen.md section 4),
    // KJ-V5 and KJ-V6 (sections 3 and 5); PD-V2, PD-V14 and the payouts
    // (rules-pandoeren.md sections 3 and 4).
    const PINS: &str = "
        klaverjassen rotterdam partner_winning_release false
        klaverjassen amsterdam partner_winning_release true
        klaverjassen utrecht   partner_winning_release true
        klaverjassen seed      partner_winning_release true
        klaverjassen rotterdam cannot_overtrump \"undertrump\"
        klaverjassen amsterdam cannot_overtrump \"discard_plain\"
        klaverjassen utrecht   cannot_overtrump \"undertrump_unless_partner\"
        klaverjassen seed      cannot_overtrump \"free\"
        klaverjassen seed      quartet_value \"fifty\"
        klaverjassen amsterdam quartet_value \"pagat\"
        klaverjassen parlett   quartet_value \"hundred_any\"
        klaverjassen seed      trump_selection \"trump_pile\"
        klaverjassen parlett   trump_selection \"parlett_bidding\"
        pandoeren pagat     undertrump_after_ruff \"banned\"
        pandoeren butselaar undertrump_after_ruff \"allowed\"
        pandoeren pagat     lowest_bid 120
        pandoeren butselaar lowest_bid 130
        pandoeren pagat     scores.prive 10
        pandoeren butselaar scores.stil_praatje 8
        schafkopf bavarian runner_minimum.wenz 2
        schafkopf bavarian runner_minimum.call_ace 3
        schafkopf parlett  runner_minimum.wenz 3
        schafkopf netschafkopf runner_minimum.wenz 3
        schafkopf pm-regeln runner_minimum.call_ace 3
        schafkopf pm-regeln runner_minimum.wenz 2
        schafkopf pm-regeln runner_minimum.farbwenz 2
        schafkopf pm-regeln tariff.solo 50
        schafkopf pm-regeln-1-5-1 runner_minimum.wenz 0
        schafkopf pm-regeln-1-5-1 tariff.call_ace 1
        schafkopf pm-regeln-1-5-1 tariff.solo 5
        schafkopf pm-regeln-1-5-1 tariff.extra 1
    ";
    for line in PINS.lines().filter(|l| !l.trim().is_empty()) {
        let w: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(v(w[0], w[1], w[2]), w[3], "{line}");
    }
    // butselaar gives only part of [scores]; the rest is pagat's.
    assert_eq!(v("pandoeren", "butselaar", "scores.praatje"), "9");
}

/// `troef rules show` prints a profile file that loads back as the same
/// profile, for every built-in and every profile in the corpus.
#[test]
fn documented_toml_round_trips() {
    let mut all: Vec<AnyProfile> = profiles::builtin_files()
        .map(|(g, n, _)| profiles::builtin(g, n).unwrap())
        .collect();
    for path in files("corpus", "toml") {
        if path.ends_with("cases.toml") || rel(&path).contains("broken") {
            continue;
        }
        all.push(AnyProfile::load(&path).unwrap_or_else(|e| panic!("{e}")));
    }
    assert!(all.len() >= 10);
    for p in all {
        let text = profiles::to_documented_toml(&p);
        let back =
            AnyProfile::parse(&text, "shown", None).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, p, "{}", p.name());
        // Every rule field is documented, with its variant id where it has one.
        for f in profiles::fields(p.game()) {
            assert!(
                !f.meaning.is_empty(),
                "{}: {} undocumented",
                p.game(),
                f.key
            );
            // The match target is a profile field without a variant id: the
            // rules file gives the sources' targets in its first table.
            if !f.key.contains('.') && f.key != "target" {
                let id =
                    f.id.as_deref()
                        .unwrap_or_else(|| panic!("{}: no id", f.key));
                assert!(text.contains(&format!("# {id}")), "{}", f.key);
            }
        }
    }
}

#[test]
fn every_rules_file_variant_is_a_field() {
    for (game, prefix, file, max) in [
        ("klaverjassen", "KJ-V", "rules-klaverjassen.md", 11),
        ("pandoeren", "PD-V", "rules-pandoeren.md", 18),
        ("jass", "JS-V", "rules-jass.md", 11),
        ("schafkopf", "SK-V", "rules-schafkopf.md", 9),
        ("dumbal", "DB-V", "rules-dumbal.md", 9),
        ("het-pandoeren", "H-V", "rules-pandoeren-heerlen.md", 13),
    ] {
        let ids: Vec<String> = profiles::fields(GameKind::parse(game).unwrap())
            .into_iter()
            .filter_map(|f| f.id)
            .collect();
        for n in 1..=max {
            assert!(
                ids.contains(&format!("{prefix}{n}")),
                "{file}: {prefix}{n} is no field"
            );
        }
    }
}

#[test]
fn errors_are_clear() {
    let head = "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"x\"\nbase = \"amsterdam\"\n";
    // Unknown field: line, column, the line, the known fields.
    let e = parse(&format!("{head}quartett_value = \"fifty\"\n")).unwrap_err();
    assert!(e.contains("line 5, column 1"), "{e}");
    assert!(e.contains("unknown field `quartett_value`"), "{e}");
    assert!(e.contains("quartet_value"), "{e}");
    // Unknown value: the allowed ones.
    let e = parse(&format!("{head}quartet_value = \"sixty\"\n")).unwrap_err();
    assert!(e.contains("line 5"), "{e}");
    assert!(e.contains("unknown variant `sixty`"), "{e}");
    assert!(e.contains("`hundred_any`"), "{e}");
    // Wrong type.
    let e = parse(&format!("{head}double_spades = \"yes\"\n")).unwrap_err();
    assert!(e.contains("expected a boolean"), "{e}");
    // Missing fields without a base.
    let e = parse("troef_profile = 1\ngame = \"klaverjassen\"\nname = \"x\"\n").unwrap_err();
    assert!(e.contains("missing field"), "{e}");
    assert!(e.contains("base"), "{e}");
    // Version, game, name.
    let e = parse("game = \"klaverjassen\"\nname = \"x\"\n").unwrap_err();
    assert!(e.contains("troef_profile"), "{e}");
    let e = parse("troef_profile = 2\ngame = \"klaverjassen\"\nname = \"x\"\n").unwrap_err();
    assert!(e.contains("newer"), "{e}");
    let e = parse("troef_profile = 1\ngame = \"bridge\"\nname = \"x\"\n").unwrap_err();
    assert!(e.contains("unknown game `bridge`"), "{e}");
    let e = parse("troef_profile = 1\ngame = \"klaverjassen\"\n").unwrap_err();
    assert!(e.contains("missing `name`"), "{e}");
    // A base that does not exist, or of another game.
    let e = parse("troef_profile = 1\ngame = \"klaverjassen\"\nname = \"x\"\nbase = \"haarlem\"\n")
        .unwrap_err();
    assert!(
        e.contains("base `haarlem`") && e.contains("rotterdam"),
        "{e}"
    );
    let e = parse("troef_profile = 1\ngame = \"klaverjassen\"\nname = \"x\"\nbase = \"pagat\"\n")
        .unwrap_err();
    assert!(e.contains("base `pagat`"), "{e}");
    // A bad key inside a partial nested table.
    let e = parse(
        "troef_profile = 1\ngame = \"pandoeren\"\nname = \"x\"\nbase = \"pagat\"\n[scores]\npicolo = 4\n",
    )
    .unwrap_err();
    assert!(e.contains("unknown field `picolo`"), "{e}");
    // Not TOML at all.
    let e = parse("troef_profile = 1\ngame = klaverjassen\n").unwrap_err();
    assert!(e.contains("line 2"), "{e}");
}

/// SK-V4 per contract (issue 29, item 7): one number for every contract,
/// or a table of the six; a partial table fills in from the base; a
/// misspelt contract is refused by name.
#[test]
fn runner_minimum_per_contract() {
    let head = "troef_profile = 1\ngame = \"schafkopf\"\nname = \"x\"\nbase = \"bavarian\"\n";
    let minimum = |p: AnyProfile| match p {
        AnyProfile::Schafkopf(p) => p.runner_minimum,
        _ => unreachable!(),
    };
    let every = minimum(parse(&format!("{head}runner_minimum = 4\n")).unwrap());
    assert_eq!((every.call_ace, every.wenz, every.farbgeier), (4, 4, 4));
    let some = minimum(parse(&format!("{head}[runner_minimum]\nfarbwenz = 2\n")).unwrap());
    // farbwenz given; wenz 2 and call_ace 3 are bavarian's.
    assert_eq!((some.farbwenz, some.wenz, some.call_ace), (2, 2, 3));
    let e = parse(&format!("{head}[runner_minimum]\nfarbwnez = 2\n")).unwrap_err();
    assert!(
        e.contains("unknown field `farbwnez`") && e.contains("farbwenz"),
        "{e}"
    );
    let e = parse(&format!("{head}runner_minimum = 300\n")).unwrap_err();
    assert!(e.contains("a number of runners"), "{e}");
    let e = parse(&format!("{head}runner_minimum = \"two\"\n")).unwrap_err();
    assert!(e.contains("a number of runners"), "{e}");
    // The key of older profile files says what to write instead.
    let e = parse(&format!("{head}wenz_runner_minimum = 2\n")).unwrap_err();
    assert!(e.contains("`[runner_minimum]` with `wenz = N`"), "{e}");
}

#[test]
fn base_chains_files_and_cycles() {
    let dir = scratch("chains");
    write(
        &dir,
        "club.toml",
        "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"club\"\nbase = \"rotterdam\"\ndouble_spades = true\n",
    );
    let p = write(
        &dir,
        "club-nines.toml",
        "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"club-nines\"\nbase = \"club.toml\"\nquartet_value = \"hundred_any\"\n",
    );
    let AnyProfile::Klaverjassen(k) = AnyProfile::load(&p).unwrap() else {
        panic!("a Klaverjassen profile")
    };
    assert_eq!(k.name, "club-nines");
    assert!(k.double_spades);
    assert!(!k.partner_winning_release, "rotterdam's, through club.toml");
    assert_eq!(k.description, "", "descriptions are not inherited");
    // A cycle is an error, not a stack overflow.
    let a = write(
        &dir,
        "a.toml",
        "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"a\"\nbase = \"b.toml\"\n",
    );
    write(
        &dir,
        "b.toml",
        "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"b\"\nbase = \"a.toml\"\n",
    );
    let e = AnyProfile::load(&a).unwrap_err().to_string();
    assert!(e.contains("chain longer"), "{e}");
    // Not a file; too large.
    assert!(AnyProfile::load(&dir).is_err());
    let big = write(&dir, "big.toml", &"# padding\n".repeat(40_000));
    let e = AnyProfile::load(&big).unwrap_err().to_string();
    assert!(e.contains("larger than"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn replay_text(text: &str, profiles: Profiles) -> troef_rules::ReplayOutcome {
    let rec = troef_ttn::parse_record(text, 0, &troef_rules::VOCABULARY)
        .record
        .unwrap();
    let mut cx = Context {
        profiles,
        trace: false,
        moves: false,
    };
    troef_rules::replay_in(&rec, &mut MatchTracker::default(), &mut cx)
}

#[test]
fn rules_tag_names_a_file_and_cli_overrides() {
    let dir = scratch("tag");
    write(
        &dir,
        "club.toml",
        "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"club\"\nbase = \"rotterdam\"\n",
    );
    write(
        &dir,
        "broken.toml",
        "troef_profile = 1\ngame = \"klaverjassen\"\nname = \"b\"\nbase = \"amsterdam\"\nfoo = 1\n",
    );
    let rec = |rules: &str| {
        format!(
            "[Game \"klaverjassen\"]\n[Rules \"{rules}\"]\n[Dealer \"S\"]\n[Deal \"N:A98.K.87.J8 Q.A9.J9.KQ9 7.QT8.QT.T7 KJT.J7.AK.A\"]\n[Auction \"W\"]\nH\n"
        )
    };
    let out = replay_text(&rec("club.toml"), Profiles::new(Some(dir.clone())));
    assert!(
        !out.diagnostics.iter().any(|d| d.is_error()),
        "{:?}",
        out.diagnostics
    );
    assert_eq!(out.replay.unwrap().rules, "club");
    // Missing file, invalid file, another game's profile: E212 with the reason.
    for (file, want) in [
        ("missing.toml", "missing.toml"),
        ("broken.toml", "unknown field `foo`"),
    ] {
        let out = replay_text(&rec(file), Profiles::new(Some(dir.clone())));
        assert_eq!(out.diagnostics.len(), 1);
        let d = &out.diagnostics[0];
        assert_eq!(d.code.as_str(), "E212");
        let all = format!("{} {}", d.message, d.notes.join(" "));
        assert!(all.contains(want), "{all}");
    }
    let pd = write(
        &dir,
        "pd.toml",
        "troef_profile = 1\ngame = \"pandoeren\"\nname = \"pd\"\nbase = \"pagat\"\n",
    );
    let out = replay_text(&rec(pd.to_str().unwrap()), Profiles::new(None));
    assert_eq!(out.diagnostics[0].code.as_str(), "E212");
    assert!(out.diagnostics[0].message.contains("pandoeren profile"));
    // Unknown names stay E203; names are case-insensitive.
    let out = replay_text(&rec("Haarlem"), Profiles::new(None));
    assert_eq!(out.diagnostics[0].code.as_str(), "E203");
    let out = replay_text(&rec("ROTTERDAM"), Profiles::new(None));
    assert_eq!(out.replay.unwrap().rules, "rotterdam");
    // An override replaces the tag for records of its game only.
    let over = || Profiles::new(None).with_overrides(profiles::lookup("seed").unwrap());
    let out = replay_text(&rec("Haarlem"), over());
    assert_eq!(out.replay.unwrap().rules, "seed");
    let pd_rec = "[Game \"pandoeren\"]\n[Rules \"butselaar\"]\n[DealNo \"0\"]\n";
    let out = replay_text(pd_rec, over());
    assert_eq!(out.replay.unwrap().rules, "butselaar");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn committed_profile_schemas_are_current() {
    for game in GameKind::ALL {
        let path = format!("spec/schema/profile-{game}.schema.json");
        let committed = std::fs::read_to_string(root().join(&path))
            .unwrap_or_else(|_| panic!("{path} is missing"));
        let current =
            serde_json::to_string_pretty(&profiles::schema(game).unwrap()).unwrap() + "\n";
        assert!(
            committed == current,
            "{path} is stale; regenerate it with:\n    cargo run -q --bin troef -- rules schema {game} > {path}"
        );
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 400, failure_persistence: None, ..Default::default() })]
    /// Mangled profile files give an error or a profile, never a panic.
    #[test]
    fn mangled_profiles_do_not_panic(
        which in 0usize..7,
        edits in proptest::collection::vec((0usize..4000, 0u8..4, proptest::char::any()), 1..8),
    ) {
        let (_, _, text) = profiles::builtin_files().nth(which).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        for (at, op, c) in edits {
            let i = at % (chars.len() + 1);
            match op {
                0 => chars.insert(i, c),
                1 if i < chars.len() => { chars.remove(i); }
                2 if i < chars.len() => chars[i] = c,
                _ => chars.insert(i, ['"', '[', ']', '=', '\n', '#'][at % 6]),
            }
        }
        let text: String = chars.into_iter().collect();
        let _ = AnyProfile::parse(&text, "mangled", None);
    }
}

/// `troef rules diff heerlen pagat`: the rules Het pandoeren shares with
/// Pandoeren, compared as the rules reference's table of variants against
/// seed 000 gives them: H-V1 to H-V3 agree (troef reads seed 001's
/// undertrump ban as seed 000's), H-V4 to H-V9 differ.
#[test]
fn heerlen_against_pagat() {
    let heerlen =
        AnyProfile::HetPandoeren(troef_rules::het_pandoeren::Profile::builtin("heerlen").unwrap());
    let pagat = AnyProfile::Pandoeren(troef_rules::pandoeren::Profile::builtin("pagat").unwrap());
    let rules = profiles::diff_related(&heerlen, &pagat).unwrap();
    let differ: Vec<&str> = rules
        .iter()
        .filter(|r| !r.same)
        .filter_map(|r| r.id_a.as_deref())
        .collect();
    assert_eq!(differ, ["H-V4", "H-V5", "H-V6", "H-V7", "H-V8", "H-V9"]);
    let v9 = rules
        .iter()
        .find(|r| r.id_a.as_deref() == Some("H-V9"))
        .unwrap();
    assert_eq!(
        (v9.id_b.as_deref(), v9.a.as_str(), v9.b.as_str()),
        (Some("PD-V15"), "\"zero_sum\"", "\"declarers_only\"")
    );
    // The other way round, the sides swap.
    let back = profiles::diff_related(&pagat, &heerlen).unwrap();
    assert_eq!(back[0].key_b.as_deref(), Some("undertrump_after_ruff"));
    assert!(profiles::diff_related(&pagat, &pagat).is_none());
}
