//! Readable reports: the `troef show` diagram (hands, auction, tricks, score, diagnostics).

use std::fmt::Write as _;
use troef_rules::check::Checked;
use troef_ttn::diag::{locate, render};

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
        r.show(&mut s, rec.and_then(|r| r.value("Result")));
    }
    for d in &c.diagnostics {
        let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
        s.push_str(&render(d, file, c.raw.index, &loc));
    }
    s.push('\n');
    s
}
