//! The viewer (`troef html`) in a real browser: headless Chromium, driven
//! over the DevTools protocol. The page must load without a console error,
//! step through the play with the keys, enter and leave variations, show
//! the `{dd: ...}` values `troef analyze --format json` computes, and show
//! hostile records as text without running anything they carry.
//!
//! Chromium is Debian's `chromium` (`.ci/run` installs it); without it the
//! tests say so and pass, unless `TROEF_REQUIRE_BROWSER` is set (CI).
//! Screenshots are kept in `target/browser/`; `TROEF_BLESS=1` also writes
//! the README's picture, `docs/viewer.png`.

use headless_chrome::protocol::cdp::types::Event;
use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use serde_json::Value;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Where pages and screenshots go: `target/browser/`.
fn out_dir() -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root().join("target"), PathBuf::from)
        .join("browser");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn troef(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_troef"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap_or(-1), stdout)
}

fn chromium() -> Option<PathBuf> {
    let found = std::env::var_os("TROEF_CHROMIUM")
        .map(PathBuf::from)
        .into_iter()
        .chain(
            [
                "/usr/bin/chromium",
                "/usr/bin/chromium-browser",
                "/usr/bin/google-chrome",
            ]
            .map(PathBuf::from),
        )
        .find(|p| p.exists());
    if found.is_none() {
        assert!(
            std::env::var_os("TROEF_REQUIRE_BROWSER").is_none(),
            "TROEF_REQUIRE_BROWSER is set but no Chromium was found (install Debian's chromium)"
        );
        eprintln!("browser tests skipped: no Chromium (/usr/bin/chromium); install Debian's `chromium` to run them");
    }
    found
}

/// A page open in headless Chromium, with every console error and
/// uncaught exception collected.
struct Page {
    _browser: Browser,
    tab: Arc<Tab>,
    errors: Arc<Mutex<Vec<String>>>,
}

impl Page {
    fn open(path: &Path) -> Option<Page> {
        Page::load(path, "#position", "", (1280, 900))
    }

    /// An SVG picture, opened as a document of its own.
    fn open_svg(path: &Path) -> Option<Page> {
        Page::load(path, "svg", "", (1280, 900))
    }

    /// A page at an address with a fragment (`#record-1/5`), in a window
    /// of `size`.
    fn load(path: &Path, ready: &str, fragment: &str, size: (u32, u32)) -> Option<Page> {
        let exe = chromium()?;
        let flags = [
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ];
        let options = LaunchOptions::default_builder()
            .path(Some(exe))
            .sandbox(false)
            .window_size(Some(size))
            .idle_browser_timeout(Duration::from_secs(120))
            .args(flags.iter().map(OsStr::new).collect())
            .build()
            .unwrap();
        let browser = Browser::new(options).unwrap();
        let tab = browser.new_tab().unwrap();
        let errors = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&errors);
        tab.enable_log().unwrap();
        tab.enable_runtime().unwrap();
        tab.add_event_listener(Arc::new(move |event: &Event| {
            let e = match event {
                Event::LogEntryAdded(e) if format!("{:?}", e.params.entry.level) == "Error" => {
                    e.params.entry.text.clone()
                }
                Event::RuntimeExceptionThrown(e) => format!("{:?}", e.params.exception_details),
                Event::RuntimeConsoleAPICalled(e) if format!("{:?}", e.params.Type) == "Error" => {
                    format!("{:?}", e.params.args)
                }
                _ => return,
            };
            sink.lock().unwrap().push(e);
        }))
        .unwrap();
        let url = format!(
            "file://{}{fragment}",
            path.canonicalize().unwrap().display()
        );
        tab.navigate_to(&url).unwrap();
        tab.wait_until_navigated().unwrap();
        tab.wait_for_element(ready).unwrap();
        Some(Page {
            _browser: browser,
            tab,
            errors,
        })
    }

    /// Evaluates a JavaScript expression; its value as JSON.
    fn eval(&self, js: &str) -> Value {
        let r = self
            .tab
            .evaluate(&format!("JSON.stringify({js})"), false)
            .unwrap();
        match r.value {
            Some(Value::String(s)) => serde_json::from_str(&s).unwrap(),
            other => panic!("{js}: {other:?}"),
        }
    }

    fn key(&self, key: &str, times: usize) {
        for _ in 0..times {
            self.tab.press_key(key).unwrap();
        }
    }

    /// The cards in the centre, in the order laid.
    fn centre(&self) -> Vec<String> {
        let v = self
            .eval("[...document.querySelectorAll('#centre [data-card]')].map(e => e.dataset.card)");
        serde_json::from_value(v).unwrap()
    }

    fn hand(&self, seat: &str) -> Vec<String> {
        let v = self.eval(&format!(
            "[...document.querySelectorAll('#hand-{seat} [data-card]')].map(e => e.dataset.card)"
        ));
        serde_json::from_value(v).unwrap()
    }

    fn position(&self) -> (u64, u64) {
        let v = self.eval("[document.getElementById('position').dataset.depth, document.getElementById('position').dataset.step]");
        let n = |i: usize| v[i].as_str().unwrap().parse().unwrap();
        (n(0), n(1))
    }

    fn screenshot(&self, name: &str) -> PathBuf {
        let png = self
            .tab
            .capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
            .unwrap();
        let path = out_dir().join(format!("{name}.png"));
        std::fs::write(&path, png).unwrap();
        path
    }

    fn assert_no_errors(&self) {
        let errors = self.errors.lock().unwrap();
        assert!(errors.is_empty(), "console errors: {errors:#?}");
    }
}

/// `troef html ARGS -o target/browser/NAME.html`; the page's path.
fn html(name: &str, inputs: &[&str]) -> PathBuf {
    let page = out_dir().join(format!("{name}.html"));
    let mut args = vec!["html"];
    args.extend_from_slice(inputs);
    args.extend(["-o", page.to_str().unwrap()]);
    let (code, _) = troef(&args);
    assert!(code == 0 || code == 1, "troef html exited {code}");
    page
}

#[test]
fn stepping_through_the_play_moves_the_cards() {
    let page = html("nat", &["corpus/klaverjassen/nat.ttn"]);
    let Some(p) = Page::open(&page) else { return };
    assert_eq!(p.position(), (0, 0));
    assert_eq!(p.hand("E").len(), 8);
    assert!(p.centre().is_empty());
    // [Play "E"] HA H9 H7 HJ / CA C7 CK CQ, hearts trumps: the first card
    // leaves East's hand; North takes J 20 + 9 14 + A 11 + 7 0 = 45.
    p.key("ArrowRight", 1);
    assert_eq!(p.centre(), ["HA"]);
    assert!(!p.hand("E").contains(&"HA".to_string()));
    p.key("ArrowRight", 3);
    assert_eq!(p.centre(), ["HA", "H9", "H7", "HJ"]);
    assert_eq!(
        p.eval("document.getElementById('trick-note').textContent"),
        "trick to N Anna, 45 points"
    );
    // The fifth card opens the second trick: the centre is cleared.
    p.key("ArrowRight", 1);
    assert_eq!(p.centre(), ["CA"]);
    assert_eq!(p.hand("N").len(), 6);
    p.key("ArrowDown", 1);
    assert_eq!(p.centre(), ["CA", "C7", "CK", "CQ"]);
    assert_eq!(p.position(), (0, 8));
    p.key("ArrowUp", 1);
    assert_eq!(p.position(), (0, 4));
    p.key("End", 1);
    assert_eq!(p.position(), (0, 32));
    assert!(SEATS.iter().all(|s| p.hand(s).is_empty()));
    p.key("Home", 1);
    assert_eq!(p.position(), (0, 0));
    p.screenshot("nat-start");
    p.assert_no_errors();
}

const SEATS: [&str; 4] = ["N", "E", "S", "W"];

#[test]
fn dd_values_are_those_of_analyze_and_variations_open_and_close() {
    let dir = out_dir();
    let (code, analysed) = troef(&["analyze", "corpus/klaverjassen/nat.ttn"]);
    assert_eq!(code, 0);
    let ttn = dir.join("nat-analysed.ttn");
    std::fs::write(&ttn, analysed).unwrap();
    let (_, json) = troef(&["analyze", "--format", "json", "corpus/klaverjassen/nat.ttn"]);
    let report: Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    let plays = report["analysis"]["plays"].as_array().unwrap().clone();
    assert_eq!(plays.len(), 32);
    let page = html("nat-analysed", &[ttn.to_str().unwrap()]);
    let Some(p) = Page::open(&page) else { return };
    for (i, play) in plays.iter().enumerate() {
        p.key("ArrowRight", 1);
        let dd = p.eval("Object.assign({}, document.getElementById('dd').dataset)");
        let cost = play["cost"].as_i64().unwrap();
        if cost == 0 {
            assert_eq!(dd["kind"], "value", "card {}", i + 1);
            let v: i64 = dd["value"].as_str().unwrap().parse().unwrap();
            assert_eq!(v, play["after"].as_i64().unwrap(), "card {}", i + 1);
        } else {
            assert_eq!(dd["kind"], "cost", "card {}", i + 1);
            assert_eq!(
                dd["cost"].as_str().unwrap(),
                cost.to_string(),
                "card {}",
                i + 1
            );
            let best: Vec<&str> = play["best"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_str().unwrap())
                .collect();
            assert_eq!(
                dd["best"].as_str().unwrap(),
                best.join(" "),
                "card {}",
                i + 1
            );
        }
        let shown = p.centre();
        assert_eq!(
            shown.last().map(String::as_str),
            play["card"].as_str(),
            "card {}",
            i + 1
        );
    }
    // Trick 5: SJ? gives 20 away; the best line is a variation from S8.
    p.key("Home", 1);
    p.key("ArrowDown", 4);
    assert_eq!(p.position(), (0, 16));
    let label = p.eval("document.querySelector('#variations button').textContent");
    assert!(
        label.as_str().unwrap().starts_with("best line: \u{2660}8"),
        "{label}"
    );
    p.screenshot("nat-analysed-trick5");
    p.key("1", 1);
    assert_eq!(p.position(), (1, 1));
    assert_eq!(p.centre(), ["S8"]);
    assert!(!p.hand("E").contains(&"S8".to_string()));
    assert!(p.hand("E").contains(&"SJ".to_string()));
    p.key("ArrowRight", 1);
    assert_eq!(p.centre(), ["S8", "SK"]);
    p.screenshot("nat-analysed-variation");
    p.key("Escape", 1);
    assert_eq!(p.position(), (0, 16));
    p.key("ArrowRight", 1);
    assert_eq!(p.centre(), ["SJ"]);
    // The move list jumps into a variation too.
    p.tab
        .find_element("#moves .var .mv")
        .unwrap()
        .click()
        .unwrap();
    assert_eq!(p.position(), (1, 1));
    if std::env::var_os("TROEF_BLESS").is_some() {
        p.key("Escape", 1);
        p.key("ArrowRight", 1);
        let shot = p.screenshot("readme");
        std::fs::copy(shot, root().join("docs/viewer.png")).unwrap();
    }
    p.assert_no_errors();
}

#[test]
fn every_game_renders_and_an_invalid_record_up_to_its_error() {
    let page = html(
        "games",
        &[
            "corpus/klaverjassen/nat.ttn",
            "corpus/pandoeren/worked-example-150.ttn",
            "corpus/jass/modes.ttn",
            "corpus/schafkopf",
            "corpus/dumbal",
            "corpus/het-pandoeren",
            "corpus/broken/klaverjassen/E401-illegal-play.ttn",
        ],
    );
    let Some(p) = Page::open(&page) else { return };
    let n = p
        .eval("document.querySelectorAll('#list tr[data-index]').length")
        .as_u64()
        .unwrap();
    assert!(n > 10, "{n} records listed");
    // Each record picked from the list and played to its end (clicks and
    // keys dispatched by script: one browser round trip a record).
    for i in 0..n {
        let shown = p.eval(&format!(
            "(() => {{
                document.querySelector(\"#list tr[data-index='{i}']\").click();
                document.dispatchEvent(new KeyboardEvent('keydown', {{key: 'End'}}));
                const pos = document.getElementById('position').dataset;
                return [document.getElementById('game').textContent,
                        document.querySelectorAll('.seat').length,
                        Number(pos.step),
                        document.getElementById('moves').children.length];
            }})()"
        ));
        let seats = shown[1].as_u64().unwrap();
        assert!(seats >= 2, "record {i} ({}): {seats} seats", shown[0]);
    }
    // The invalid record: the illegal card is shown, with its diagnostic,
    // and the play stops there.
    p.tab
        .find_element(&format!("#list tr[data-index='{}']", n - 1))
        .unwrap()
        .click()
        .unwrap();
    p.key("End", 1);
    let note = p.eval("document.getElementById('note').textContent");
    assert!(note.as_str().unwrap().contains("error[E401]"), "{note}");
    assert!(note.as_str().unwrap().contains("Not played"), "{note}");
    assert_eq!(
        p.eval("document.querySelectorAll('#centre .illegal').length"),
        1
    );
    p.screenshot("invalid");
    // A Dumbal round: numbered seats around the table.
    let dumbal = p.eval("[...document.querySelectorAll('#list tr[data-index]')].findIndex(tr => tr.textContent.includes('dumbal'))");
    p.tab
        .find_element(&format!("#list tr[data-index='{dumbal}']"))
        .unwrap()
        .click()
        .unwrap();
    assert!(
        p.eval("document.querySelectorAll('#seat-1, #seat-2').length")
            .as_u64()
            .unwrap()
            == 2
    );
    p.key("End", 1);
    p.screenshot("dumbal");
    p.assert_no_errors();
}

/// Records written to attack the page: markup, script and URLs in tag
/// values, names and comments, a very long name, right-to-left marks.
const HOSTILE: &str = r#"% TTN 1

{</script><script>window.pwned = 1</script>}
[Game "klaverjassen"]
[Rules "rotterdam"]
[Event "</script><script>window.pwned = 2</script><!--"]
[North "'><img src=x onerror='window.pwned = 3'>"]
[East "<svg onload=window.pwned=4>"]
[South "javascript:window.pwned=5"]
[West "RLOevilPDF LONGNAME"]
[Dealer "N"]
[Deal "N:7.QJ.J9.A98 J98.AT..JT7 AKT.K9.K8.K Q.87.AQT7.Q"]
[Auction "E"]
H {<b onmouseover=window.pwned=6>bold</b>}
[Play "E"]
HA {dd: <img src=x onerror=window.pwned=7>} {<a href="javascript:window.pwned=8">link</a>} H9 H7 HJ
[Result "NS 202 EW 0 nat"]
"#;

#[test]
fn hostile_records_are_shown_as_text_and_run_nothing() {
    let dir = out_dir();
    let long = "x".repeat(20_000);
    let text = HOSTILE
        .replace("LONGNAME", &long)
        .replace("RLO", "\u{202e}")
        .replace("PDF", "\u{202c}");
    let ttn = dir.join("hostile.ttn");
    std::fs::write(&ttn, &text).unwrap();
    let page = html("hostile", &[ttn.to_str().unwrap()]);
    let raw = std::fs::read_to_string(&page).unwrap();
    assert_eq!(
        raw.matches("</script>").count(),
        2,
        "only the page's own script elements close"
    );
    let Some(p) = Page::open(&page) else { return };
    p.key("ArrowRight", 1);
    p.key("End", 1);
    p.key("Home", 1);
    p.key("ArrowRight", 1);
    assert_eq!(p.eval("window.pwned === undefined"), true);
    assert_eq!(
        p.eval("document.querySelectorAll('img, script:not([id]) ~ script, a, b').length"),
        0
    );
    assert_eq!(
        p.eval("document.getElementById('title').textContent"),
        "</script><script>window.pwned = 2</script><!--"
    );
    let north = p.eval("document.querySelector('#seat-N .label').textContent");
    assert_eq!(north, "N '><img src=x onerror='window.pwned = 3'> (dealer)");
    let note = p.eval("document.getElementById('note').textContent");
    let note = note.as_str().unwrap();
    assert!(
        note.contains("dd: <img src=x onerror=window.pwned=7>"),
        "{note}"
    );
    assert!(
        note.contains("<a href=\"javascript:window.pwned=8\">link</a>"),
        "{note}"
    );
    let notes = p.eval("document.getElementById('notes').textContent");
    assert!(notes
        .as_str()
        .unwrap()
        .contains("</script><script>window.pwned = 1</script>"));
    // The long name is cut by the layout, not by the page's width.
    let width = p
        .eval("document.documentElement.scrollWidth")
        .as_u64()
        .unwrap();
    assert!(width <= 1280, "page is {width}px wide");
    p.screenshot("hostile");
    assert_eq!(p.eval("window.pwned === undefined"), true);
    p.assert_no_errors();
}

/// `troef show --format svg`: one picture of a position, which Chromium
/// draws; after trick 4 of nat.ttn each hand holds four cards and trick 4
/// (CT D8 DA C8) lies in the centre. A hostile name is text in it.
#[test]
fn a_position_as_svg() {
    let dir = out_dir();
    let (code, svg) = troef(&[
        "show",
        "--format",
        "svg",
        "--trick",
        "4",
        "corpus/klaverjassen/nat.ttn",
    ]);
    assert_eq!(code, 0);
    let path = dir.join("nat-trick4.svg");
    std::fs::write(&path, &svg).unwrap();
    let hostile = dir.join("hostile-svg.ttn");
    std::fs::write(
        &hostile,
        HOSTILE
            .replace("LONGNAME", "")
            .replace("RLO", "")
            .replace("PDF", ""),
    )
    .unwrap();
    let (_, bad) = troef(&["show", "--format", "svg", hostile.to_str().unwrap()]);
    assert!(!bad.contains("<img") && !bad.contains("<script"), "{bad}");
    let bad_path = dir.join("hostile.svg");
    std::fs::write(&bad_path, &bad).unwrap();
    let Some(p) = Page::open_svg(&path) else {
        return;
    };
    let placed =
        p.eval("[...document.querySelectorAll('svg > use')].map(u => u.getAttribute('href'))");
    let placed: Vec<String> = serde_json::from_value(placed).unwrap();
    assert_eq!(placed.len(), 20, "{placed:?}");
    assert_eq!(&placed[16..], ["#c-CT", "#c-D8", "#c-DA", "#c-C8"]);
    p.screenshot("nat-trick4-svg");
    p.assert_no_errors();
    let Some(p) = Page::open_svg(&bad_path) else {
        return;
    };
    let title = p.eval("document.querySelector('svg > text').textContent");
    assert_eq!(title, "</script><script>window.pwned = 2</script><!--");
    assert_eq!(p.eval("window.pwned === undefined"), true);
    p.assert_no_errors();
}

/// The address names the record and the step shown, so that a position
/// can be shared as a link; in a narrow window (500 px, the least a
/// Chromium window takes) the table still fits.
#[test]
fn a_link_opens_the_position_it_names() {
    let page = html("nat-link", &["corpus/klaverjassen/nat.ttn"]);
    let Some(p) = Page::load(&page, "#position", "#record-1/5", (500, 844)) else {
        return;
    };
    assert_eq!(p.position(), (0, 5));
    assert_eq!(p.centre(), ["CA"]);
    p.key("ArrowRight", 1);
    assert_eq!(p.eval("location.hash"), "#record-1/6");
    p.screenshot("nat-phone");
    let wide = p.eval(
        "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 391).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)",
    );
    let width = p
        .eval("document.documentElement.scrollWidth")
        .as_u64()
        .unwrap();
    assert!(
        width <= 500,
        "page is {width}px wide on a 500px screen: {wide}"
    );
    p.assert_no_errors();
}
