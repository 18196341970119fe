//! `troef html`: records as one self-contained page to mail or upload.
//!
//! The page holds everything it needs: the stylesheet, the script, the
//! cards as SVG symbols and the records as JSON ([`crate::view`]). It loads
//! nothing: its Content-Security-Policy forbids every request, and allows
//! only its own script, by hash. A record is untrusted: its JSON is
//! escaped so that no string can close the `<script>` element that holds
//! it, and the script only ever sets text, never markup.

use crate::svg::{card_symbols, escape};
use crate::view::RecordView;
use base64::Engine as _;
use serde::Serialize;
use sha2::{Digest, Sha256};

const CSS: &str = include_str!("viewer/viewer.css");
const JS: &str = include_str!("viewer/viewer.js");

/// The page's body: the table, the controls and the panels the script
/// fills in.
const BODY: &str = r#"<header><h1>troef</h1><span id="title"></span><span id="game" class="muted"></span><span id="valid" class="badge"></span></header>
<main>
<div>
<div id="table" aria-label="the table"></div>
<div id="controls">
<button id="start" title="start (Home)">|&#x25C0;</button>
<button id="prevtrick" title="previous trick (Up)">&#x25C0;&#x25C0;</button>
<button id="prev" title="previous card (Left)">&#x25C0;</button>
<button id="next" title="next card (Right)">&#x25B6;</button>
<button id="nexttrick" title="next trick (Down)">&#x25B6;&#x25B6;</button>
<button id="end" title="end (End)">&#x25B6;|</button>
<button id="leave" title="back to the line this variation left (Escape)" hidden>back from variation</button>
<span id="position"></span>
</div>
<div id="variations"></div>
<div id="points"></div>
</div>
<aside>
<section><h2>Records</h2><div id="list" class="scroll"></div></section>
<section><div id="players"></div><div id="contract"></div><div id="phases"></div></section>
<section id="note"></section>
<section><h2>Play</h2><div id="moves"></div></section>
<section hidden><h2>Diagnostics</h2><div id="diagnostics"></div></section>
<section><h2>Score</h2><div id="score"></div>
<details><summary>Score sheet</summary><pre class="sheet" id="sheet"></pre></details>
<details><summary>Tags</summary><table class="list" id="tags"></table></details></section>
<section hidden><h2>Notes</h2><div id="notes"></div></section>
</aside>
</main>
"#;

#[derive(Serialize)]
struct Data<'a> {
    records: &'a [RecordView],
}

/// JSON that can sit inside a `<script>` element: `<`, `>` and `&` are
/// written as `\u003c`, `\u003e`, `\u0026` (they only occur inside
/// strings), and so are the line separators JavaScript once refused.
pub fn script_safe_json<T: Serialize>(value: &T) -> String {
    let json = serde_json::to_string(value).expect("view serialises");
    let mut out = String::with_capacity(json.len());
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The page for `records`; `title` names it (the file).
pub fn page(title: &str, records: &[RecordView]) -> String {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(JS.as_bytes()));
    let data = script_safe_json(&Data { records });
    format!(
        r#"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-{hash}'">
<meta name="generator" content="troef {version}">
<title>troef: {title}</title>
<style>
{CSS}</style>
</head>
<body>
{BODY}<svg width="0" height="0" style="position:absolute" aria-hidden="true"><defs>{symbols}</defs></svg>
<script type="application/json" id="troef-data">{data}</script>
<script>{JS}</script>
</body>
</html>
"#,
        version = env!("CARGO_PKG_VERSION"),
        title = escape(title),
        symbols = card_symbols(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_string_can_close_the_script_element() {
        let s = script_safe_json(&["</script><script>alert(1)</script>", "a\u{2028}b", "x&y"]);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        let back: Vec<String> = serde_json::from_str(&s).unwrap();
        assert_eq!(back[0], "</script><script>alert(1)</script>");
        assert_eq!(back[1], "a\u{2028}b");
    }

    #[test]
    fn the_page_allows_its_own_script_only() {
        let p = page("<b>x</b>", &[]);
        assert!(p.contains("<title>troef: &lt;b&gt;x&lt;/b&gt;</title>"));
        assert!(p.contains("default-src 'none'"));
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(JS.as_bytes()));
        assert!(p.contains(&format!("<script>{JS}</script>")));
        assert!(p.contains(&format!("'sha256-{hash}'")));
    }
}
