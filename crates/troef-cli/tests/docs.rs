//! The documentation's command examples are tests (issue 32): every
//! ```` ```console ```` block of the README, `docs/` and `spec/` is run from
//! the repository's root with the `troef` just built, and its output (both
//! streams, in the order written) and exit code compared with the page.
//! `TRYCMD=overwrite cargo test -p troef-cli --test docs` rewrites the pages
//! after an intended change (review the diff: `...` elisions are kept only
//! where the output still matches).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Markdown pages whose examples run: the README, `docs/`, `spec/`.
fn pages() -> Vec<PathBuf> {
    let root = root();
    let mut out = vec![root.join("README.md")];
    for dir in ["docs", "spec", "spec/rules"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        found.sort();
        out.extend(found);
    }
    out
}

#[test]
fn command_examples_in_the_docs() {
    // The examples name files relative to the repository's root; this test
    // is alone in its binary, so changing the directory is safe.
    std::env::set_current_dir(root()).unwrap();
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("troef", Path::new(env!("CARGO_BIN_EXE_troef")))
        .env("NO_COLOR", "1")
        .env("COLUMNS", "100");
    for page in pages() {
        cases.case(page);
    }
}

/// Every page with a command example is one the test above runs: a
/// ```` ```console ```` block elsewhere would silently go untested.
#[test]
fn every_console_block_is_on_a_tested_page() {
    let tested = pages();
    let mut stack = vec![root()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let p = e.unwrap().path();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                if !name.starts_with('.') && name != "target" {
                    stack.push(p);
                }
            } else if name.ends_with(".md") {
                let text = std::fs::read_to_string(&p).unwrap();
                if text.contains("```console") {
                    assert!(
                        tested
                            .iter()
                            .any(|t| t.canonicalize().unwrap() == p.canonicalize().unwrap()),
                        "{} has a console example the docs test does not run",
                        p.display()
                    );
                }
            }
        }
    }
}
