//! Progress bars on standard error (indicatif): drawn only when stderr is a
//! terminal, so that logs and pipes get the output alone. One place for
//! every command that runs long (`analyze`, `solve`; `check` on archives).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

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
