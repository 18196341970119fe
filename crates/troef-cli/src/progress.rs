//! Progress bars on standard error (indicatif): drawn only when stderr is a
//! terminal, so that logs and pipes get the output alone. One place for
//! every command that runs long (`analyze`, `solve`; `check` on archives).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};

/// A bar over `total` records; its message says what else is counted.
pub fn records(total: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} records {msg} ({elapsed}, about {eta} left)",
        )
        .expect("a valid template")
        .progress_chars("#> "),
    );
    bar
}

/// A bar over the records of the file at `path`, counted first (a second
/// read, parsing only, by the rule `check` counts records) when the bar is
/// drawn at all: stderr is a terminal and the input is not standard input.
pub fn records_in(path: &str) -> io::Result<ProgressBar> {
    let total = if path != "-" && io::stderr().is_terminal() {
        troef_rules::check::count_records(super::open(path)?)?
    } else {
        0
    };
    Ok(records(total as u64))
}
