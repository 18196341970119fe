//! `troef deal`: reproducible deals (each game's dealing is
//! `troef_rules::dealing`'s, listed in `troef_rules::games::DEALINGS`).

use std::io::{self, Write};
use troef_rules::games::{dealing, DEALINGS};

/// The records `troef deal` prints, as one text; `None` for a game that
/// cannot be dealt (four players: the games `solve` deals).
pub fn records(game: &str, seed: u64, count: u64, start: u64) -> Option<String> {
    let d = dealing(game)?;
    let mut out = format!("% TTN {}\n", troef_ttn::TTN_VERSION);
    for i in start..start.saturating_add(count) {
        out.push('\n');
        out.push_str(&d.record(seed, i, None).ok()?);
    }
    Some(out)
}

pub fn run(
    game: &str,
    seed: u64,
    count: u64,
    start: u64,
    players: Option<usize>,
) -> io::Result<u8> {
    let Some(d) = dealing(game) else {
        let names: Vec<&str> = DEALINGS.iter().map(|d| d.name).collect();
        eprintln!(
            "troef: dealing is implemented for: {} (not `{game}`)",
            names.join(", ")
        );
        return Ok(2);
    };
    if let Err(e) = d.record(seed, start, players) {
        eprintln!("troef: {e}");
        return Ok(2);
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    writeln!(out, "% TTN {}", troef_ttn::TTN_VERSION)?;
    for i in start..start.saturating_add(count) {
        if let Ok(r) = d.record(seed, i, players) {
            write!(out, "\n{r}")?;
        }
    }
    out.flush()?;
    Ok(0)
}
