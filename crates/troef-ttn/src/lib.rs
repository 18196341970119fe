//! TTN, the Trick-Taking Notation: syntax only.
//!
//! Layers (each testable on its own):
//! 1. [`reader`]: split a byte stream into records at blank lines, in bounded
//!    memory, remembering each record's byte offset and line;
//! 2. [`parse`]: parse one record into the spanned [`ast`] with nom;
//! 3. [`mod@print`]: print the canonical form.
//!
//! Game meaning (what a call or a claim does) lives in `troef-rules`.

#![forbid(unsafe_code)]

pub mod annotation;
pub mod ast;
pub mod diag;
pub mod parse;
pub mod print;
pub mod reader;

pub use ast::*;
pub use diag::{Code, Diagnostic, Severity};
pub use parse::parse_record;
pub use print::{
    format_stream, format_text, four_cards_in_play, print_file, print_record, unprintable, Layout,
    LineBreak,
};
pub use reader::{counts_as_record, RawRecord, RecordReader};

/// The TTN version this crate reads and writes.
pub const TTN_VERSION: u32 = 1;
