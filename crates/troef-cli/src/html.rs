//! `troef html` (a page to share) and `troef show --format svg` (one
//! picture): both draw the records' views ([`troef_export::view`]), which
//! the replay computes with every move kept.

use crate::{emit, read_inputs, Keeping};
use std::io;
use std::path::Path;
use troef_export::view::RecordView;
use troef_rules::parallel::Keep;
use troef_rules::profiles::AnyProfile;

const KEEP_MOVES: Keeping = Keeping {
    keep: Keep::All,
    moves: true,
};

/// Every record of every input as one page, written to `output` (through a
/// temporary file and a rename) or standard output. Exit 1 when a record is
/// invalid; the page shows it up to its first error.
pub fn run(
    paths: &[String],
    output: Option<&Path>,
    overrides: &[AnyProfile],
    jobs: usize,
) -> io::Result<u8> {
    let mut views = Vec::new();
    let t = read_inputs(paths, overrides, jobs, KEEP_MOVES, |name, c| {
        views.push(RecordView::new(name, c));
        Ok(())
    })?;
    let title = match paths {
        [one] => crate::display_name(one).to_string(),
        _ => format!("{} records", views.len()),
    };
    let page = troef_export::html::page(&title, &views);
    match output {
        Some(path) => crate::fmt::write_atomically(path, page.as_bytes())
            .map_err(|e| crate::named(&path.display().to_string(), e))?,
        None => emit(&page)?,
    }
    Ok(t.code())
}

/// Record `record` (1-based, over all inputs) as one SVG picture of its
/// position after `trick` tricks. Exit 1 when the inputs hold fewer
/// records, or the record drawn is invalid; 2 when an input could not be
/// read.
pub fn svg(
    paths: &[String],
    (record, trick): (u64, usize),
    overrides: &[AnyProfile],
    jobs: usize,
) -> io::Result<u8> {
    let (mut seen, mut view) = (0u64, None);
    let t = read_inputs(paths, overrides, jobs, KEEP_MOVES, |name, c| {
        if c.is_record() {
            seen += 1;
            if seen == record {
                view = Some(RecordView::new(name, c));
            }
        }
        Ok(())
    })?;
    let Some(v) = view else {
        eprintln!("troef: the input holds {seen} record(s); there is no record {record}");
        return Ok(1);
    };
    emit(&troef_export::svg::diagram(&v, trick))?;
    Ok(match t.code() {
        2 => 2,
        _ if v.valid => 0,
        _ => 1,
    })
}
