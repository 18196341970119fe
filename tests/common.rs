use std::path::{Path, PathBuf};
use troef_rules::check::{Checked, Checker};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Files with the extension below `dir`, sorted, relative to the root.
pub fn files(dir: &str, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    fn walk(d: &Path, ext: &str, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push(p);
            }
        }
    }
    walk(&root().join(dir), ext, &mut out);
    out.sort();
    out
}

pub fn rel(p: &Path) -> String {
    p.strip_prefix(root()).unwrap().display().to_string()
}

pub fn check_text(text: &str) -> Vec<Checked> {
    Checker::new(text.as_bytes()).map(|c| c.unwrap()).collect()
}

/// Checks a file as `troef check` does: profile files named by its records
/// resolve relative to the file's directory.
pub fn check_file(path: &Path) -> Vec<Checked> {
    let cx = troef_rules::Context {
        profiles: troef_rules::profiles::Profiles::new(path.parent().map(Path::to_path_buf)),
        trace: false,
        moves: false,
    };
    let input = std::io::BufReader::new(std::fs::File::open(path).unwrap());
    Checker::with_context(input, cx)
        .map(|c| c.unwrap())
        .collect()
}

/// A report with the checkout's absolute path removed (profile errors name files).
pub fn portable(report: &str) -> String {
    report.replace(&format!("{}/", root().display()), "")
}

/// The canonical re-export of a file (`troef fmt`; records with syntax
/// errors verbatim).
pub fn canonical(text: &str) -> String {
    troef_ttn::format_text(text, &troef_rules::VOCABULARY, troef_rules::layout).0
}

/// The readable report of every record (`troef show`).
pub fn report(name: &str, checked: &[Checked]) -> String {
    checked
        .iter()
        .filter(|c| c.is_record())
        .map(|c| troef_export::report::show(name, c))
        .collect()
}

/// The `troef json` export of a file's text.
pub fn export(name: &str, text: &str) -> String {
    let mut out = Vec::new();
    troef_export::write_export(&mut out, name, Checker::new(text.as_bytes())).unwrap();
    String::from_utf8(out).unwrap()
}

/// `name(replay)`: the replay's outcome of one game (panics on another game).
macro_rules! outcome_of {
    ($name:ident, $variant:ident, $ty:ty) => {
        pub fn $name(r: &troef_rules::GameReplay) -> &$ty {
            match &r.outcome {
                troef_rules::Outcome::$variant(o) => o,
                o => panic!("not a {} replay: {o:?}", stringify!($variant)),
            }
        }
    };
}

outcome_of!(
    kj,
    Klaverjassen,
    troef_rules::klaverjassen::replay::KlaverjassenOut
);
outcome_of!(pd, Pandoeren, troef_rules::pandoeren::replay::PandoerenOut);
outcome_of!(js, Jass, troef_rules::jass::replay::JassOut);
outcome_of!(sk, Schafkopf, troef_rules::schafkopf::replay::SchafkopfOut);
