//! `troef show`: a readable diagram of each record.

use std::io;
use troef_rules::profiles::AnyProfile;

/// Every record of every input, drawn with its diagnostics (an input
/// without a record, with E114). Exit 1 when a record is invalid.
pub fn run(paths: &[String], overrides: &[AnyProfile], jobs: usize) -> io::Result<u8> {
    let t = super::read_inputs(
        paths,
        overrides,
        jobs,
        // Each diagram is drawn on the thread that checked the record.
        troef_rules::parallel::Keep::Rendered(|c| Ok(troef_export::report::render_show(c))),
        |name, c| super::emit(&troef_export::report::show(name, c)),
    )?;
    Ok(t.code())
}
