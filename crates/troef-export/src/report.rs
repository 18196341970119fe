//! Readable reports: the `troef show` diagram (hands, auction, tricks, score, diagnostics).

use std::fmt::Write as _;
use troef_rules::check::Checked;
use troef_ttn::diag::{locate, render};

/// The diagram of a record read from `file`: a heading with its number,
/// line and title, its replay, its diagnostics.
pub fn show(file: &str, c: &Checked) -> String {
    let mut s = String::new();
    let rendered;
    let body = match &c.rendered {
        Some(Ok(body)) => body,
        _ => {
            rendered = render_show(c);
            &rendered
        }
    };
    // The title is a tag value: one line.
    let (title, diagram) = body.split_once('\n').unwrap_or((body, ""));
    let _ = writeln!(
        s,
        "== {file} record {} (line {}) {title}",
        c.raw.index, c.raw.line
    );
    s.push_str(diagram);
    for d in &c.diagnostics {
        let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
        s.push_str(&render(d, file, c.raw.index, &loc));
    }
    s.push('\n');
    s
}

/// What [`show`] draws of a record that does not depend on its number in
/// its file: its title (`[Event]`) on a line, then the diagram of its
/// replay. Made where the record was checked (`Keep::Rendered`), so that
/// `troef show` draws on every core.
pub fn render_show(c: &Checked) -> String {
    let rec = c.record.as_ref();
    let mut s = rec.and_then(|r| r.value("Event")).unwrap_or("").to_string();
    s.push('\n');
    if let Some(r) = &c.replay {
        r.show(&mut s, rec.and_then(|r| r.value("Result")));
    }
    s
}
