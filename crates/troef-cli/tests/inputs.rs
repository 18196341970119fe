//! `troef check` on inputs that are not what it reads (issue 31): nothing
//! passes silently. A file without a record is E114 and exit 1; text that
//! is no record is an invalid record; old Mac line ends are line ends.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A fresh directory for one test's fixtures.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("troef-inputs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `troef check PATH`: exit code and standard output.
/// `troef check PATH`: exit code and the report (on standard error).
fn check(path: &Path) -> (i32, String) {
    let (code, _, err) = troef(Path::new("."), &["check", path.to_str().unwrap()]);
    (code, err)
}

/// A file of the repository, by its path from the root.
fn root_file(file: &str) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.join(file).to_string_lossy().into_owned()
}

fn corpus(file: &str) -> String {
    std::fs::read_to_string(root_file(file)).unwrap()
}

#[test]
fn a_file_without_a_record_is_an_error() {
    let dir = scratch("no-record");
    let export = "{\n  \"schema_version\": 1,\n  \"records\": []\n}\n";
    for (name, text, says) in [
        ("empty.ttn", "", "the file is empty"),
        ("blank.ttn", "\n \n\t\n", "the file is empty"),
        ("export.json", export, "looks like JSON"),
        (
            "comments.ttn",
            "; a heading\n; and nothing else\n",
            "no record",
        ),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (code, out) = check(&path);
        assert_eq!(code, 1, "{name}: {out}");
        assert!(out.contains("error[E114]"), "{name}: {out}");
        assert!(out.contains(says), "{name}: {out}");
        assert!(out.contains("1 input without a record"), "{name}: {out}");
    }
    let empty = dir.join("nothing-here");
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("notes.txt"), "not a record").unwrap();
    let (code, out) = check(&empty);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[E114]: the directory holds no `.ttn` file"),
        "{out}"
    );
}

#[test]
fn text_that_is_no_record_is_an_invalid_record() {
    let dir = scratch("not-a-record");
    for (name, text, code) in [
        ("plain.ttn", "hello world\n", "E111"),
        ("movetext.ttn", "1. e4 e5 2. Nf3 Nc6\n", "E111"),
        (
            "brace.ttn",
            "{ never closed\n[Game \"klaverjassen\"]\n",
            "E104",
        ),
        ("lone.ttn", "[Game\"]\n", "E103"),
        ("version.ttn", "% TTN 2\n", "E109"),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let (exit, out) = check(&path);
        assert_eq!(exit, 1, "{name}: {out}");
        assert!(out.contains(&format!("error[{code}]")), "{name}: {out}");
        assert!(
            out.contains("1 record in 1 file: 0 valid, 1 invalid"),
            "{name}: {out}"
        );
    }
}

#[test]
fn old_mac_line_ends_are_read() {
    let dir = scratch("cr");
    let text = corpus("corpus/klaverjassen/nat.ttn");
    let lf = dir.join("lf.ttn");
    let cr = dir.join("cr.ttn");
    std::fs::write(&lf, &text).unwrap();
    std::fs::write(&cr, text.replace('\n', "\r")).unwrap();
    let (a, out_lf) = check(&lf);
    let (b, out_cr) = check(&cr);
    assert_eq!((a, b), (0, 0), "{out_cr}");
    assert!(!out_lf.contains(" 0 records"), "{out_lf}");
    assert_eq!(out_cr, out_lf);
}

#[test]
fn a_blank_line_inside_a_record_splits_it_and_says_so() {
    let dir = scratch("blank");
    let path = dir.join("split.ttn");
    std::fs::write(
        &path,
        "[Game \"klaverjassen\"]\n[Dealer \"N\"]\n\n[Play \"E\"]\nSA SK\n",
    )
    .unwrap();
    let (code, out) = check(&path);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("error[E201]: record has no [Game] tag"),
        "{out}"
    );
    assert!(out.contains("a blank line ends a record"), "{out}");
    assert!(
        out.contains("2 records in 1 file: 1 valid, 1 invalid"),
        "{out}"
    );
}

#[test]
fn the_report_stays_proportional_to_the_faults_not_the_input() {
    let dir = scratch("amplify");
    // 10 KB of `)` on one line: ten diagnostics, one "and 9,990 more",
    // each snippet cut to a window around its column.
    let parens = dir.join("parens.ttn");
    std::fs::write(&parens, ")".repeat(10_000)).unwrap();
    let (code, out) = check(&parens);
    assert_eq!(code, 1);
    assert_eq!(out.matches("error[E107]").count(), 11, "{out}");
    assert!(out.contains("and 9990 more E107 in this record"), "{out}");
    assert!(out.len() < 8_000, "{} bytes of report", out.len());
    // 50,000 repeated tags in one record (600 KB; finding each repeat no
    // longer compares it with every tag before it): ten shown, then one.
    let tags = dir.join("tags.ttn");
    let mut text = String::from("[Game \"klaverjassen\"]\n");
    text.push_str(&"[Event \"x\"]\n".repeat(50_000));
    std::fs::write(&tags, text).unwrap();
    let (code, out) = check(&tags);
    assert_eq!(code, 1);
    assert_eq!(out.matches("error[E110]").count(), 11, "{out}");
    assert!(out.contains("and 49989 more E110"), "{out}");
}

/// A directory that links back to its parent is walked once (it recursed
/// without end), and a missing file is named and does not stop the rest.
#[cfg(unix)]
#[test]
fn a_batch_survives_link_loops_and_missing_files() {
    let dir = scratch("walk");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(sub.join("nat.ttn"), corpus("corpus/klaverjassen/nat.ttn")).unwrap();
    std::os::unix::fs::symlink("..", sub.join("up")).unwrap();
    let missing = dir.join("missing.ttn");
    let out = Command::new(env!("CARGO_BIN_EXE_troef"))
        .arg("check")
        .arg(&dir)
        .arg(&missing)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.contains("1 record in 2 files: 1 valid"), "{stderr}");
    assert!(stderr.contains("missing.ttn: No such file"), "{stderr}");
}

/// `troef ARGS...` in `dir`: exit code, standard output, standard error.
fn troef(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_troef"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `fmt --write` through a symbolic link formats the link's target and keeps
/// the link (it replaced the link by a regular file, leaving the target as it
/// was); no temporary file is left behind.
#[cfg(unix)]
#[test]
fn fmt_write_goes_through_a_symbolic_link() {
    let dir = scratch("link");
    let untidy = corpus("corpus/klaverjassen/nat.ttn").replace("HA H9 H7 HJ", "HA  H9   H7 HJ");
    std::fs::create_dir_all(dir.join("real")).unwrap();
    std::fs::write(dir.join("real/nat.ttn"), &untidy).unwrap();
    std::os::unix::fs::symlink("real/nat.ttn", dir.join("link.ttn")).unwrap();
    let (code, _, err) = troef(&dir, &["fmt", "--write", "link.ttn"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("formatted link.ttn"), "{err}");
    let meta = std::fs::symlink_metadata(dir.join("link.ttn")).unwrap();
    assert!(meta.file_type().is_symlink(), "the link is kept");
    let written = std::fs::read_to_string(dir.join("real/nat.ttn")).unwrap();
    assert_eq!(
        written,
        corpus("corpus/klaverjassen/nat.ttn"),
        "the target is canonical"
    );
    let left: Vec<_> = std::fs::read_dir(dir.join("real"))
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "no temporary file left: {left:?}");
}

/// Every I/O error names its path and the other files are still handled
/// (exit 2 at the end); `json` of a directory reads its `*.ttn` files into
/// one whole document (it printed half a document, then "Is a directory").
#[test]
fn io_errors_name_their_path_and_the_batch_goes_on() {
    let dir = scratch("io");
    let untidy = corpus("corpus/klaverjassen/nat.ttn").replace("HA H9 H7 HJ", "HA  H9 H7 HJ");
    std::fs::write(dir.join("b.ttn"), &untidy).unwrap();
    let (code, out, err) = troef(&dir, &["fmt", "--write", "missing.ttn", "b.ttn"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("missing.ttn: No such file"), "{err}");
    assert!(err.contains("formatted b.ttn"), "{err}");
    let (code, out, err) = troef(&dir, &["json", "."]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["records"].as_array().unwrap().len(), 1);
    let (code, out, err) = troef(&dir, &["json", "missing.ttn", "b.ttn"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("missing.ttn: No such file"), "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["records"][0]["file"], "b.ttn");
    let (code, out, err) = troef(&dir, &["import", "--from", "jass-server", "gone.json"]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("gone.json: No such file"), "{err}");
}

/// A record over 1 MiB is never printed cut (fmt printed its first MiB): it is
/// left out with E108, the records around it are formatted, `--write` leaves
/// the file as it is, and `check` and `fmt` give it the same record number.
#[test]
fn fmt_refuses_a_record_over_the_limit_whole() {
    let dir = scratch("big");
    let nat = corpus("corpus/klaverjassen/nat.ttn");
    let body = nat.trim_start_matches("% TTN 1\n");
    let huge = format!("[Game \"klaverjassen\"]\n{{{}}}\n", "x".repeat(1 << 20));
    let text = format!("% TTN 1\n{body}\n{huge}\n{body}");
    std::fs::write(dir.join("big.ttn"), &text).unwrap();
    let (code, out, err) = troef(&dir, &["fmt", "big.ttn"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.len() < 4096,
        "no cut record printed ({} bytes)",
        out.len()
    );
    assert_eq!(out.matches("[Game \"klaverjassen\"]").count(), 2, "{out}");
    assert!(
        err.contains("error[E108]") && err.contains("big.ttn:25:1 (record 2)"),
        "{err}"
    );
    let (code, _, err) = troef(&dir, &["fmt", "--write", "big.ttn"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read_to_string(dir.join("big.ttn")).unwrap(), text);
    let (code, _, out) = troef(&dir, &["check", "big.ttn"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("error[E108]") && out.contains("big.ttn:25:1 (record 2)"),
        "{out}"
    );
    assert!(
        out.contains("3 records in 1 file: 2 valid, 1 invalid"),
        "{out}"
    );
}

/// `import --from json` takes the records TTN can hold and names each one it
/// cannot (it wrote TTN that read back as other records): exit 1.
#[test]
fn json_import_names_the_records_ttn_cannot_hold() {
    let dir = scratch("json");
    let (_, export, _) = troef(&dir, &["json", &root_file("corpus/klaverjassen/nat.ttn")]);
    let bad = export.replacen(
        "\"value\": \"nat: the makers fall short\"",
        "\"value\": \"nat\\n\\n[Game \\\"jass\\\"]\"",
        1,
    );
    assert_ne!(bad, export);
    let doc: serde_json::Value = serde_json::from_str(&bad).unwrap();
    let records = doc["records"].as_array().unwrap();
    let twice = serde_json::json!({"records": [records[0], export_record(&export)]});
    std::fs::write(dir.join("bad.json"), twice.to_string()).unwrap();
    let (code, out, err) = troef(&dir, &["import", "--from", "json", "bad.json"]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("bad.json: record 1: the value of [Event] holds a line break"),
        "{err}"
    );
    assert!(
        err.contains(
            "bad.json: 2 games read: 1 imported (1 valid, 0 invalid), 1 skipped; 1 problem"
        ),
        "{err}"
    );
    assert_eq!(out.matches("[Game ").count(), 1, "{out}");
}

fn export_record(export: &str) -> serde_json::Value {
    let doc: serde_json::Value = serde_json::from_str(export).unwrap();
    doc["records"][0].clone()
}

/// `solve` refuses an impossible deal for what `check` says of it (issue 31,
/// item 14: a deal with a card twice was solved, exit 0), and `analyze` too.
#[test]
fn solve_refuses_an_impossible_deal() {
    let dir = scratch("solve");
    let file = root_file("corpus/broken/klaverjassen/E206-dealt-twice.ttn");
    let (code, out, err) = troef(&dir, &["solve", &file]);
    assert_eq!(code, 1, "{out}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.contains("not solved: the deal is impossible: error[E206] at 12:8: dealt twice: SA"),
        "{err}"
    );
    let (code, _, err) = troef(&dir, &["analyze", &file]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not analysed: the record has errors"), "{err}");
}

/// `troef import` says per file what it read, imported (valid, invalid) and
/// skipped, as text or as JSON lines on stderr (issue 29): a protocol with a
/// damaged game.
#[test]
fn import_summarises_what_it_read_imported_and_skipped() {
    let dir = scratch("stats");
    let protocol = std::fs::read(root_file("corpus/import/netschafkopf/session.txt")).unwrap();
    let text: String = protocol.iter().map(|&b| b as char).collect();
    let bad = text.replacen("PcLinks spielt Herz-Wenz", "PcLinks spielt Herz-Wenzel", 1);
    assert_ne!(bad, text);
    let bytes: Vec<u8> = bad.chars().map(|c| c as u8).collect();
    std::fs::write(dir.join("p.txt"), bytes).unwrap();
    let (code, out, err) = troef(&dir, &["import", "--from", "netschafkopf", "p.txt"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(out.matches("[Game ").count(), 2);
    assert!(
        err.contains("p.txt: 3 games read: 2 imported (2 valid, 0 invalid), 1 skipped; 1 problem"),
        "{err}"
    );
    let (code, _, err) = troef(
        &dir,
        &[
            "import",
            "--from",
            "netschafkopf",
            "--format",
            "json",
            "p.txt",
        ],
    );
    assert_eq!(code, 1);
    let lines: Vec<serde_json::Value> = err
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert_eq!(lines[0]["severity"], "error");
    let summary = &lines[1]["summary"];
    assert_eq!(
        (
            &summary["read"],
            &summary["imported"],
            &summary["valid"],
            &summary["skipped"]
        ),
        (&3.into(), &2.into(), &2.into(), &1.into()),
        "{summary}"
    );
}

/// Issue 32, names: games and profiles are matched in any case, and a near
/// miss is answered with the name meant (clap's "a similar value exists"
/// for `--game`, troef's "did you mean" for profiles and `[Game]` tags).
#[test]
fn names_in_any_case_and_near_misses_suggested() {
    let dir = PathBuf::from(root_file("."));
    let (code, out, _) = troef(&dir, &["deal", "--game", "Klaverjassen", "--seed", "1"]);
    assert_eq!(code, 0);
    assert!(out.contains("[Game \"klaverjassen\"]"), "{out}");
    let (code, out, _) = troef(&dir, &["rules", "list", "--game", "JASS"]);
    assert_eq!(code, 0);
    assert!(out.contains("swiss"), "{out}");
    let (code, out, _) = troef(&dir, &["rules", "schema", "Schafkopf"]);
    assert_eq!(code, 0);
    assert!(out.contains("runner_minimum"));
    let (code, _, err) = troef(&dir, &["solve", "--game", "klaverjas", "--seed", "1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a similar value exists: 'klaverjassen'"),
        "{err}"
    );
    let (code, _, err) = troef(
        &dir,
        &["check", "--rules", "amsterdm", "corpus/klaverjassen"],
    );
    assert_eq!(code, 2);
    assert!(err.contains("did you mean `amsterdam`?"), "{err}");
    let (code, _, err) = troef(
        &dir,
        &[
            "check",
            "--rules",
            "AMSTERDAM",
            "corpus/klaverjassen/deal-only.ttn",
        ],
    );
    assert_eq!(code, 0, "{err}");
}

/// `troef completions SHELL` prints a completion script that knows the
/// commands and their options (issue 32, shell).
#[test]
fn shell_completions() {
    let dir = PathBuf::from(root_file("."));
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let (code, out, err) = troef(&dir, &["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        for word in ["check", "analyze", "--rules"] {
            assert!(out.contains(word), "{shell}: no `{word}`");
        }
    }
    let (code, _, err) = troef(&dir, &["completions", "tcsh"]);
    assert_eq!(code, 2);
    assert!(err.contains("possible values"), "{err}");
}

/// Issue 32, `solve` as a player reads it: a header, the playing side in
/// seat names (a Schafkopf declarer "with" the partner), and the best line
/// trick by trick.
#[test]
fn solve_table_has_headers_seat_names_and_the_best_line() {
    let dir = PathBuf::from(root_file("."));
    let (code, out, err) = troef(&dir, &["solve", "corpus/puzzles/schafkopf.ttn"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[1].trim_start().starts_with("contract"), "{out}");
    assert!(
        lines[1].contains("playing") && lines[1].contains("value"),
        "{out}"
    );
    assert!(
        lines[2].contains("Call-Ace (ace of clubs)") && lines[2].contains("North with West"),
        "{out}"
    );
    assert!(lines[3].trim_start().starts_with("best line: "), "{out}");
    // Eight tricks of four cards.
    let line = lines[3].trim_start().trim_start_matches("best line: ");
    let tricks: Vec<&str> = line.split(" | ").collect();
    assert_eq!(tricks.len(), 8, "{line}");
    assert!(tricks.iter().all(|t| t.split(' ').count() == 4), "{line}");
    let (code, out, _) = troef(&dir, &["solve", "corpus/puzzles/klaverjassen.ttn"]);
    assert_eq!(code, 0);
    assert!(out.contains("spades trumps    North-South"), "{out}");
    assert!(out.contains("East-West"), "{out}");
}

/// A scratch directory with a record in `a.ttn` and one in `d/b.ttn`.
fn file_and_directory(name: &str) -> PathBuf {
    let dir = scratch(name);
    std::fs::create_dir_all(dir.join("d")).unwrap();
    std::fs::write(dir.join("a.ttn"), corpus("corpus/klaverjassen/nat.ttn")).unwrap();
    std::fs::write(
        dir.join("d/b.ttn"),
        corpus("corpus/klaverjassen/roem-stuk.ttn"),
    )
    .unwrap();
    dir
}

/// Issue 32, inputs: `json` and `show` take what `check` takes (files,
/// directories, `-`); `json --ndjson` writes one record a line, which
/// `import` reads back; an input without a record is a record with E114.
#[test]
fn json_and_show_read_many_inputs() {
    let dir = file_and_directory("many");
    std::fs::write(dir.join("empty.ttn"), "").unwrap();
    let (code, out, err) = troef(&dir, &["json", "a.ttn", "d"]);
    assert_eq!(code, 0, "{err}");
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    let files: Vec<&str> = doc["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["a.ttn", "d/b.ttn"]);
    let (code, out, err) = troef(&dir, &["json", "--ndjson", "a.ttn", "d"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[1]["file"], "d/b.ttn");
    let (code, empty, _) = troef(&dir, &["json", "--ndjson", "empty.ttn"]);
    assert_eq!(code, 1);
    let line: serde_json::Value = serde_json::from_str(empty.trim()).unwrap();
    assert_eq!(line["diagnostics"][0]["code"], "E114");
    std::fs::write(dir.join("x.ndjson"), &out).unwrap();
    let (code, back, err) = troef(&dir, &["import", "x.ndjson"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(back.matches("[Game \"klaverjassen\"]").count(), 2, "{back}");
    let (code, out, err) = troef(&dir, &["show", "a.ttn", "d"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("== a.ttn record 1") && out.contains("== d/b.ttn record 1"),
        "{out}"
    );
}

/// Issue 32, inputs: `solve` and `analyze` take several files and
/// directories like every command that reads records; analyze's TTN output
/// is one file (one version line); `--quiet` leaves out the summary line,
/// never a diagnostic or the exit code.
#[test]
fn solve_and_analyze_read_many_inputs_and_quiet_keeps_diagnostics() {
    let dir = file_and_directory("many-solve");
    let (code, out, err) = troef(&dir, &["solve", "--jobs", "1", "a.ttn", "d"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("a.ttn: record 1") && out.contains("d/b.ttn: record 1"),
        "{out}"
    );
    let (code, out, err) = troef(&dir, &["analyze", "--threads", "1", "a.ttn", "d"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("% TTN 1").count(), 1, "{out}");
    assert_eq!(out.matches("[Game ").count(), 2, "{out}");
    let (code, _, err) = troef(&dir, &["analyze", "a.ttn", "missing.ttn"]);
    assert_eq!(code, 2);
    assert!(err.contains("missing.ttn: No such file"), "{err}");

    std::fs::write(
        dir.join("bad.ttn"),
        corpus("corpus/broken/klaverjassen/E401-illegal-play.ttn"),
    )
    .unwrap();
    let (code, _, loud) = troef(&dir, &["check", "bad.ttn"]);
    let (quiet_code, out, quiet) = troef(&dir, &["check", "--quiet", "bad.ttn"]);
    assert_eq!((code, quiet_code), (1, 1));
    assert!(out.is_empty());
    assert!(
        loud.contains("error[E401]") && loud.contains("troef: 1 record"),
        "{loud}"
    );
    assert!(
        quiet.contains("error[E401]") && !quiet.contains("troef: 1 record"),
        "{quiet}"
    );
    let (code, _, err) = troef(&dir, &["-q", "check", "a.ttn"]);
    assert_eq!((code, err.as_str()), (0, ""));
}

/// Issue 32: `analyze` on a record that was only dealt says that `solve`
/// answers for it.
#[test]
fn analyze_of_a_deal_points_to_solve() {
    let dir = scratch("analyze-deal");
    let (code, _, err) = troef(
        &dir,
        &["analyze", &root_file("corpus/klaverjassen/deal-only.ttn")],
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("no contract was played") && err.contains("`troef solve`"),
        "{err}"
    );
}

/// `--jobs` changes nothing but the speed: every command that replays
/// records writes the same bytes and exits the same way for any number of
/// jobs, over valid and invalid records, many files, a missing file and an
/// empty directory (issue 30).
#[test]
fn jobs_change_nothing_but_the_speed() {
    let dir = scratch("jobs");
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let (corpus, invalid) = (root_file("corpus"), root_file("spec/conformance"));
    let missing = dir.join("missing.ttn");
    let empty = dir.join("empty");
    let inputs = [
        corpus.as_str(),
        invalid.as_str(),
        missing.to_str().unwrap(),
        empty.to_str().unwrap(),
    ];
    for command in [
        &["check"][..],
        &["check", "--format", "json"],
        &["json"],
        &["json", "--ndjson"],
        &["show"],
    ] {
        let run = |jobs: &str| {
            let mut args = command.to_vec();
            args.extend(["--jobs", jobs]);
            args.extend(inputs);
            troef(Path::new("."), &args)
        };
        let one = run("1");
        assert_eq!(one.0, 2, "{command:?}: a missing file is an I/O error");
        assert!(one.1.len() + one.2.len() > 10_000, "{command:?}");
        for jobs in ["2", "5"] {
            assert!(one == run(jobs), "{command:?} --jobs {jobs}");
        }
    }
}

/// `troef json` shows each `{dd: ...}` comment read into fields beside its
/// text (spec/notation.md, "Annotation commands"); `troef import` reads the
/// text alone, so the analysed record comes back as it was.
#[test]
fn dd_annotations_are_fields_in_json_and_import_back_unchanged() {
    let dir = scratch("dd-json");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (code, analysed, _) = troef(&root, &["analyze", "corpus/klaverjassen/nat.ttn"]);
    assert_eq!(code, 0);
    let ttn = dir.join("nat.ttn");
    std::fs::write(&ttn, &analysed).unwrap();
    let (code, json, _) = troef(&dir, &["json", "nat.ttn"]);
    assert_eq!(code, 0);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let play = doc["records"][0]["record"]["tags"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Play")
        .unwrap()["section"]
        .as_array()
        .unwrap()
        .clone();
    // Trick 5's first card, SJ?: the cost form; its variation's first card
    // the best-line mark; every other card the value it keeps.
    let sj = play.iter().find(|t| t["value"] == "SJ").unwrap();
    let dd = &sj["comments"][0]["dd"];
    assert_eq!(dd["kind"], "cost");
    assert_eq!(
        (dd["before"].as_str(), dd["after"].as_str()),
        (Some("-202"), Some("-222"))
    );
    assert_eq!(dd["best"], serde_json::json!(["S8", "S9", "CJ"]));
    assert_eq!(
        (dd["cost"].as_u64(), dd["unit"].as_str()),
        (Some(20), Some("points"))
    );
    assert_eq!(
        sj["variations"][0][0]["comments"][0]["dd"]["kind"],
        "best_line"
    );
    assert_eq!(
        play[0]["comments"][0]["dd"],
        serde_json::json!({"kind": "value", "value": "-202"})
    );
    let export = dir.join("nat.json");
    std::fs::write(&export, &json).unwrap();
    let (code, back, _) = troef(&dir, &["import", "nat.json"]);
    assert_eq!(code, 0);
    assert_eq!(back, analysed);
}

/// `troef analyze` on a file of fewer records than threads shares each
/// record's cards among the spare threads: the annotated records, and the
/// JSON reports but for their node counts, are those of one thread.
#[test]
fn analyze_shares_a_single_record_among_threads_and_writes_the_same() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for file in ["corpus/klaverjassen/nat.ttn", "corpus/jass/modes.ttn"] {
        let run = |jobs: &str, json: bool| {
            let mut args = vec!["analyze", "--jobs", jobs, file];
            if json {
                args.extend(["--format", "json"]);
            }
            let (code, out, err) = troef(&root, &args);
            assert_eq!(code, 0, "{file} --jobs {jobs}: {err}");
            out
        };
        let no_nodes = |out: String| -> Vec<serde_json::Value> {
            out.lines()
                .map(|l| {
                    let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                    let report = v["analysis"].as_object_mut().unwrap();
                    assert!(report.remove("nodes").is_some_and(|n| n.as_u64() > Some(0)));
                    v
                })
                .collect()
        };
        let (one, one_json) = (run("1", false), no_nodes(run("1", true)));
        assert!(one.contains("{dd: "), "{file}");
        for jobs in ["2", "5"] {
            assert_eq!(one, run(jobs, false), "{file} --jobs {jobs}");
            assert_eq!(one_json, no_nodes(run(jobs, true)), "{file} --jobs {jobs}");
        }
    }
}

/// `solve` and `analyze` on records that do not replay (random bytes, a
/// broken tag) name each one's first error by code and line:column, exit 1,
/// and still solve the good record after them.
#[test]
fn solve_and_analyze_name_the_first_error_of_a_record_they_skip() {
    let dir = scratch("solve-bad");
    let good = corpus("corpus/klaverjassen/deal-only.ttn");
    let mut bytes = b"\x00\xff\xfe junk\n\n[[[[\n\n".to_vec();
    bytes.extend_from_slice(good.as_bytes());
    let file = dir.join("mixed.ttn");
    std::fs::write(&file, bytes).unwrap();
    let path = file.to_str().unwrap();
    let (code, out, err) = troef(&dir, &["solve", "-q", path]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains(
            "record 1 (line 1): not solved: the record could not be replayed: error[E100] at 1:2"
        ),
        "{err}"
    );
    assert!(err.contains("record 2 (line 3): not solved"), "{err}");
    assert!(err.contains("error[E102] at 3:2"), "{err}");
    assert!(
        out.contains("best line"),
        "the good record is solved: {out}"
    );
    let (code, _, err) = troef(&dir, &["analyze", "-q", path]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("record 1 (line 1): not analysed: the record has errors: error[E100] at 1:2"),
        "{err}"
    );
}

/// A seed's deals end at index 2^64 - 2 (a record's [Board] is its index
/// plus one): `deal` and `solve --seed` refuse a range past it with exit 2
/// where `deal` panicked on the overflow and `solve` printed nothing, exit 0.
#[test]
fn deal_and_solve_refuse_a_start_past_a_seeds_last_deal() {
    let dir = scratch("deal-start");
    for cmd in ["deal", "solve"] {
        let (code, out, err) = troef(
            &dir,
            &[
                cmd,
                "--seed",
                "1",
                "--start",
                "18446744073709551615",
                "--count",
                "2",
            ],
        );
        assert_eq!(code, 2, "{cmd}: {out}{err}");
        assert!(
            err.contains("runs past a seed's last deal, 18446744073709551614"),
            "{cmd}: {err}"
        );
    }
    let (code, out, _) = troef(
        &dir,
        &["deal", "--seed", "1", "--start", "18446744073709551614"],
    );
    assert_eq!(code, 0);
    assert!(out.contains("[Board \"18446744073709551615\"]"), "{out}");
}
