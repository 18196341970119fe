//! `troef deal`: reproducible deals (each game's dealing is
//! `troef_rules::dealing`'s, listed in `troef_rules::games::DEALINGS`).

use std::io::{self, Read, Write};
use troef_rules::dealing::Dealing;
use troef_rules::games::{dealing, DEALINGS};

/// The records `troef deal` prints, as text made as it is read: a seed's
/// million deals are never held at once (`troef solve --seed` reads them
/// one record at a time, as it reads a file).
pub struct Seeded {
    dealing: &'static Dealing,
    seed: u64,
    players: Option<usize>,
    /// The next deal's index, and the index past the last.
    next: u64,
    end: u64,
    /// Text made and not yet read: the version line, then a record.
    buf: Vec<u8>,
    read: usize,
}

impl Seeded {
    /// Deals `start` to `start + count - 1` of `seed`. The error says why
    /// they cannot be dealt: a game with no dealing, a number of players it
    /// is not dealt to, or indices past a seed's last.
    pub fn new(
        game: &str,
        seed: u64,
        count: u64,
        start: u64,
        players: Option<usize>,
    ) -> Result<Seeded, String> {
        let Some(d) = dealing(game) else {
            let names: Vec<&str> = DEALINGS.iter().map(|d| d.name).collect();
            return Err(format!(
                "dealing is implemented for: {} (not `{game}`)",
                names.join(", ")
            ));
        };
        // Each record's [Board] is its index plus one, a 64-bit number: the
        // last index is `u64::MAX - 1`, so the end must fit in 64 bits.
        let end = start.checked_add(count).ok_or_else(|| {
            format!(
                "--start {start} --count {count} runs past a seed's last deal, {}",
                troef_rules::dealing::LAST_INDEX
            )
        })?;
        // The players are the same for every deal: asked once.
        d.record(seed, start.min(troef_rules::dealing::LAST_INDEX), players)?;
        Ok(Seeded {
            dealing: d,
            seed,
            players,
            next: start,
            end,
            buf: format!("% TTN {}\n", troef_ttn::TTN_VERSION).into_bytes(),
            read: 0,
        })
    }
}

impl Read for Seeded {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.read == self.buf.len() {
            if self.next == self.end {
                return Ok(0);
            }
            let r = self
                .dealing
                .record(self.seed, self.next, self.players)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?;
            self.next += 1;
            self.buf.clear();
            self.buf.push(b'\n');
            self.buf.extend_from_slice(r.as_bytes());
            self.read = 0;
        }
        let n = out.len().min(self.buf.len() - self.read);
        out[..n].copy_from_slice(&self.buf[self.read..self.read + n]);
        self.read += n;
        Ok(n)
    }
}

pub fn run(
    game: &str,
    seed: u64,
    count: u64,
    start: u64,
    players: Option<usize>,
) -> io::Result<u8> {
    let mut deals = match Seeded::new(game, seed, count, start, players) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("troef: {e}");
            return Ok(2);
        }
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    io::copy(&mut deals, &mut out)?;
    out.flush()?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text is the records one after another, as `Dealing::record`
    /// writes them, made one record at a time: a billion deals asked, the
    /// first read at once with one record's text held.
    #[test]
    fn deals_are_made_as_they_are_read() {
        let mut deals = Seeded::new("jass", 3, 1_000_000_000, 5, None).unwrap();
        let mut text = Vec::new();
        let mut chunk = [0u8; 7];
        while text.len() < 4_000 {
            let n = deals.read(&mut chunk).unwrap();
            assert!(n > 0);
            text.extend_from_slice(&chunk[..n]);
        }
        assert!(deals.buf.capacity() < 4_096, "{}", deals.buf.capacity());
        let d = dealing("jass").unwrap();
        let mut want = format!("% TTN {}\n", troef_ttn::TTN_VERSION);
        for i in 5..100 {
            want.push('\n');
            want.push_str(&d.record(3, i, None).unwrap());
        }
        assert!(want.as_bytes().starts_with(&text), "the records in order");
    }

    #[test]
    fn a_count_past_the_last_deal_is_refused() {
        let e = Seeded::new("klaverjassen", 1, 2, u64::MAX - 1, None).err();
        assert!(e.is_some_and(|e| e.contains("runs past a seed's last deal")));
        let mut all = String::new();
        Seeded::new("klaverjassen", 1, 1, u64::MAX - 1, None)
            .unwrap()
            .read_to_string(&mut all)
            .unwrap();
        assert!(all.contains("[Board \"18446744073709551615\"]"), "{all}");
        let e = Seeded::new("dumbal", 1, 1, 0, Some(11)).err();
        assert!(e.is_some_and(|e| e.contains("2 to 10 players")));
    }
}
