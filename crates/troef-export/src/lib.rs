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
    pub fn record(&mut self, file: &str, c: &Checked) -> io::Result<()> {
        if !c.is_record() {
            return Ok(());
        }
        let rec = ExportRecord {
            file,
            index: c.raw.index,
            line: c.raw.line,
            valid: c.is_valid(),
            record: c.record.as_ref(),
            replay: c.replay.as_ref(),
            diagnostics: diagnostics_out(file, c),
        };
        if self.ndjson {
            let line = serde_json::to_string(&rec).map_err(io::Error::other)?;
            return writeln!(self.out, "{line}");
        }
        self.out
            .write_all(if self.first { b"\n" } else { b",\n" })?;
        self.first = false;
        let text = serde_json::to_string_pretty(&rec).map_err(io::Error::other)?;
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
