//! JSON export and import.
//!
//! `troef json` writes one document: `{"schema_version": 1, "ttn_version": 1,
//! "records": [...]}`, each record with its syntax tree (tags, sections,
//! comments, glyphs, variations), its replay and its diagnostics. It is written
//! record by record, so memory stays bounded. The schema is generated from
//! these types (serialize contract) and committed as `spec/schema/troef.schema.json`.
//! Import reads the `record` of each entry back into TTN, losslessly.

#![forbid(unsafe_code)]

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::io::{self, Write};
use troef_rules::check::Checked;
use troef_rules::GameReplay;
use troef_ttn::diag::{locate, Severity};
use troef_ttn::Record;

/// Bumped whenever the JSON shape changes incompatibly.
pub const SCHEMA_VERSION: u32 = 1;

/// The whole export document (the schema's root).
#[derive(Serialize, JsonSchema)]
pub struct ExportFile<'a> {
    pub schema_version: u32,
    pub ttn_version: u32,
    pub records: Vec<ExportRecord<'a>>,
}

/// One record: where it is, what it says, what its replay found.
#[derive(Serialize, JsonSchema)]
pub struct ExportRecord<'a> {
    /// The file the record was read from, as the command line named it
    /// (`<stdin>` for standard input).
    pub file: &'a str,
    /// 1-based index of the record in its file.
    pub index: usize,
    /// 1-based line of its first line.
    pub line: usize,
    pub valid: bool,
    /// The syntax tree; `null` when the record could not be read at all.
    pub record: Option<&'a Record>,
    pub replay: Option<&'a GameReplay>,
    pub diagnostics: Vec<DiagnosticOut>,
}

/// A diagnostic, located.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct DiagnosticOut {
    /// Stable code, e.g. `E401`.
    pub code: String,
    pub severity: String,
    pub message: String,
    pub file: String,
    pub record: usize,
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    pub notes: Vec<String>,
}

/// Locates every diagnostic of a checked record.
pub fn diagnostics_out(file: &str, c: &Checked) -> Vec<DiagnosticOut> {
    c.diagnostics
        .iter()
        .map(|d| {
            let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
            DiagnosticOut {
                code: d.code.as_str().into(),
                severity: match d.severity {
                    Severity::Error => "error".into(),
                    Severity::Warning => "warning".into(),
                },
                message: d.message.clone(),
                file: file.into(),
                record: c.raw.index,
                line: loc.line,
                column: loc.column,
                notes: d.notes.clone(),
            }
        })
        .collect()
}

/// Writes the export document for a stream of checked records.
pub fn write_export<W: Write>(
    out: &mut W,
    file: &str,
    records: impl Iterator<Item = io::Result<Checked>>,
) -> io::Result<()> {
    let mut w = ExportWriter::new(out, false)?;
    for c in records {
        w.record(file, &c?)?;
    }
    w.finish()
}

/// Writes records as they come: one export document (`{"schema_version":
/// …, "records": [...]}`), or NDJSON, one record object a line, each
/// complete when written. Memory stays bounded either way.
pub struct ExportWriter<'w, W: Write> {
    out: &'w mut W,
    ndjson: bool,
    first: bool,
}

impl<'w, W: Write> ExportWriter<'w, W> {
    /// Starts the document (nothing yet for NDJSON).
    pub fn new(out: &'w mut W, ndjson: bool) -> io::Result<Self> {
        if !ndjson {
            write!(
                out,
                "{{\n  \"schema_version\": {SCHEMA_VERSION},\n  \"ttn_version\": {},\n  \"records\": [",
                troef_ttn::TTN_VERSION
            )?;
        }
        Ok(ExportWriter {
            out,
            ndjson,
            first: true,
        })
    }

    /// Writes one record read from `file` (what is not a record is skipped).
    /// Its tree and replay are rendered here unless [`render_compact`] or
    /// [`render_pretty`] (as this writer's `ndjson` says) rendered them on
    /// the thread that checked it (`Keep::Rendered`).
    pub fn record(&mut self, file: &str, c: &Checked) -> io::Result<()> {
        if !c.is_record() {
            return Ok(());
        }
        let rendered;
        let body = match &c.rendered {
            Some(Ok(body)) => body,
            Some(Err(e)) => return Err(io::Error::new(e.kind(), e.to_string())),
            None => {
                rendered = if self.ndjson {
                    render_compact(c)?
                } else {
                    render_pretty(c)?
                };
                &rendered
            }
        };
        // The fields around the tree and the replay: where the record is,
        // and its diagnostics, which name its number in the file.
        let head = Head {
            file,
            index: c.raw.index,
            line: c.raw.line,
            valid: c.is_valid(),
        };
        let tail = Tail {
            diagnostics: diagnostics_out(file, c),
        };
        if self.ndjson {
            let (head, tail) = (compact(&head)?, compact(&tail)?);
            let (head, tail) = (fields(&head), fields(&tail));
            return writeln!(self.out, "{{{head},{body},{tail}}}");
        }
        let (head, tail) = (pretty(&head)?, pretty(&tail)?);
        let (head, tail) = (fields(&head), fields(&tail));
        self.out
            .write_all(if self.first { b"\n" } else { b",\n" })?;
        self.first = false;
        let text = format!("{{\n{head},\n{body},\n{tail}\n}}");
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                self.out.write_all(b"\n")?;
            }
            write!(self.out, "    {line}")?;
        }
        Ok(())
    }

    /// Flushes what is written so far.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Closes the document.
    pub fn finish(self) -> io::Result<()> {
        if self.ndjson {
            return Ok(());
        }
        writeln!(self.out, "{}]\n}}", if self.first { "" } else { "\n  " })
    }
}

/// The fields of an [`ExportRecord`] before its tree: serialised alone,
/// then joined with the others, they give the record's JSON byte for byte.
#[derive(Serialize)]
struct Head<'a> {
    file: &'a str,
    index: usize,
    line: usize,
    valid: bool,
}

/// The tree and the replay of an [`ExportRecord`]: the bulk of it, and
/// all of it that does not depend on the record's number in its file.
#[derive(Serialize)]
struct Body<'a> {
    record: Option<&'a Record>,
    replay: Option<&'a GameReplay>,
}

/// The fields of an [`ExportRecord`] after its replay.
#[derive(Serialize)]
struct Tail {
    diagnostics: Vec<DiagnosticOut>,
}

fn compact<T: Serialize>(value: &T) -> io::Result<String> {
    serde_json::to_string(value).map_err(io::Error::other)
}

fn pretty<T: Serialize>(value: &T) -> io::Result<String> {
    serde_json::to_string_pretty(value).map_err(io::Error::other)
}

/// The fields of a serialised object without its braces (and, pretty, the
/// line ends after `{` and before `}`): each at the indentation it has
/// inside the object, so that objects' fields join into one object.
fn fields(object: &str) -> &str {
    let inner = object.strip_prefix('{').unwrap_or(object);
    let inner = inner.strip_suffix('}').unwrap_or(inner);
    inner
        .strip_prefix('\n')
        .unwrap_or(inner)
        .trim_end_matches('\n')
}

/// The `"record": …, "replay": …` part of a record's NDJSON line, made
/// where the record was checked (`troef json --ndjson` on every core).
pub fn render_compact(c: &Checked) -> io::Result<String> {
    let body = Body {
        record: c.record.as_ref(),
        replay: c.replay.as_ref(),
    };
    Ok(fields(&compact(&body)?).to_string())
}

/// The `"record": …, "replay": …` part of a record in the export document,
/// indented as it is inside the record object.
pub fn render_pretty(c: &Checked) -> io::Result<String> {
    let body = Body {
        record: c.record.as_ref(),
        replay: c.replay.as_ref(),
    };
    Ok(fields(&pretty(&body)?).to_string())
}

/// The JSON Schema of the export document (draft 2020-12, serialize contract).
pub fn schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let schema = generator.into_root_schema_for::<ExportFile<'static>>();
    serde_json::to_value(schema).expect("schema serialises")
}

pub mod diff;
mod import;
pub use import::{import, import_from, ImportError, JsonImport, Taken, ENTRY_LIMIT};
pub mod html;
pub mod interop;
pub mod report;
pub mod svg;
pub mod view;

#[cfg(test)]
mod tests {
    use super::*;
    use troef_rules::check::Checker;

    /// A record written in parts (head, tree and replay, diagnostics) is the
    /// [`ExportRecord`] the schema describes, serialised whole: byte for
    /// byte, in both formats, for every record of the corpus and the
    /// conformance suite (valid and invalid ones).
    #[test]
    fn a_record_written_in_parts_is_the_export_record() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut files = Vec::new();
        for dir in [
            "corpus/klaverjassen",
            "corpus/schafkopf",
            "spec/conformance/invalid",
        ] {
            for e in std::fs::read_dir(root.join(dir)).unwrap() {
                files.push(e.unwrap().path());
            }
        }
        let mut records = 0;
        for path in files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ttn"))
        {
            let text = std::fs::read(path).unwrap();
            for c in Checker::new(&text[..]) {
                let c = c.unwrap();
                if !c.is_record() {
                    continue;
                }
                records += 1;
                let whole = ExportRecord {
                    file: "f",
                    index: c.raw.index,
                    line: c.raw.line,
                    valid: c.is_valid(),
                    record: c.record.as_ref(),
                    replay: c.replay.as_ref(),
                    diagnostics: diagnostics_out("f", &c),
                };
                let write = |ndjson: bool| {
                    let mut out = Vec::new();
                    let mut w = ExportWriter::new(&mut out, ndjson).unwrap();
                    w.record("f", &c).unwrap();
                    w.finish().unwrap();
                    String::from_utf8(out).unwrap()
                };
                let line = serde_json::to_string(&whole).unwrap();
                assert_eq!(write(true), format!("{line}\n"), "{}", path.display());
                // In the document, the record is indented under `"records": [`.
                let pretty = serde_json::to_string_pretty(&whole).unwrap();
                let indented: Vec<String> = pretty.lines().map(|l| format!("    {l}")).collect();
                let document = write(false);
                assert!(
                    document.contains(&format!("[\n{}\n  ]", indented.join("\n"))),
                    "{}\n{document}",
                    path.display()
                );
            }
        }
        assert!(records > 50, "{records}");
    }
}
