//! The language-neutral conformance suite in `spec/conformance/`:
//! `valid/<name>.ttn` with the expected `troef json` output in `<name>.json`,
//! `invalid/<name>.ttn` with the expected rendered diagnostics in `<name>.txt`.
//! Run with TROEF_BLESS=1 to write the expectations (then review the diff).

use crate::common::*;
use troef_ttn::diag::{locate, render};

fn expect(path: &std::path::Path, ext: &str, actual: &str) {
    let exp = path.with_extension(ext);
    if std::env::var_os("TROEF_BLESS").is_some() {
        return std::fs::write(&exp, actual).unwrap();
    }
    match std::fs::read_to_string(&exp) {
        Ok(e) => assert_eq!(
            e,
            actual,
            "{} differs (TROEF_BLESS=1 rewrites it)",
            rel(&exp)
        ),
        Err(_) => panic!("{} missing (TROEF_BLESS=1 writes it)", rel(&exp)),
    }
}

#[test]
fn valid_cases() {
    let files = files("spec/conformance/valid", "ttn");
    assert!(!files.is_empty());
    for path in files {
        let name = format!("valid/{}", path.file_name().unwrap().to_string_lossy());
        let text = std::fs::read_to_string(&path).unwrap();
        let checked = check_text(&text);
        assert!(
            checked.iter().all(|c| c.is_valid()),
            "{name}: {:?}",
            checked
                .iter()
                .flat_map(|c| &c.diagnostics)
                .collect::<Vec<_>>()
        );
        let out = export(&name, &text);
        expect(&path, "json", &out);
    }
}

#[test]
fn invalid_cases() {
    let files = files("spec/conformance/invalid", "ttn");
    assert!(!files.is_empty());
    for path in files {
        let name = format!("invalid/{}", path.file_name().unwrap().to_string_lossy());
        let bytes = std::fs::read(&path).unwrap();
        let mut out = String::new();
        for c in troef_rules::check::Checker::new(&bytes[..]).map(|c| c.unwrap()) {
            for d in &c.diagnostics {
                out.push_str(&render(
                    d,
                    &name,
                    c.raw.index,
                    &locate(&c.raw.text, c.raw.offset, c.raw.line, d.span),
                ));
            }
        }
        assert!(!out.is_empty(), "{name}: no diagnostic");
        let code = path
            .file_stem()
            .unwrap()
            .to_string_lossy()
            .split('-')
            .next()
            .unwrap()
            .to_string();
        assert!(
            out.contains(&format!("[{code}]")),
            "{name}: expected {code}:\n{out}"
        );
        expect(&path, "txt", &out);
    }
}
