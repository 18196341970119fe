//! Rule profiles as data: the profile file format (`spec/profiles.md`), the
//! built-in profiles shipped with troef, user profiles loaded from files, and
//! the resolver that gives each record its profile.
//!
//! A profile file is TOML:
//!
//! ```toml
//! troef_profile = 1            # the format version
//! game = "klaverjassen"
//! name = "my-club"
//! base = "rotterdam"           # optional: fields not given here are the base's
//! description = "Rotterdam, but four of a kind of any rank counts 100"
//! quartet_value = "hundred_any"
//! ```
//!
//! Every rule variant of a game (the ids in `rules-*.md`) is a field; unknown
//! fields and values are errors, with the line and column of the offending key.

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::kind::GameKind;
use crate::profile_file::ProfileFile;
use crate::{dumbal, het_pandoeren, jass, klaverjassen, pandoeren, schafkopf};

/// The profile file format version this troef reads and writes.
pub const FORMAT_VERSION: u32 = 1;

/// Profile files larger than this are refused (a profile is a few hundred bytes).
pub const MAX_FILE_BYTES: u64 = 256 * 1024;

/// Profile files a resolver keeps loaded (a file naming more starts over).
const MAX_CACHED_FILES: usize = 64;

/// How many `base` links a profile may follow (catches cycles).
const MAX_BASE_DEPTH: usize = 8;

/// The built-in profiles: (game, name, file text). The first of each game is its default.
const BUILTIN_FILES: &[(GameKind, &str, &str)] = &[
    (
        GameKind::Klaverjassen,
        "amsterdam",
        include_str!("../profiles/klaverjassen/amsterdam.toml"),
    ),
    (
        GameKind::Klaverjassen,
        "rotterdam",
        include_str!("../profiles/klaverjassen/rotterdam.toml"),
    ),
    (
        GameKind::Klaverjassen,
        "seed",
        include_str!("../profiles/klaverjassen/seed.toml"),
    ),
    (
        GameKind::Klaverjassen,
        "utrecht",
        include_str!("../profiles/klaverjassen/utrecht.toml"),
    ),
    (
        GameKind::Klaverjassen,
        "parlett",
        include_str!("../profiles/klaverjassen/parlett.toml"),
    ),
    (
        GameKind::Pandoeren,
        "pagat",
        include_str!("../profiles/pandoeren/pagat.toml"),
    ),
    (
        GameKind::Pandoeren,
        "butselaar",
        include_str!("../profiles/pandoeren/butselaar.toml"),
    ),
    (
        GameKind::Jass,
        "swiss",
        include_str!("../profiles/jass/swiss.toml"),
    ),
    (
        GameKind::Jass,
        "seed",
        include_str!("../profiles/jass/seed.toml"),
    ),
    (
        GameKind::Jass,
        "pagat",
        include_str!("../profiles/jass/pagat.toml"),
    ),
    (
        GameKind::Jass,
        "vorarlberg",
        include_str!("../profiles/jass/vorarlberg.toml"),
    ),
    (
        GameKind::Jass,
        "jass-challenge",
        include_str!("../profiles/jass/jass-challenge.toml"),
    ),
    (
        GameKind::Jass,
        "jass-challenge-french",
        include_str!("../profiles/jass/jass-challenge-french.toml"),
    ),
    (
        GameKind::Jass,
        "jass-kit",
        include_str!("../profiles/jass/jass-kit.toml"),
    ),
    (
        GameKind::Schafkopf,
        "bavarian",
        include_str!("../profiles/schafkopf/bavarian.toml"),
    ),
    (
        GameKind::Schafkopf,
        "parlett",
        include_str!("../profiles/schafkopf/parlett.toml"),
    ),
    (
        GameKind::Schafkopf,
        "netschafkopf",
        include_str!("../profiles/schafkopf/netschafkopf.toml"),
    ),
    (
        GameKind::Schafkopf,
        "netschafkopf-helper",
        include_str!("../profiles/schafkopf/netschafkopf-helper.toml"),
    ),
    (
        GameKind::Schafkopf,
        "netschafkopf-short",
        include_str!("../profiles/schafkopf/netschafkopf-short.toml"),
    ),
    (
        GameKind::Schafkopf,
        "pm-regeln",
        include_str!("../profiles/schafkopf/pm-regeln.toml"),
    ),
    (
        GameKind::Schafkopf,
        "pm-regeln-1-5-1",
        include_str!("../profiles/schafkopf/pm-regeln-1-5-1.toml"),
    ),
    (
        GameKind::HetPandoeren,
        "heerlen",
        include_str!("../profiles/het-pandoeren/heerlen.toml"),
    ),
    (
        GameKind::Dumbal,
        "seed",
        include_str!("../profiles/dumbal/seed.toml"),
    ),
    (
        GameKind::Dumbal,
        "alankar",
        include_str!("../profiles/dumbal/alankar.toml"),
    ),
    (
        GameKind::Dumbal,
        "lawolf",
        include_str!("../profiles/dumbal/lawolf.toml"),
    ),
];

/// A rule profile of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyProfile {
    Klaverjassen(klaverjassen::Profile),
    Pandoeren(pandoeren::Profile),
    Jass(jass::Profile),
    Schafkopf(schafkopf::Profile),
    Dumbal(dumbal::Profile),
    HetPandoeren(het_pandoeren::Profile),
}

/// What the loader needs of a game's profile type.
trait GameProfile: Serialize + DeserializeOwned + JsonSchema + Clone {
    const GAME: GameKind;
    fn wrap(self) -> AnyProfile;
    fn unwrap(p: AnyProfile) -> Option<Self>;
}

/// A built-in profile of the game `P` by name.
fn builtin_of<P: GameProfile>(name: &str) -> Option<P> {
    P::unwrap(builtin(P::GAME, name)?)
}

/// Each game's profile type, tied to its [`AnyProfile`] variant: its
/// `GameProfile` impl and its `Profile::builtin`. Written here, beside the
/// table of built-in files, so that a game's module does not call back into
/// the loader (profiles -> game -> profiles was a cycle).
macro_rules! game_profile {
    ($module:ident, $variant:ident) => {
        impl GameProfile for $module::Profile {
            const GAME: GameKind = GameKind::$variant;
            fn wrap(self) -> AnyProfile {
                AnyProfile::$variant(self)
            }
            fn unwrap(p: AnyProfile) -> Option<Self> {
                match p {
                    AnyProfile::$variant(p) => Some(p),
                    _ => None,
                }
            }
        }

        impl $module::Profile {
            /// A built-in profile by name (`troef rules list` names them).
            pub fn builtin(name: &str) -> Option<Self> {
                builtin_of(name)
            }
        }
    };
}

game_profile!(klaverjassen, Klaverjassen);
game_profile!(pandoeren, Pandoeren);
game_profile!(jass, Jass);
game_profile!(schafkopf, Schafkopf);
game_profile!(dumbal, Dumbal);
game_profile!(het_pandoeren, HetPandoeren);

/// Keys every profile file has besides its game's rule fields.
pub const HEADER_KEYS: &[&str] = &["troef_profile", "game", "name", "base", "description"];

impl AnyProfile {
    pub fn game(&self) -> GameKind {
        match self {
            AnyProfile::Klaverjassen(_) => klaverjassen::Profile::GAME,
            AnyProfile::Pandoeren(_) => pandoeren::Profile::GAME,
            AnyProfile::Jass(_) => jass::Profile::GAME,
            AnyProfile::Schafkopf(_) => schafkopf::Profile::GAME,
            AnyProfile::Dumbal(_) => dumbal::Profile::GAME,
            AnyProfile::HetPandoeren(_) => het_pandoeren::Profile::GAME,
        }
    }
    /// The profile without its game's rule fields.
    pub fn file(&self) -> &dyn ProfileFile {
        match self {
            AnyProfile::Klaverjassen(p) => p,
            AnyProfile::Pandoeren(p) => p,
            AnyProfile::Jass(p) => p,
            AnyProfile::Schafkopf(p) => p,
            AnyProfile::Dumbal(p) => p,
            AnyProfile::HetPandoeren(p) => p,
        }
    }
    pub fn name(&self) -> &str {
        self.file().name()
    }
    pub fn description(&self) -> &str {
        self.file().description()
    }
    pub fn base(&self) -> Option<&str> {
        self.file().base()
    }
    /// The profile as a TOML table (every field, resolved).
    pub fn to_table(&self) -> toml::Table {
        self.file().to_table()
    }
    /// The profile as JSON (every field, resolved).
    pub fn to_json(&self) -> serde_json::Value {
        self.file().to_json()
    }

    /// Parses a profile file's text. `origin` names it in messages; `dir`
    /// is where a relative `base` file is looked up.
    pub fn parse(text: &str, origin: &str, dir: Option<&Path>) -> Result<AnyProfile, ProfileError> {
        parse_at(text, origin, dir, 0)
    }

    /// Loads a profile file.
    pub fn load(path: &Path) -> Result<AnyProfile, ProfileError> {
        load_at(path, 0)
    }
}

/// A profile that could not be loaded: where, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProfileError {
    /// The file, or `built-in NAME`.
    pub origin: String,
    /// The message; TOML errors carry line, column and the offending line.
    pub message: String,
}

impl std::fmt::Display for ProfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}: {}", self.origin, self.message.trim_end())
    }
}

impl std::error::Error for ProfileError {}

fn err(origin: &str, message: impl Into<String>) -> ProfileError {
    ProfileError {
        origin: origin.to_string(),
        message: message.into(),
    }
}

pub use crate::values::is_path;

fn load_at(path: &Path, depth: usize) -> Result<AnyProfile, ProfileError> {
    let origin = path.display().to_string();
    let text = read_limited(path).map_err(|m| err(&origin, m.to_string()))?;
    parse_at(&text, &origin, path.parent(), depth)
}

/// Reads a regular file of at most [`MAX_FILE_BYTES`].
fn read_limited(path: &Path) -> Result<String, ReadError> {
    use std::io::Read;
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(ReadError::NotAFile);
    }
    let f = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ReadError::TooLarge);
    }
    String::from_utf8(bytes).map_err(|e| ReadError::NotUtf8(e.utf8_error().valid_up_to()))
}

/// Why a profile file could not be read.
#[derive(Debug, thiserror::Error)]
enum ReadError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("not a regular file")]
    NotAFile,
    #[error("larger than {} KiB; not a profile", MAX_FILE_BYTES / 1024)]
    TooLarge,
    #[error("not UTF-8 (byte {0})")]
    NotUtf8(usize),
}

/// Why a profile's `base` could not be had.
#[derive(Debug, thiserror::Error)]
enum BaseError {
    #[error("{0}")]
    File(#[from] ProfileError),
    #[error("no built-in {game} profile of that name (built-in: {})", builtin_names(*.game).join(", "))]
    NoBuiltin { game: GameKind },
}

fn parse_at(
    text: &str,
    origin: &str,
    dir: Option<&Path>,
    depth: usize,
) -> Result<AnyProfile, ProfileError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| err(origin, e.to_string()))?;
    match table.get("troef_profile") {
        None => {
            return Err(err(
                origin,
                format!("missing `troef_profile = {FORMAT_VERSION}` (the profile format version)"),
            ))
        }
        Some(toml::Value::Integer(v)) if *v == i64::from(FORMAT_VERSION) => {}
        Some(toml::Value::Integer(v)) if *v > i64::from(FORMAT_VERSION) => {
            return Err(err(
                origin,
                format!(
                    "profile format version {v} is newer than this troef reads ({FORMAT_VERSION}); upgrade troef"
                ),
            ))
        }
        Some(v) => {
            return Err(err(
                origin,
                format!("`troef_profile` must be {FORMAT_VERSION}, not {v}"),
            ))
        }
    }
    if !table.contains_key("name") {
        return Err(err(
            origin,
            "missing `name` (the name records use in [Rules])",
        ));
    }
    let named = table.get("game").and_then(toml::Value::as_str);
    match named.and_then(GameKind::named) {
        Some(GameKind::Klaverjassen) => {
            parse_game::<klaverjassen::Profile>(text, table, origin, dir, depth)
        }
        Some(GameKind::Pandoeren) => {
            parse_game::<pandoeren::Profile>(text, table, origin, dir, depth)
        }
        Some(GameKind::Jass) => parse_game::<jass::Profile>(text, table, origin, dir, depth),
        Some(GameKind::Schafkopf) => {
            parse_game::<schafkopf::Profile>(text, table, origin, dir, depth)
        }
        Some(GameKind::Dumbal) => parse_game::<dumbal::Profile>(text, table, origin, dir, depth),
        Some(GameKind::HetPandoeren) => {
            parse_game::<het_pandoeren::Profile>(text, table, origin, dir, depth)
        }
        None => Err(err(
            origin,
            match named {
                Some(other) => format!(
                    "unknown game `{other}`{}; profiles exist for {}",
                    crate::kind::did_you_mean(other, GameKind::ALL.map(GameKind::name)),
                    GameKind::list()
                ),
                None => format!("missing `game = \"...\"` ({})", GameKind::list()),
            },
        )),
    }
}

fn parse_game<P: GameProfile>(
    text: &str,
    table: toml::Table,
    origin: &str,
    dir: Option<&Path>,
    depth: usize,
) -> Result<AnyProfile, ProfileError> {
    let base_spec = match table.get("base") {
        None => None,
        Some(toml::Value::String(s)) => Some(s.clone()),
        Some(v) => return Err(err(origin, format!("`base` names a profile, not {v}"))),
    };
    let base = match &base_spec {
        Some(b) => {
            if depth >= MAX_BASE_DEPTH {
                return Err(err(
                    origin,
                    format!("`base` chain longer than {MAX_BASE_DEPTH} (a cycle?)"),
                ));
            }
            let base = resolve_base(b, P::GAME, dir, depth + 1)
                .map_err(|e| err(origin, format!("base `{b}`: {e}")))?;
            if base.game() != P::GAME {
                return Err(err(
                    origin,
                    format!(
                        "base `{b}` is a {} profile, this one is {}",
                        base.game(),
                        P::GAME
                    ),
                ));
            }
            Some(base)
        }
        None => None,
    };
    // Read the text itself first: errors then carry the key's line and column.
    match toml::from_str::<P>(text) {
        Ok(p) => Ok(p.wrap()),
        Err(e) if base.is_some() && e.message().starts_with("missing field") => {
            // A partial profile: the base fills in what is not given. Every
            // key given was read without error above up to the first missing
            // one, but nested tables may still hold errors: deserialise the
            // merged table and report the path.
            let mut merged = base.as_ref().map(AnyProfile::to_table).unwrap_or_default();
            merged.remove("description");
            merged.remove("base");
            for (k, v) in table {
                match (merged.get_mut(&k), v) {
                    (Some(toml::Value::Table(into)), toml::Value::Table(from)) => {
                        into.extend(from);
                    }
                    (_, v) => {
                        merged.insert(k, v);
                    }
                }
            }
            merged
                .try_into::<P>()
                .map(GameProfile::wrap)
                .map_err(|e| err(origin, e.to_string()))
        }
        Err(e) => {
            let mut m = e.to_string();
            if e.message().starts_with("missing field") {
                m.push_str("(give every field, or name a `base` profile to start from)\n");
            }
            if e.message().contains("unknown field `wenz_runner_minimum`") {
                // The key of profiles written before the runner minimum
                // became per contract.
                m.push_str("(the runner minimum is now one per contract: write `[runner_minimum]` with `wenz = N` and `geier = N`)\n");
            }
            Err(err(origin, m))
        }
    }
}

fn resolve_base(
    spec: &str,
    game: GameKind,
    dir: Option<&Path>,
    depth: usize,
) -> Result<AnyProfile, BaseError> {
    if is_path(spec) {
        let path = dir.map_or_else(|| PathBuf::from(spec), |d| d.join(spec));
        Ok(load_at(&path, depth)?)
    } else {
        let text = builtin_text(game, spec).ok_or(BaseError::NoBuiltin { game })?;
        Ok(parse_at(text, &format!("built-in {spec}"), None, depth)?)
    }
}

fn builtin_text(game: GameKind, name: &str) -> Option<&'static str> {
    BUILTIN_FILES
        .iter()
        .find(|(g, n, _)| *g == game && *n == name)
        .map(|(_, _, t)| *t)
}

/// The built-in profiles' file texts, as shipped: (game, name, text).
pub fn builtin_files() -> impl Iterator<Item = (GameKind, &'static str, &'static str)> {
    BUILTIN_FILES.iter().copied()
}

/// The names of a game's built-in profiles, its default first.
pub fn builtin_names(game: GameKind) -> Vec<&'static str> {
    BUILTIN_FILES
        .iter()
        .filter(|(g, _, _)| *g == game)
        .map(|(_, n, _)| *n)
        .collect()
}

/// A game's default profile name (used when a record names none).
pub fn default_name(game: GameKind) -> Option<&'static str> {
    builtin_names(game).first().copied()
}

type BuiltinTable = Vec<(
    (GameKind, &'static str),
    Result<Arc<AnyProfile>, ProfileError>,
)>;

fn builtins() -> &'static BuiltinTable {
    static CELL: OnceLock<BuiltinTable> = OnceLock::new();
    CELL.get_or_init(|| {
        BUILTIN_FILES
            .iter()
            .map(|&(g, n, text)| {
                let p = parse_at(text, &format!("built-in {n}"), None, 0).map(Arc::new);
                ((g, n), p)
            })
            .collect()
    })
}

/// A built-in profile, parsed from the file shipped with troef. `None` for
/// an unknown name (and for a built-in file that does not parse, which the
/// tests rule out: see [`builtin_checked`]).
pub fn builtin(game: GameKind, name: &str) -> Option<AnyProfile> {
    builtin_shared(game, name).map(|p| (*p).clone())
}

/// A built-in profile, shared (no copy).
fn builtin_shared(game: GameKind, name: &str) -> Option<Arc<AnyProfile>> {
    builtin_entry(game, name)?.as_ref().ok().cloned()
}

fn builtin_entry(
    game: GameKind,
    name: &str,
) -> Option<&'static Result<Arc<AnyProfile>, ProfileError>> {
    builtins()
        .iter()
        .find(|((g, n), _)| *g == game && *n == name)
        .map(|(_, r)| r)
}

/// A built-in profile, or the error its file gave.
pub fn builtin_checked(game: GameKind, name: &str) -> Option<Result<AnyProfile, ProfileError>> {
    builtin_entry(game, name).map(|r| r.as_ref().map(|p| (**p).clone()).map_err(Clone::clone))
}

/// Every built-in profile with this name, of any game.
pub fn builtins_named(name: &str) -> Vec<AnyProfile> {
    let name = name.trim().to_ascii_lowercase();
    GameKind::ALL
        .into_iter()
        .filter_map(|g| builtin(g, &name))
        .collect()
}

/// A `--rules` argument: a file (ending in `.toml`) or a built-in name, of
/// any game. Returns every profile it names (one per game having that name).
pub fn lookup(spec: &str) -> Result<Vec<AnyProfile>, ProfileError> {
    if is_path(spec) {
        return AnyProfile::load(Path::new(spec.trim())).map(|p| vec![p]);
    }
    let found = builtins_named(spec);
    if found.is_empty() {
        let all: Vec<String> = GameKind::ALL
            .into_iter()
            .map(|g| format!("{g}: {}", builtin_names(g).join(", ")))
            .collect();
        let names: Vec<&str> = GameKind::ALL.into_iter().flat_map(builtin_names).collect();
        return Err(err(
            spec,
            format!(
                "no built-in profile of that name{} (built-in: {}; or give a .toml file)",
                crate::kind::did_you_mean(spec, names),
                all.join("; ")
            ),
        ));
    }
    Ok(found)
}

/// Why a record's profile could not be found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No built-in profile of that name for the record's game.
    Unknown { name: String },
    /// A profile file that could not be read or is not a valid profile.
    File(ProfileError),
    /// A profile of another game.
    OtherGame { name: String, game: String },
}

/// Gives each record its profile: the CLI override for its game, else the
/// profile its `[Rules]` tag names (a built-in name, or a `.toml` file
/// relative to the record's file), else the game's default. Files are read
/// once and cached.
#[derive(Clone, Debug, Default)]
pub struct Profiles {
    base_dir: Option<PathBuf>,
    overrides: Vec<Arc<AnyProfile>>,
    files: HashMap<PathBuf, Result<Arc<AnyProfile>, ProfileError>>,
    /// The `[Rules]` values resolved last, for their game, and their
    /// profiles: the records of a file mostly share a few.
    recent: Vec<(GameKind, String, Arc<AnyProfile>)>,
}

/// How many `[Rules]` values [`Profiles`] keeps at hand, with their profiles.
const RECENT_SPECS: usize = 8;

impl Profiles {
    /// Profile files named by records resolve relative to `dir` (the
    /// directory of the file being read); `None`: the current directory.
    pub fn new(dir: Option<PathBuf>) -> Profiles {
        Profiles {
            base_dir: dir,
            ..Profiles::default()
        }
    }

    /// Sets the profiles that override records' `[Rules]` tags, at most one
    /// per game (a later one replaces an earlier one of the same game).
    pub fn with_overrides(mut self, overrides: Vec<AnyProfile>) -> Profiles {
        for p in overrides {
            self.overrides.retain(|o| o.game() != p.game());
            self.overrides.push(Arc::new(p));
        }
        self
    }

    /// The profile for a record of `game` whose `[Rules]` value is `spec`.
    pub fn resolve(
        &mut self,
        game: GameKind,
        spec: Option<&str>,
    ) -> Result<Arc<AnyProfile>, ResolveError> {
        if let Some(p) = self.overrides.iter().find(|p| p.game() == game) {
            return Ok(p.clone());
        }
        let Some(spec) = spec.map(str::trim) else {
            let name = default_name(game).unwrap_or_default();
            return builtin_shared(game, name).ok_or(ResolveError::Unknown { name: name.into() });
        };
        if let Some((_, _, p)) = self.recent.iter().find(|(g, s, _)| *g == game && s == spec) {
            return Ok(p.clone());
        }
        let p = self.resolve_spec(game, spec)?;
        if self.recent.len() == RECENT_SPECS {
            self.recent.remove(0);
        }
        self.recent.push((game, spec.to_string(), p.clone()));
        Ok(p)
    }

    /// The profile a `[Rules]` value names: a profile file (loaded once) or
    /// a built-in profile of `game`.
    fn resolve_spec(
        &mut self,
        game: GameKind,
        spec: &str,
    ) -> Result<Arc<AnyProfile>, ResolveError> {
        let p = if is_path(spec) {
            let path = match &self.base_dir {
                Some(d) => d.join(spec),
                None => PathBuf::from(spec),
            };
            // Records may name any number of files; keep the cache bounded.
            if self.files.len() >= MAX_CACHED_FILES && !self.files.contains_key(&path) {
                self.files.clear();
            }
            self.files
                .entry(path)
                .or_insert_with_key(|path| AnyProfile::load(path).map(Arc::new))
                .clone()
                .map_err(ResolveError::File)?
        } else {
            let name = spec.to_ascii_lowercase();
            match builtin_shared(game, &name) {
                Some(p) => p,
                None => return Err(ResolveError::Unknown { name }),
            }
        };
        if p.game() != game {
            return Err(ResolveError::OtherGame {
                name: p.name().to_string(),
                game: p.game().to_string(),
            });
        }
        Ok(p)
    }
}

/// One rule field of a game's profile, documented from the profile type's
/// doc comments (the same text as the profile JSON Schema).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldDoc {
    /// The key in a profile file; nested keys are dotted (`scores.piccolo`).
    pub key: String,
    /// The variant id of the rules file (`KJ-V3`), when the field is one.
    pub id: Option<String>,
    /// What the field decides, and the sources for its values.
    pub meaning: String,
    /// For a field with named values: each value and what it means (with its source).
    pub values: Vec<(String, String)>,
}

/// The JSON Schema of a game's profile file.
pub fn schema(game: GameKind) -> Option<serde_json::Value> {
    let s = match game {
        GameKind::Klaverjassen => schemars::schema_for!(klaverjassen::Profile),
        GameKind::Pandoeren => schemars::schema_for!(pandoeren::Profile),
        GameKind::Jass => schemars::schema_for!(jass::Profile),
        GameKind::Schafkopf => schemars::schema_for!(schafkopf::Profile),
        GameKind::Dumbal => schemars::schema_for!(dumbal::Profile),
        GameKind::HetPandoeren => schemars::schema_for!(het_pandoeren::Profile),
    };
    serde_json::to_value(s).ok()
}

/// The documented rule fields of a game's profile, in file order (header keys excluded).
pub fn fields(game: GameKind) -> Vec<FieldDoc> {
    let Some(schema) = schema(game) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    collect_fields(&schema, &schema, "", &mut out);
    // Tables come after plain keys in a TOML file.
    out.sort_by_key(|f| f.key.contains('.'));
    out
}

fn collect_fields(
    root: &serde_json::Value,
    node: &serde_json::Value,
    prefix: &str,
    out: &mut Vec<FieldDoc>,
) {
    let Some(props) = node.get("properties").and_then(|p| p.as_object()) else {
        return;
    };
    // Keys in declaration order: the order of `required` (the optional keys
    // are header keys).
    let mut keys: Vec<&String> = props.keys().collect();
    let required: Vec<&str> = node
        .get("required")
        .and_then(|r| r.as_array())
        .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    keys.sort_by_key(|k| required.iter().position(|r| r == k).unwrap_or(usize::MAX));
    for key in keys {
        if prefix.is_empty() && HEADER_KEYS.contains(&key.as_str()) {
            continue;
        }
        let prop = &props[key];
        let target = deref(root, prop);
        let full = format!("{prefix}{key}");
        if target.get("properties").is_some() {
            collect_fields(root, target, &format!("{full}."), out);
            continue;
        }
        let own = prop
            .get("description")
            .and_then(|d| d.as_str())
            .unwrap_or("");
        let def = target
            .get("description")
            .and_then(|d| d.as_str())
            .unwrap_or("");
        // A bare `KJ-V3.` on the field defers to its type's fuller text.
        let meaning =
            if own.trim_end_matches('.').split_whitespace().count() <= 1 && !def.is_empty() {
                def
            } else {
                own
            };
        let meaning = meaning.split_whitespace().collect::<Vec<_>>().join(" ");
        let id = meaning
            .split(':')
            .next()
            .filter(|s| s.contains("-V") && !s.contains(' '))
            .map(str::to_string);
        let values = target
            .get("oneOf")
            .and_then(|o| o.as_array())
            .map(|alts| {
                alts.iter()
                    .filter_map(|a| {
                        let c = a.get("const")?.as_str()?;
                        let d = a.get("description").and_then(|d| d.as_str()).unwrap_or("");
                        Some((
                            c.to_string(),
                            d.split_whitespace().collect::<Vec<_>>().join(" "),
                        ))
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.push(FieldDoc {
            key: full,
            id,
            meaning,
            values,
        });
    }
}

fn deref<'a>(root: &'a serde_json::Value, node: &'a serde_json::Value) -> &'a serde_json::Value {
    match node.get("$ref").and_then(|r| r.as_str()) {
        Some(r) => r
            .strip_prefix("#/$defs/")
            .and_then(|name| root.get("$defs")?.get(name))
            .unwrap_or(node),
        None => node,
    }
}

/// A rule field's value in a profile (dotted keys reach into tables).
pub fn value_of(p: &AnyProfile, key: &str) -> Option<toml::Value> {
    let table = p.to_table();
    let mut parts = key.split('.');
    let mut v = table.get(parts.next()?)?.clone();
    for part in parts {
        v = v.get(part)?.clone();
    }
    Some(v)
}

/// One field in which two profiles differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FieldDiff {
    pub key: String,
    pub id: Option<String>,
    pub meaning: String,
    /// The value under each profile, as TOML.
    pub a: String,
    pub b: String,
    /// What each value means, for fields with named values.
    pub a_meaning: Option<String>,
    pub b_meaning: Option<String>,
}

/// The rule fields in which `a` and `b` (of the same game) differ.
pub fn diff(a: &AnyProfile, b: &AnyProfile) -> Vec<FieldDiff> {
    fields(a.game())
        .into_iter()
        .filter_map(|f| {
            let va = value_of(a, &f.key)?;
            let vb = value_of(b, &f.key)?;
            let meaning_of = |v: &toml::Value| {
                f.values
                    .iter()
                    .find(|(name, _)| v.as_str() == Some(name))
                    .map(|(_, m)| m.clone())
            };
            (va != vb).then(|| FieldDiff {
                a_meaning: meaning_of(&va),
                b_meaning: meaning_of(&vb),
                key: f.key,
                id: f.id,
                meaning: f.meaning,
                a: va.to_string(),
                b: vb.to_string(),
            })
        })
        .collect()
}

/// The profile as a profile file: every field, resolved, each with its
/// meaning, its source and the other values it may take, as comments. The
/// text loads back as the same profile.
pub fn to_documented_toml(p: &AnyProfile) -> String {
    let mut s = String::new();
    let table = p.to_table();
    s.push_str(&format!(
        "# troef rule profile `{}` for {}; format: spec/profiles.md\n",
        p.name(),
        p.game()
    ));
    s.push_str(&format!(
        "# the rules, variant by variant: {}\n",
        p.game().rules_reference()
    ));
    for key in HEADER_KEYS {
        if let Some(v) = table.get(*key) {
            s.push_str(&format!("{key} = {}\n", toml_value(v)));
        }
    }
    let mut in_table: Option<String> = None;
    for f in fields(p.game()) {
        let Some(v) = value_of(p, &f.key) else {
            continue;
        };
        let (table_name, leaf) = match f.key.rsplit_once('.') {
            Some((t, l)) => (Some(t.to_string()), l.to_string()),
            None => (None, f.key.clone()),
        };
        if table_name != in_table {
            if let Some(t) = &table_name {
                s.push_str(&format!("\n[{t}]"));
            }
            in_table = table_name;
        }
        s.push('\n');
        for line in wrap(&f.meaning, 92) {
            s.push_str(&format!("# {line}\n"));
        }
        for (value, meaning) in &f.values {
            let mark = if v.as_str() == Some(value) { '*' } else { ' ' };
            let text = format!("\"{value}\": {meaning}");
            for (i, line) in wrap(&text, 88).into_iter().enumerate() {
                if i == 0 {
                    s.push_str(&format!("#  {mark} {line}\n"));
                } else {
                    s.push_str(&format!("#        {line}\n"));
                }
            }
        }
        s.push_str(&format!("{leaf} = {}\n", toml_value(&v)));
    }
    s
}

/// A TOML value on one line (strings with escapes, arrays inline).
fn toml_value(v: &toml::Value) -> String {
    v.to_string()
}

/// Greedy word wrap.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// One rule two related games share (Het pandoeren and Pandoeren), as two
/// of their profiles have it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharedRule {
    /// The field in each profile; `None` where the game has no field for
    /// the rule (its fixed behaviour is the value).
    pub key_a: Option<String>,
    pub key_b: Option<String>,
    pub id_a: Option<String>,
    pub id_b: Option<String>,
    /// What the rule decides (the first profile's field text, else the
    /// second's).
    pub meaning: String,
    pub a: String,
    pub b: String,
    pub a_meaning: Option<String>,
    pub b_meaning: Option<String>,
    pub same: bool,
}

/// The rules profiles of two related games share, each as both have it
/// (`troef rules diff heerlen pagat`); `None` when the games share none.
pub fn diff_related(a: &AnyProfile, b: &AnyProfile) -> Option<Vec<SharedRule>> {
    use crate::het_pandoeren::profile::{Counterpart, PANDOEREN_COUNTERPARTS};
    let flip = match (a.game(), b.game()) {
        (GameKind::HetPandoeren, GameKind::Pandoeren) => false,
        (GameKind::Pandoeren, GameKind::HetPandoeren) => true,
        _ => return None,
    };
    let (het, pd) = if flip { (b, a) } else { (a, b) };
    let (het_docs, pd_docs) = (fields(het.game()), fields(pd.game()));
    let doc = |docs: &[FieldDoc], key: &str| docs.iter().find(|f| f.key == key).cloned();
    let meaning_of = |d: &Option<FieldDoc>, v: &str| {
        d.as_ref()?
            .values
            .iter()
            .find(|(name, _)| v.trim_matches('"') == name)
            .map(|(_, m)| m.clone())
    };
    let rules = PANDOEREN_COUNTERPARTS.iter().filter_map(|(hk, other)| {
        let hd = doc(&het_docs, hk)?;
        let hv = value_of(het, hk)?.to_string();
        let h_meaning = meaning_of(&Some(hd.clone()), &hv);
        let (pk, pdoc, pv, p_meaning) = match other {
            Counterpart::Field(k) => {
                let d = doc(&pd_docs, k);
                let v = value_of(pd, k)?.to_string();
                let m = meaning_of(&d, &v);
                (Some(k.to_string()), d, v, m)
            }
            Counterpart::Fixed(v, words) => (None, None, v.to_string(), Some(words.to_string())),
        };
        let h_side = (Some(hk.to_string()), hd.id.clone(), hv, h_meaning);
        let p_side = (pk, pdoc.and_then(|d| d.id), pv, p_meaning);
        let same = h_side.2 == p_side.2;
        let ((key_a, id_a, va, ma), (key_b, id_b, vb, mb)) = if flip {
            (p_side, h_side)
        } else {
            (h_side, p_side)
        };
        Some(SharedRule {
            key_a,
            key_b,
            id_a,
            id_b,
            meaning: hd.meaning,
            a: va,
            b: vb,
            a_meaning: ma,
            b_meaning: mb,
            same,
        })
    });
    Some(rules.collect())
}
