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
    write!(
        out,
        "{{\n  \"schema_version\": {SCHEMA_VERSION},\n  \"ttn_version\": {},\n  \"records\": [",
        troef_ttn::TTN_VERSION
    )?;
    let mut first = true;
    for c in records {
        let c = c?;
        if !c.is_record() {
            continue;
        }
        let rec = ExportRecord {
            index: c.raw.index,
            line: c.raw.line,
            valid: c.is_valid(),
            record: c.record.as_ref(),
            replay: c.replay.as_ref(),
            diagnostics: diagnostics_out(file, &c),
        };
        out.write_all(if first { b"\n" } else { b",\n" })?;
        first = false;
        let text = serde_json::to_string_pretty(&rec).map_err(io::Error::other)?;
        for (i, line) in text.lines().enumerate() {
            if i > 0 {
                out.write_all(b"\n")?;
            }
            write!(out, "    {line}")?;
        }
    }
    writeln!(out, "{}]\n}}", if first { "" } else { "\n  " })
}

/// The JSON Schema of the export document (draft 2020-12, serialize contract).
pub fn schema() -> serde_json::Value {
    let generator = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let schema = generator.into_root_schema_for::<ExportFile<'static>>();
    serde_json::to_value(schema).expect("schema serialises")
}

/// The import side: only each entry's `record` is read; replays and
/// diagnostics are recomputed by `troef check`.
#[derive(Deserialize)]
struct ImportFile {
    records: Vec<ImportRecord>,
}

#[derive(Deserialize)]
struct ImportRecord {
    record: Option<Record>,
}

/// Why an export document could not be read back.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("not a troef JSON export: {0}")]
    NotAnExport(#[from] serde_json::Error),
    /// Records are numbered from 1.
    #[error("record {0} has no syntax tree (it could not be read when exported)")]
    NoSyntaxTree(usize),
    #[error("record {record}: comment {text:?} cannot be written as a {kind:?} comment")]
    Comment {
        record: usize,
        text: String,
        kind: troef_ttn::CommentKind,
    },
}

/// Reads an export document back into records.
pub fn import(json: &str) -> Result<Vec<Record>, ImportError> {
    let f: ImportFile = serde_json::from_str(json)?;
    let mut out = Vec::new();
    for (i, r) in f.records.into_iter().enumerate() {
        let Some(r) = r.record else {
            return Err(ImportError::NoSyntaxTree(i + 1));
        };
        validate_comments(&r).map_err(|c| ImportError::Comment {
            record: i + 1,
            text: c.text.clone(),
            kind: c.kind,
        })?;
        out.push(r);
    }
    Ok(out)
}

/// Comments from JSON must still be printable as TTN: the first that cannot.
fn validate_comments(r: &Record) -> Result<(), &troef_ttn::Comment> {
    use troef_ttn::{Comment, CommentKind, Token};
    fn ok(c: &Comment) -> Result<(), &Comment> {
        let bad = match c.kind {
            CommentKind::Brace => c.text.contains('}') || c.text.contains("\n\n"),
            CommentKind::Line | CommentKind::Escape => c.text.contains('\n'),
        };
        if bad {
            Err(c)
        } else {
            Ok(())
        }
    }
    fn tokens(ts: &[Token]) -> Result<(), &Comment> {
        for t in ts {
            t.comments.iter().try_for_each(ok)?;
            t.variations.iter().try_for_each(|v| tokens(v))?;
        }
        Ok(())
    }
    r.leading.iter().try_for_each(ok)?;
    for t in &r.tags {
        t.comments.iter().try_for_each(ok)?;
        tokens(&t.section)?;
    }
    Ok(())
}
pub mod diff;
pub mod interop;
pub mod report;
