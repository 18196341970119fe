//! The size of the machine's second-level cache, which sets how large the
//! solver's memo of trick starts is (`search::memo_bits`): the memo pays
//! while its slots stay near the core, and the best size measured follows
//! the core's L2 (BENCHMARKS.md, "the memo's size against this host's
//! second-level cache").
//!
//! Read from Linux's sysfs (`/sys/devices/system/cpu/cpu0/cache`), which
//! names each cache's level, type and size without `unsafe` or a CPUID
//! table per vendor. Elsewhere, or where sysfs says nothing usable, the
//! size is unknown and the memo keeps the size measured best on a core of
//! 2 MB of L2.

use std::path::Path;

/// The bytes of the second-level cache of the first CPU (of one core: a
/// cache of several cores is reported whole), or `None` if it cannot be
/// read.
pub(crate) fn l2_bytes() -> Option<u64> {
    l2_bytes_in(Path::new("/sys/devices/system/cpu/cpu0/cache"))
}

/// [`l2_bytes`] from a directory laid out as sysfs's `cpuN/cache`: entries
/// `index0`, `index1`, … with files `level`, `type` and `size`.
fn l2_bytes_in(dir: &Path) -> Option<u64> {
    let read = |index: &Path, name: &str| std::fs::read_to_string(index.join(name)).ok();
    std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("index"))
        .map(|e| e.path())
        .filter(|index| read(index, "level").is_some_and(|l| l.trim() == "2"))
        // A level of data or both: never an instruction cache.
        .filter(|index| read(index, "type").is_some_and(|t| t.trim() != "Instruction"))
        .find_map(|index| parse_size(&read(&index, "size")?))
}

/// A sysfs cache size: a number of bytes with an optional `K`, `M` or `G`
/// (binary multiples), as `1024K` or `2M`. `None` for anything else or 0.
fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let (digits, shift) = match text.as_bytes().last()? {
        b'K' | b'k' => (&text[..text.len() - 1], 10),
        b'M' | b'm' => (&text[..text.len() - 1], 20),
        b'G' | b'g' => (&text[..text.len() - 1], 30),
        _ => (text, 0),
    };
    let n: u64 = digits.parse().ok()?;
    n.checked_mul(1 << shift).filter(|&bytes| bytes > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_sysfs_writes_them() {
        assert_eq!(parse_size("1024K\n"), Some(1 << 20));
        assert_eq!(parse_size("512K"), Some(512 << 10));
        assert_eq!(parse_size("2M"), Some(2 << 20));
        assert_eq!(parse_size("1G"), Some(1 << 30));
        assert_eq!(parse_size("65536"), Some(65536));
        for bad in ["", "K", "0K", "-1K", "1.5M", "12Q", "99999999999999999999G"] {
            assert_eq!(parse_size(bad), None, "{bad:?}");
        }
    }

    /// A fake sysfs tree: the level-2 data cache is found whatever the
    /// order of the entries, the instruction cache of level 2 (some ARM
    /// cores report one) and the other levels are passed over.
    #[test]
    fn the_level_two_data_cache_is_read() {
        let dir = std::env::temp_dir().join(format!("troef-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let entry = |name: &str, level: &str, kind: &str, size: &str| {
            let d = dir.join(name);
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("level"), format!("{level}\n")).unwrap();
            std::fs::write(d.join("type"), format!("{kind}\n")).unwrap();
            std::fs::write(d.join("size"), format!("{size}\n")).unwrap();
        };
        entry("index0", "1", "Data", "32K");
        entry("index1", "2", "Instruction", "64K");
        entry("index3", "3", "Unified", "32768K");
        assert_eq!(l2_bytes_in(&dir), None);
        entry("index2", "2", "Unified", "1024K");
        assert_eq!(l2_bytes_in(&dir), Some(1 << 20));
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(l2_bytes_in(&dir), None);
    }
}
