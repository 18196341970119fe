//! The bundled corpus of one game, as one text: shared by the bench binaries
//! of troef-rules and troef-export (`#[path]`-included).

/// Every `corpus/<game>/*.ttn` file, in name order, each ending in a newline.
pub fn corpus(game: &str) -> String {
    let dir = format!("{}/../../corpus/{game}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ttn"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| std::fs::read_to_string(f).unwrap() + "\n")
        .collect()
}
