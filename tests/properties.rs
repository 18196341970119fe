//! Properties of the notation: canonical printing is idempotent and
//! print -> parse is the identity; no input makes the checker panic.

use crate::common::*;
use proptest::prelude::*;
use troef_ttn::print::Layout;
use troef_ttn::*;

fn comment() -> impl Strategy<Value = Comment> {
    prop_oneof![
        "[a-zA-Z0-9 ,.;!?()\\[\\]\"'-]{0,20}".prop_map(|t| (CommentKind::Brace, t)),
        "[a-zA-Z0-9 ,.{}()\\[\\]\"'-]{0,20}".prop_map(|t| (CommentKind::Line, t)),
        // A `%` line starting `TTN` is a version line, not a comment
        // (`troef_ttn::unprintable` says so).
        "[a-zA-Z0-9 ,.-]{0,20}"
            .prop_filter("a version line", |t| !t.trim().starts_with("TTN"))
            .prop_map(|t| (CommentKind::Escape, t)),
    ]
    .prop_map(|(kind, t)| Comment {
        kind,
        text: t.trim().to_string(),
        span: Span::default(),
    })
}

fn token(depth: u32) -> BoxedStrategy<Token> {
    let kind = prop_oneof![
        (0u32..64).prop_filter_map("a card", |i| troef_cards::Card::from_index(i)
            .map(TokenKind::Card)),
        prop::sample::select(vec![
            "pass",
            "play",
            "roem:20",
            "stuk",
            "revoke",
            "H",
            "130",
            "pandoer+20"
        ])
        .prop_map(|w| TokenKind::Word(w.to_string())),
    ];
    let glyph = prop::option::of(prop::sample::select(vec![
        Glyph::Good,
        Glyph::Mistake,
        Glyph::Brilliant,
        Glyph::Blunder,
        Glyph::Interesting,
        Glyph::Dubious,
    ]));
    let vars: BoxedStrategy<Vec<Vec<Token>>> = if depth == 0 {
        Just(Vec::new()).boxed()
    } else {
        prop::collection::vec(prop::collection::vec(token(depth - 1), 1..3), 0..2).boxed()
    };
    (
        kind,
        glyph,
        prop::collection::vec(0u16..300, 0..2),
        prop::collection::vec(comment(), 0..2),
        vars,
    )
        .prop_map(|(kind, glyph, nags, comments, variations)| Token {
            kind,
            glyph,
            nags: nags.into(),
            comments: comments.into(),
            variations: variations.into(),
            span: Span::default(),
        })
        .boxed()
}

fn record() -> impl Strategy<Value = Record> {
    let tag = |name: &'static str, section: bool| {
        // Values the printer keeps as written: free text, or a canonical seat for section tags.
        let value = if section {
            prop::sample::select(vec!["N", "E", "S", "W", ""])
                .prop_map(str::to_string)
                .boxed()
        } else {
            "[ -~]{0,16}".boxed()
        };
        (
            value,
            prop::collection::vec(comment(), 0..2),
            if section {
                prop::collection::vec(token(2), 0..10).boxed()
            } else {
                Just(Vec::new()).boxed()
            },
        )
            .prop_map(move |(value, comments, section)| Tag {
                name: name.to_string().into(),
                value: value.into(),
                comments,
                section,
                span: Span::default(),
                value_span: Span::default(),
            })
    };
    (
        prop::collection::vec(comment(), 0..2),
        tag("Event", false),
        prop::option::of(tag("Site", false)),
        tag("Auction", true),
        tag("Play", true),
        prop::option::of(tag("X_Custom", true)),
    )
        .prop_map(|(leading, ev, site, auc, play, custom)| {
            let mut tags = vec![ev];
            tags.extend(site);
            tags.push(auc);
            tags.push(play);
            tags.extend(custom);
            Record {
                leading,
                tags,
                span: Span::default(),
            }
        })
}

fn print(r: &Record) -> String {
    let mut s = String::new();
    print_record(r, Layout::default(), &mut s);
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// parse(print(r)) == r, and printing again gives the same text.
    #[test]
    fn print_then_parse_is_identity(r in record()) {
        let text = print(&r);
        let parsed = parse_record(&text, 0, &troef_rules::VOCABULARY);
        prop_assert!(parsed.diagnostics.is_empty(), "{:?}\n{}", parsed.diagnostics, text);
        let back = parsed.record.unwrap();
        prop_assert_eq!(back.without_spans(), r.without_spans(), "\n{}", text);
        prop_assert_eq!(print(&back), text);
    }

    /// Arbitrary bytes: the reader and checker never panic, and every
    /// diagnostic points inside the input.
    #[test]
    fn arbitrary_input_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        for c in troef_rules::check::Checker::new(&bytes[..]) {
            let c = c.unwrap();
            for d in &c.diagnostics {
                prop_assert!(d.span.start <= bytes.len() + 3 && d.span.start <= d.span.end.max(d.span.start));
            }
        }
    }

    /// The reader splits text into the same records (text, offset, line,
    /// diagnostics) whether it gets the input a byte at a time (every line
    /// read on its own) or in large buffers (whole records taken at once):
    /// corpus text with blank lines, spaces, CRs and bytes that are not
    /// UTF-8 put in at random.
    #[test]
    fn the_reader_splits_alike_whatever_its_buffer(file in 0usize..256, limit in prop::sample::select(vec![40usize, 300, 1 << 20]), edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec![&b"\n"[..], b"\n\n", b" \n", b"\n \n", b"\t", b"\r", b"\r\n", b"\r\r", b"\n\r\n", b"\xff", b"\xc3", b"x"])), 0..8)) {
        let files = files("corpus", "ttn");
        let mut bytes = std::fs::read(&files[file % files.len()]).unwrap();
        for (at, ins) in edits {
            let i = at.index(bytes.len() + 1);
            bytes.splice(i..i, ins.iter().copied());
        }
        let split = |capacity: usize| -> Vec<(String, usize, usize, Vec<String>)> {
            let inner = std::io::BufReader::with_capacity(capacity, &bytes[..]);
            RecordReader::with_limit(inner, limit)
                .map(|r| {
                    let r = r.unwrap();
                    let d = r.diagnostics.iter().map(|d| format!("{d:?}")).collect();
                    (r.text, r.offset, r.line, d)
                })
                .collect()
        };
        prop_assert_eq!(split(1), split(1 << 16));
    }

    /// Corpus text with random edits: no panic; the canonical form is a fixed point.
    #[test]
    fn mutated_corpus_never_panics(file in 0usize..256, edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec!["", " ", "\n", "{", "}", "(", ")", "[", "]", "\"", ";", "$9", "!?", "SA", "roem:20", "stuk", "revoke", "\n\n", "%", "♥", "pass", "pandoer+20", "ask:S", "best:CQJT9", "deny:W:KKKK", "discard:C7", "call:SA", "trump:D", "take", "roem:50", "weis:CQJT9", "weis:JJJJ", "weis-won:N", "stoeck", "trick:N:20", "schieben", "obenabe", "undeufe", "[Winner \"NS\"]", "call:S", "me-too", "kontra", "re:N", "double", "solo-tout:H", "ramsch", "[Exchange \"schieber\"]", "[Points \"defenders 40\"]", "[Value \"20\"]", "stock", "stock:D5", "take:S2", "show", "show:3", "slap:D7", "[Turns \"2\"]", "[Stock \"C3 H3\"]", "[Total \"1:0 2:110 out:2\"]", "halve-stoet", "die-zit:W", "4e-boer", "buy:DJ:D7", "give:C7", "pass:C8", "to:E", "back:S", "open:H6", "[Rommelpot \"N\"]"])), 1..6)) {
        let files = files("corpus", "ttn");
        let mut text = std::fs::read_to_string(&files[file % files.len()]).unwrap();
        for (at, ins) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) { i -= 1; }
            text.insert_str(i, ins);
        }
        // The checker (parse, replay, score) never panics on it either.
        let checked = check_text(&text);
        prop_assert!(checked.iter().all(|c| c.raw.offset <= text.len()));
        let canon = canonical(&text);
        let again = canonical(&canon);
        prop_assert_eq!(again, canon);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// The log importers never panic: arbitrary bytes, and the fixtures
    /// with random edits (cuts, inserted JSON fragments). Whatever they
    /// write is canonical TTN.
    #[test]
    fn importers_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300),
                             which in 0usize..3,
                             edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec!["", "{", "}", "[", "]", ",", "\"", "null", "-1", "99", "\"number\": 15", "\"color\": \"STARS\"", "\"messageType\": \"DEAL_CARDS\"", "\"trump\": 10", "\"H11\""])), 1..5)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = troef_export::interop::jass_server::import(&text, "fuzz.json", None);
        let _ = troef_export::interop::jass_kit::import(&text, "fuzz.json", "swiss");
        let _ = troef_export::interop::netschafkopf::import(&bytes, "fuzz.txt", None);
        let fixtures = ["corpus/import/jass-server/two-hands.json", "corpus/import/jass-kit/rounds.json", "corpus/import/jass-kit/gamestate-lines.jsonl"];
        let mut text = std::fs::read_to_string(root().join(fixtures[which])).unwrap();
        for (at, ins) in edits {
            let i = at.index(text.len() + 1);
            text.insert_str(i, ins);
        }
        for im in [
            troef_export::interop::jass_server::import(&text, "fuzz.json", None),
            troef_export::interop::jass_kit::import(&text, "fuzz.json", "swiss"),
        ] {
            prop_assert_eq!(canonical(&im.text), im.text.clone());
        }
    }

    /// The NetSchafkopf importer on its fixture with random edits (cut
    /// lines, odd cards, game names, numbers): no panic, canonical TTN.
    #[test]
    fn netschafkopf_importer_never_panics(edits in prop::collection::vec((any::<prop::sample::Index>(), prop::sample::select(vec!["", " ", "\r\n", "\r\n \r\n", "XX ", "DU ", "EA ", "Geber: Gast\r\n", "Gast hat: EA\r\n", "Gast spielt Wenz\r\n", "spielt aus: ", "Spiel    Preis      PcLinks       PcOben     PcRechts         Gast    Stock\r\n", "-99999999999999999999", "7 mal aufgedoppelt", "\u{fc}", "\u{ff}"])), 1..6)) {
        let bytes = std::fs::read(root().join("corpus/import/netschafkopf/session.txt")).unwrap();
        let mut text = troef_export::interop::netschafkopf::decode(&bytes);
        for (at, ins) in edits {
            let mut i = at.index(text.len() + 1);
            while !text.is_char_boundary(i) { i -= 1; }
            text.insert_str(i, ins);
        }
        let im = troef_export::interop::netschafkopf::import(text.as_bytes(), "fuzz.txt", None);
        prop_assert_eq!(canonical(&im.text), im.text);
        prop_assert!(im.records <= 4);
    }
}

/// The lenient import form reads as its canonical form.
#[test]
fn lenient_form_reads_as_canonical() {
    let lenient = "[game \"Klaverjassen\"]  [RULES \"Rotterdam\"]\n[dealer \"north\"] [deal \"n:7.qj.j9.a98 j98.a10..jt7 akt.k9.k8.k q.87.aqt7.q\"]\n[auction \"e\"] h\n[play \"east\"]\n♥a ♥9 ♥7 ♥j ♣a ♣7 ♣k ♣q roem:20\nhq h10 hk h8 stuk ct d8 da c8 sj sa sq s7 st d7 dj s8 sk dq d9 s9 dk dt c9 cj\n[result \"ew 0, ns 202 NAT\"]\n";
    let canon = canonical(lenient);
    let checked = check_text(&canon);
    assert!(checked.iter().all(|c| c.is_valid()), "{canon}");
    insta::assert_snapshot!(canon);
}

/// Text that TTN may or may not hold: delimiters, line ends, blank lines, a
/// version line, markup, right-to-left marks.
fn hostile() -> impl Strategy<Value = String> {
    let piece = prop::sample::select(vec![
        "",
        " ",
        "x",
        "Anna",
        "\n",
        "\r",
        "\r\n",
        "\n\n",
        "\n \n",
        "}",
        "{",
        "\"",
        "\\",
        "]",
        "\"]",
        "[",
        "% TTN 2",
        "TTN 2",
        ";",
        "pass",
        "PASS",
        "two words",
        "HA",
        "sa",
        "é",
        "\u{202e}",
        "</script>",
        "(",
        ")",
        "$1",
        "!",
        "\t",
    ]);
    let hostile = prop::collection::vec(piece, 0..4).prop_map(|v| v.concat());
    // Mostly text TTN holds, so that records are taken as well as refused.
    prop_oneof![4 => "[a-zA-Z0-9 ,.!?'-]{0,12}", 1 => hostile]
}

fn json_comment() -> impl Strategy<Value = serde_json::Value> {
    (
        prop::sample::select(vec!["brace", "line", "escape"]),
        hostile(),
    )
        .prop_map(|(kind, text)| serde_json::json!({"kind": kind, "text": text}))
}

fn json_tokens(depth: u32) -> BoxedStrategy<Vec<serde_json::Value>> {
    let kind = prop_oneof![
        prop::sample::select(vec!["HA", "SA", "C7"]).prop_map(|c| ("card", c.to_string())),
        prop::sample::select(vec!["pass", "roem:20", "H", "130"])
            .prop_map(|w| ("word", w.to_string())),
        hostile().prop_map(|w| ("word", w)),
    ];
    let vars = if depth == 0 {
        Just(Vec::new()).boxed()
    } else {
        prop::collection::vec(json_tokens(depth - 1), 0..2).boxed()
    };
    prop::collection::vec(
        (kind, prop::collection::vec(json_comment(), 0..2), vars),
        0..4,
    )
    .prop_map(|ts| {
        ts.into_iter()
            .map(|((ty, value), comments, variations)| {
                serde_json::json!({"type": ty, "value": value, "comments": comments, "variations": variations})
            })
            .collect()
    })
    .boxed()
}

fn json_record() -> impl Strategy<Value = serde_json::Value> {
    let name = prop_oneof![
        6 => prop::sample::select(vec!["Game", "Event", "Play", "Auction", "X_Custom", "Site", "north", "play"])
            .prop_map(str::to_string),
        1 => hostile(),
    ];
    let value = prop_oneof![Just("klaverjassen".to_string()), hostile()];
    let section = prop_oneof![Just(Vec::new()), json_tokens(1)];
    let tag = (name, value, prop::collection::vec(json_comment(), 0..2), section)
        .prop_map(|(name, value, comments, section)| {
            serde_json::json!({"name": name, "value": value, "comments": comments, "section": section})
        });
    (
        prop::collection::vec(json_comment(), 0..2),
        prop::collection::vec(tag, 0..4),
    )
        .prop_map(
            |(leading, tags)| serde_json::json!({"record": {"leading": leading, "tags": tags}}),
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// `troef import` of a JSON document (issue 31, item 13): every record is
    /// either taken or named as a problem, and what is taken prints as TTN that
    /// reads back as exactly those records, no more: parse(print(import(json)))
    /// == import(json).
    #[test]
    fn json_import_prints_what_reads_back(records in prop::collection::vec(json_record(), 1..4)) {
        let n = records.len();
        let doc = serde_json::json!({"records": records}).to_string();
        let im = troef_export::import(&doc).unwrap();
        prop_assert_eq!(im.records.len() + im.problems.len(), n, "{:?}", im.problems);
        let text = print_file(&im.records, troef_rules::layout);
        let mut back = Vec::new();
        for raw in RecordReader::new(text.as_bytes()) {
            let raw = raw.unwrap();
            prop_assert!(raw.diagnostics.is_empty(), "{:?}\n{}", raw.diagnostics, text);
            let parsed = parse_record(&raw.text, raw.offset, &troef_rules::VOCABULARY);
            prop_assert!(parsed.diagnostics.is_empty(), "{:?}\n{}", parsed.diagnostics, text);
            back.extend(parsed.record.filter(|r| !r.tags.is_empty()).map(|r| r.without_spans()));
        }
        let taken: Vec<_> = im.records.iter().map(Record::without_spans).collect();
        prop_assert_eq!(back, taken, "{}", text);
    }
}

/// The classes of issue 31, item 13, one each: refused with a message that
/// names what TTN cannot hold; the records beside them still taken.
#[test]
fn json_import_refuses_what_ttn_cannot_hold() {
    let game = serde_json::json!({"name": "Game", "value": "klaverjassen"});
    let with =
        |tag: serde_json::Value| serde_json::json!({"record": {"tags": [game.clone(), tag]}});
    let cases = [
        (
            with(serde_json::json!({"name": "Event", "value": "a\nb"})),
            "holds a line break",
        ),
        (
            with(serde_json::json!({"name": "Ev\"]ent", "value": "x"})),
            "is not ASCII letters",
        ),
        (
            with(
                serde_json::json!({"name": "Play", "value": "N", "section": [{"type": "word", "value": ""}]}),
            ),
            "is not a TTN word",
        ),
        (
            with(
                serde_json::json!({"name": "Play", "value": "N", "section": [{"type": "word", "value": "two words"}]}),
            ),
            "is not a TTN word",
        ),
        (
            with(
                serde_json::json!({"name": "Event", "value": "x", "comments": [{"kind": "brace", "text": "a\n\n[Game \"jass\"]"}]}),
            ),
            "blank line",
        ),
        (
            serde_json::json!({"record": {"leading": [{"kind": "brace", "text": "only a comment"}], "tags": []}}),
            "no tag",
        ),
        (serde_json::json!({"record": null}), "no syntax tree"),
    ];
    let ok = with(serde_json::json!({"name": "Event", "value": "fine"}));
    for (bad, says) in cases {
        let doc = serde_json::json!({"records": [ok, bad, ok]}).to_string();
        let im = troef_export::import(&doc).unwrap();
        assert_eq!(im.records.len(), 2, "{says}: {:?}", im.problems);
        assert_eq!(im.problems.len(), 1);
        assert_eq!(im.problems[0].at, "record 2");
        assert!(
            im.problems[0].message.contains(says),
            "{says}: {:?}",
            im.problems
        );
    }
}
