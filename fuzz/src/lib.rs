//! What the fuzz targets share: checking bytes as `troef check` does, with
//! the report's size held to the input's.

use troef_rules::check::{Checked, Checker};
use troef_ttn::diag::{locate, render};

/// Checks `bytes` as `troef check` does (every record parsed, replayed and
/// rendered) and returns the records. The rendered report stays proportional
/// to the input (issue 31, item 8: 10 KB printed 151 MB).
pub fn check_and_render(bytes: &[u8]) -> Vec<Checked> {
    let checked: Vec<Checked> = Checker::new(bytes)
        .map(|c| c.expect("reading from memory cannot fail"))
        .collect();
    let mut report = 0usize;
    for c in &checked {
        for d in &c.diagnostics {
            let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
            report += render(d, "fuzz.ttn", c.raw.index, &loc).len();
        }
        let _ = troef_export::diagnostics_out("fuzz.ttn", c);
    }
    assert!(
        report <= 8192 + 1000 * bytes.len(),
        "{report} bytes of diagnostics for {} bytes of input",
        bytes.len()
    );
    checked
}

/// What an importer wrote: TTN that reads without a syntax error (an import
/// never writes text that `troef check` cannot read), checked in full.
pub fn check_imported(text: &str) {
    for c in check_and_render(text.as_bytes()) {
        let syntax: Vec<_> = c
            .diagnostics
            .iter()
            .filter(|d| d.code.as_str() < "E200")
            .collect();
        assert!(syntax.is_empty(), "{syntax:?}\n{text}");
    }
}

/// Any bytes through the viewer: every record replayed with its moves,
/// drawn as the page's data, the page and an SVG picture at every trick.
/// No panic, and a page that no string of the input can break out of.
pub fn view(bytes: &[u8]) {
    let cx = troef_rules::Context {
        moves: true,
        ..troef_rules::Context::default()
    };
    let views: Vec<troef_export::view::RecordView> = Checker::with_context(bytes, cx)
        .map(|c| c.expect("reading from memory cannot fail"))
        .filter(|c| c.is_record())
        .map(|c| troef_export::view::RecordView::new("fuzz.ttn", &c))
        .collect();
    for v in &views {
        for trick in 0..=v.steps.len().min(12) {
            let svg = troef_export::svg::diagram(v, trick);
            assert!(svg.ends_with("</svg>\n"));
        }
    }
    let page = troef_export::html::page("fuzz.ttn", &views);
    assert_eq!(
        page.matches("</script>").count(),
        2,
        "a string closed the page's script"
    );
}

/// What an importer finds in `log` read through a buffer of `size` bytes:
/// its text, problems and warnings, and its tally. `read` is the importer's
/// streaming reader over the buffer.
pub fn streamed<R>(
    log: &[u8],
    size: usize,
    read: R,
) -> (
    troef_export::interop::Imported,
    troef_export::interop::Tally,
)
where
    R: FnOnce(
        std::io::BufReader<std::io::Cursor<&[u8]>>,
        &mut dyn troef_export::interop::Sink,
    ) -> std::io::Result<troef_export::interop::Tally>,
{
    let mut im = troef_export::interop::Imported::new();
    let input = std::io::BufReader::with_capacity(size, std::io::Cursor::new(log));
    let tally = read(input, &mut im).expect("reading from memory cannot fail");
    (im, tally)
}

/// An importer reads `log` alike through a buffer of 1 to 16 bytes (the
/// first byte says) and through one holding it whole: the damage and the
/// values cross the ends of the small buffer's fills.
pub fn reads_alike_streamed<R>(log: &[u8], read: R)
where
    R: Fn(
        std::io::BufReader<std::io::Cursor<&[u8]>>,
        &mut dyn troef_export::interop::Sink,
    ) -> std::io::Result<troef_export::interop::Tally>,
{
    let small = 1 + usize::from(log.first().map_or(0, |b| b % 16));
    let (a, ta) = streamed(log, small, &read);
    let (b, tb) = streamed(log, log.len().max(1), &read);
    assert_eq!(a.text, b.text);
    assert_eq!(a.problems, b.problems);
    assert_eq!(a.warnings, b.warnings);
    assert_eq!(ta, tb);
    check_imported(&a.text);
}
