//! What goes on standard error besides diagnostics: progress bars
//! (indicatif), drawn only when stderr is a terminal, so that logs and pipes
//! get the output alone, and summary lines; `--quiet` turns both off. One
//! place for every command that runs long (`analyze`, `solve`; `check` on
//! archives).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::sync::atomic::{AtomicBool, Ordering};

static QUIET: AtomicBool = AtomicBool::new(false);

/// `--quiet`: no progress bar, no summary line; diagnostics and data only.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether summary lines and progress bars are left out.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// A bar over `total` records; its message says what else is counted.
pub fn records(total: u64) -> ProgressBar {
    bar(
        total,
        "[{bar:30}] {pos}/{len} records {msg} ({elapsed}, about {eta} left)",
    )
}

/// A bar of `total` steps drawn with `template` on stderr, hidden under
/// `--quiet` (indicatif hides it too when stderr is not a terminal).
fn bar(total: u64, template: &str) -> ProgressBar {
    let target = if quiet() {
        ProgressDrawTarget::hidden()
    } else {
        ProgressDrawTarget::stderr()
    };
    let bar = ProgressBar::with_draw_target(Some(total), target);
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("#> "),
    );
    bar
}

/// A bar over the records of the file at `path`, counted first (a second
/// read, parsing only, by the rule `check` counts records) when the bar is
/// drawn at all: stderr is a terminal and the input is not standard input.
pub fn records_in(path: &str) -> io::Result<ProgressBar> {
    let total = if path != "-" && !quiet() && io::stderr().is_terminal() {
        troef_rules::check::count_records(super::open(path)?)?
    } else {
        0
    };
    Ok(records(total as u64))
}

/// A bar over `total` bytes of input (a command that reads records:
/// `check`, `json`, `show`), with the rate and the time left.
pub fn bytes(total: u64) -> ProgressBar {
    bar(
        total,
        "[{bar:30}] {bytes}/{total_bytes} ({binary_bytes_per_sec}, about {eta} left) {msg}",
    )
}
