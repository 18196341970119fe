//! `troef`: the command-line tool. The clap structs are the raw arguments;
//! each command validates them, runs, and returns an exit code:
//! 0 all good, 1 findings (invalid records, files not canonical), 2 usage or I/O error.

mod deal;
mod diff;
mod fmt;
mod html;
mod progress;
mod rules;
mod show;
mod solve;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand, ValueEnum};
use std::collections::HashSet;
use std::fs;
use std::io::{self, BufRead, BufReader, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use troef_rules::check::{Checked, Holds};
use troef_rules::parallel::{check_inputs, Item, Keep};
use troef_rules::profiles::{self, AnyProfile, Profiles};
use troef_rules::Context;
use troef_ttn::diag::{locate, render};

#[derive(Parser)]
#[command(
    name = "troef",
    version,
    about = "Record, replay, check and analyse hands of European trick-taking card games (TTN)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Diagnostics and data only: no progress bar, no summary line, no
    /// "formatted FILE" (the exit code is the same).
    #[arg(short, long, global = true)]
    quiet: bool,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum Format {
    Text,
    Json,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum ShowFormat {
    /// A diagram in text, with the score and the diagnostics.
    Text,
    /// One SVG picture of a position.
    Svg,
}

#[derive(Copy, Clone, PartialEq, Eq, ValueEnum)]
enum AnalyzeFormat {
    /// The records, annotated, in canonical TTN.
    Ttn,
    /// One JSON object per record (JSON lines).
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ProfileFormat {
    Toml,
    Json,
}

/// Records are parsed and replayed into many small allocations, freed on
/// another thread when `--jobs` is above one: mimalloc serves both without
/// the lock glibc's allocator takes on a free from another thread
/// (BENCHMARKS.md, "Allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `--rules`, shared by the commands that replay.
#[derive(clap::Args, Clone, Default)]
struct RulesArg {
    /// Replay under this rule profile instead of the one each record names: a
    /// built-in name or a profile file (`*.toml`). It applies to the records of
    /// its game; give it once per game.
    #[arg(long = "rules", value_name = "NAME|PATH")]
    rules: Vec<String>,
}

/// `--jobs` (also `--threads`, its older name), shared by every command
/// that replays or solves records.
#[derive(clap::Args, Clone, Copy, Default)]
struct JobsArg {
    /// Threads to work on (default: every core the system reports); the
    /// older name `--threads` is kept. The output is the same, in input
    /// order, for any number. `check`, `json` and `show` replay batches of
    /// records on them; `solve` shares out a deal's contracts and sides,
    /// each thread with a table of its own (about 100 MB for a Jass deal,
    /// 12 MB for the other games); `analyze` the records of the file, and
    /// a file of fewer records than threads shares each record's cards
    /// among the spare ones.
    #[arg(
        long = "jobs",
        short = 'j',
        visible_alias = "threads",
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..=256)
    )]
    jobs: Option<u16>,
}

impl JobsArg {
    fn get(self) -> usize {
        self.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        )
    }
}

/// A game troef knows, named in any case (clap suggests a near miss).
fn known_game() -> impl TypedValueParser<Value = String> {
    PossibleValuesParser::new(troef_rules::GameKind::ALL.map(troef_rules::GameKind::name))
        .map(|s| s.to_ascii_lowercase())
}

/// A game `troef deal` deals (Schafkopf also with the short pack), in any case.
fn dealt_game() -> impl TypedValueParser<Value = String> {
    PossibleValuesParser::new(troef_rules::games::DEALINGS.iter().map(|d| d.name))
        .map(|s| s.to_ascii_lowercase())
}

#[derive(Subcommand)]
enum RulesCommand {
    /// List the built-in rule profiles.
    List {
        /// Only this game's profiles.
        #[arg(long, ignore_case = true, value_parser = known_game())]
        game: Option<String>,
        /// How the output is written: text for people, or JSON for programs.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print a profile as a profile file, every field with its meaning and source.
    Show {
        /// A built-in name or a profile file (`*.toml`).
        profile: String,
        /// The game, when several games have a profile of this name.
        #[arg(long, ignore_case = true, value_parser = known_game())]
        game: Option<String>,
        /// A profile file (TOML, every field explained), or JSON.
        #[arg(long, value_enum, default_value_t = ProfileFormat::Toml)]
        format: ProfileFormat,
    },
    /// List the fields in which two profiles differ (exit 0 none, 1 some).
    Diff {
        /// The first profile: a built-in name or a profile file (`*.toml`).
        a: String,
        /// The second profile, likewise.
        b: String,
        /// The game, when several games have a profile of either name.
        #[arg(long, ignore_case = true, value_parser = known_game())]
        game: Option<String>,
        /// How the output is written: text for people, or JSON for programs.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print the JSON Schema of a game's profile files.
    Schema {
        /// The game.
        #[arg(ignore_case = true, value_parser = known_game())]
        game: String,
    },
}

#[derive(Subcommand)]
enum Command {
    /// Replay every record and report every problem (exit 0 all valid, 1 some invalid, 2 I/O error).
    Check {
        /// Files, directories (every *.ttn below, sorted) or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// How the output is written: text for people, or JSON for programs.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        jobs: JobsArg,
    },
    /// Print records in canonical TTN.
    Fmt {
        /// Files, directories (every *.ttn below, sorted) or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// Print nothing; exit 1 and show a diff when a file is not canonical.
        #[arg(long, conflicts_with = "write")]
        check: bool,
        /// Rewrite files in place (through a temporary file and a rename).
        #[arg(long)]
        write: bool,
    },
    /// Export records with their replays and diagnostics as JSON.
    Json {
        /// Files, directories (every *.ttn below, sorted) or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// One record object a line (NDJSON), each written when it is read,
        /// instead of one document.
        #[arg(long)]
        ndjson: bool,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        jobs: JobsArg,
    },
    /// Print the JSON Schema of `troef json` output.
    Schema,
    /// Print a shell completion script: `troef completions bash >
    /// ~/.local/share/bash-completion/completions/troef` (zsh, fish,
    /// elvish and powershell likewise).
    Completions {
        /// The shell.
        #[arg(ignore_case = true)]
        shell: clap_complete::Shell,
    },
    /// Convert records to canonical TTN: a `troef json` export, or logs
    /// written by other software (their scores become claims that `troef
    /// check` verifies).
    Import {
        /// The input file or `-`.
        path: String,
        /// The input format: json (a troef export), jass-server (a Jass
        /// challenge-server match log), jass-kit (HSLU jass-kit / Swisslos
        /// rounds), netschafkopf (a NetSchafkopf Schafkopfprotokoll).
        #[arg(long, default_value = "json", ignore_case = true,
              value_parser = PossibleValuesParser::new(troef_export::interop::FORMATS)
                  .map(|s| s.to_ascii_lowercase()))]
        from: String,
        /// The rule profile the records name (default: the format's own).
        #[arg(long)]
        rules: Option<String>,
        /// How problems and the summary are written on stderr: text, or one
        /// JSON object a line.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
    /// Print reproducible deals as TTN records (the same on every platform and version).
    Deal {
        /// The game to deal.
        #[arg(long, default_value = "klaverjassen", ignore_case = true, value_parser = dealt_game())]
        game: String,
        /// Any unsigned 64-bit number.
        #[arg(long)]
        seed: u64,
        /// How many deals of the seed.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// Index of the first deal of the seed.
        #[arg(long, default_value_t = 0)]
        start: u64,
        /// Players to deal to (Dumbal: 2 to 10, default 4; the other games
        /// are dealt to four).
        #[arg(long)]
        players: Option<usize>,
    },
    /// Print a readable diagram of each record: hands, auction, tricks, score.
    Show {
        /// Files, directories (every *.ttn below, sorted) or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// Text for the terminal, or one SVG picture of a position (of
        /// the record `--record` names, after `--trick` tricks).
        #[arg(long, value_enum, default_value_t = ShowFormat::Text)]
        format: ShowFormat,
        /// With `--format svg`: the position after this many tricks (a
        /// game of turns: turns); 0 draws the hands as the play starts.
        #[arg(long, value_name = "N", default_value_t = 0, requires = "format")]
        trick: usize,
        /// With `--format svg`: which record of the input to draw
        /// (1-based, counted over all inputs).
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        record: u64,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        jobs: JobsArg,
    },
    /// Write records as one self-contained HTML page to share: the table
    /// drawn in SVG, the play to step through card by card (buttons and
    /// arrow keys), variations, comments, `{dd: ...}` values, the score and
    /// the diagnostics (exit 1 when a record is invalid; the page is
    /// written all the same).
    Html {
        /// Files, directories (every *.ttn below, sorted) or `-` for standard input.
        #[arg(required = true)]
        paths: Vec<String>,
        /// The page to write (through a temporary file and a rename);
        /// standard output when absent.
        #[arg(short, long, value_name = "OUT.html")]
        output: Option<PathBuf>,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        jobs: JobsArg,
    },
    /// Rule profiles: list, show, compare.
    Rules {
        #[command(subcommand)]
        command: RulesCommand,
    },
    /// The double-dummy table of each deal: for every trump choice or
    /// contract and every playing side, the value that side can force with
    /// all hands known, the result, and a best line.
    Solve {
        /// Files, directories (every *.ttn below, sorted) or `-` (each
        /// record's dealt hands); or use --game and --seed.
        #[arg(required_unless_present = "seed", conflicts_with = "seed")]
        paths: Vec<String>,
        /// With --seed: the game to deal.
        #[arg(long, default_value = "klaverjassen", ignore_case = true, value_parser = dealt_game())]
        game: String,
        /// Solve the deals of `troef deal --seed S`.
        #[arg(long)]
        seed: Option<u64>,
        /// How many deals of the seed.
        #[arg(long, default_value_t = 1)]
        count: u64,
        /// With --seed: the index of the first deal of the seed.
        #[arg(long, default_value_t = 0)]
        start: u64,
        /// How the output is written: text for people, or JSON for programs.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        jobs: JobsArg,
    },
    /// Replay each record and value every card played with all hands known:
    /// prints the records annotated (a `{dd: ...}` comment on each card, `?`
    /// and `??` on costly cards, a variation with the best line), or a JSON
    /// report per record with `--format json`.
    Analyze {
        /// Files, directories (every *.ttn below, sorted) or `-`.
        #[arg(required = true)]
        paths: Vec<String>,
        /// The records annotated in TTN, or the analysis as JSON.
        #[arg(long, value_enum, default_value_t = AnalyzeFormat::Ttn)]
        format: AnalyzeFormat,
        #[command(flatten)]
        rules: RulesArg,
        #[command(flatten)]
        jobs: JobsArg,
    },
    /// Replay FILE under two profiles (`--rules A --rules B`) and report where
    /// legality or score diverge; or compare two records of the same deal
    /// (`A.ttn B.ttn`). Exit 0 nothing diverged, 1 something did, 2 error.
    Diff {
        /// One file with two `--rules`, or two files.
        #[arg(required = true, num_args = 1..=2)]
        paths: Vec<String>,
        #[command(flatten)]
        rules: RulesArg,
        /// How the output is written: text for people, or JSON for programs.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    progress::set_quiet(cli.quiet);
    let result = match cli.command {
        Command::Check {
            paths,
            format,
            rules,
            jobs,
        } => with_overrides(&rules, |o| check(&paths, format, o, jobs.get())),
        Command::Fmt {
            paths,
            check,
            write,
        } => each_file(&paths, |path, _| fmt::file(path, check, write)),
        Command::Json {
            paths,
            ndjson,
            rules,
            jobs,
        } => with_overrides(&rules, |o| json(&paths, ndjson, o, jobs.get())),
        Command::Completions { shell } => {
            let mut out = Vec::new();
            clap_complete::generate(
                shell,
                &mut <Cli as clap::CommandFactory>::command(),
                "troef",
                &mut out,
            );
            emit(&String::from_utf8_lossy(&out)).map(|_| 0)
        }
        Command::Schema => {
            let s = serde_json::to_string_pretty(&troef_export::schema()).expect("schema");
            emit(&format!("{s}\n")).map(|_| 0)
        }
        Command::Import {
            path,
            from,
            rules,
            format,
        } => import(&path, &from, rules.as_deref(), format),
        Command::Deal {
            game,
            seed,
            count,
            start,
            players,
        } => deal::run(&game, seed, count, start, players),
        Command::Show {
            paths,
            format,
            trick,
            record,
            rules,
            jobs,
        } => with_overrides(&rules, |o| match format {
            ShowFormat::Text => show::run(&paths, o, jobs.get()),
            ShowFormat::Svg => html::svg(&paths, (record, trick), o, jobs.get()),
        }),
        Command::Html {
            paths,
            output,
            rules,
            jobs,
        } => with_overrides(&rules, |o| {
            html::run(&paths, output.as_deref(), o, jobs.get())
        }),
        Command::Rules { command } => match command {
            RulesCommand::List { game, format } => {
                rules::list(game.as_deref(), format == Format::Json)
            }
            RulesCommand::Show {
                profile,
                game,
                format,
            } => rules::show(&profile, game.as_deref(), format == ProfileFormat::Json),
            RulesCommand::Diff { a, b, game, format } => {
                rules::diff(&a, &b, game.as_deref(), format == Format::Json)
            }
            RulesCommand::Schema { game } => rules::schema(&game),
        },
        Command::Solve {
            paths,
            game,
            seed,
            count,
            start,
            format,
            rules,
            jobs,
        } => with_overrides(&rules, |o| {
            let json = format == Format::Json;
            match seed {
                Some(seed) => {
                    let source = solve::Source::Seed {
                        game,
                        seed,
                        count,
                        start,
                    };
                    solve::solve(&source, json, o, jobs.get())
                }
                None => each_file(&paths, |path, _| {
                    let source = solve::Source::File(path.to_string());
                    solve::solve(&source, json, o, jobs.get())
                }),
            }
        }),
        Command::Analyze {
            paths,
            format,
            rules,
            jobs,
        } => with_overrides(&rules, |o| {
            each_file(&paths, |path, first| {
                let json = format == AnalyzeFormat::Json;
                solve::run_analyze(path, json, first, o, jobs.get())
            })
        }),
        Command::Diff {
            paths,
            rules,
            format,
        } => diff::run(&paths, &rules.rules, format == Format::Json),
    };
    match result {
        Ok(code) => ExitCode::from(code),
        // A closed pipe (`troef check | head`) is not an error.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("troef: {e}");
            ExitCode::from(2)
        }
    }
}

/// Resolves `--rules` arguments (exit 2 on an unknown name or a bad file),
/// then runs `f` with the profiles.
fn with_overrides(
    rules: &RulesArg,
    f: impl FnOnce(&[AnyProfile]) -> io::Result<u8>,
) -> io::Result<u8> {
    match overrides(&rules.rules) {
        Ok(o) => f(&o),
        Err(e) => {
            eprintln!("troef: --rules {e}");
            Ok(2)
        }
    }
}

fn overrides(specs: &[String]) -> Result<Vec<AnyProfile>, String> {
    let mut out = Vec::new();
    for spec in specs {
        out.extend(profiles::lookup(spec).map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// The replay context for one input: `--rules` overrides, and profile files
/// named by records resolved against the input's directory.
fn context(path: &str, overrides: &[AnyProfile]) -> Context {
    Context {
        profiles: Profiles::new(dir_of(path)).with_overrides(overrides.to_vec()),
        trace: false,
        moves: false,
    }
}

/// What [`read_inputs`] keeps of each record: the tree or only the
/// diagnostics, and every move with its position (`troef html`).
#[derive(Clone, Copy)]
struct Keeping {
    keep: Keep,
    moves: bool,
}

impl From<Keep> for Keeping {
    fn from(keep: Keep) -> Keeping {
        Keeping { keep, moves: false }
    }
}

fn dir_of(path: &str) -> Option<PathBuf> {
    if path == "-" {
        return None;
    }
    Path::new(path)
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .map(Path::to_path_buf)
}

fn emit(s: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    out.write_all(s.as_bytes())?;
    out.flush()
}

/// Expands the paths: directories to their `*.ttn` files (recursively, sorted).
/// The files named, directories walked for `.ttn` files (sorted). A
/// directory with none is kept as itself, so that it is reported, and so is
/// one that cannot be read: the other inputs are still read.
fn expand(paths: &[String]) -> Vec<Input> {
    let mut out = Vec::new();
    for p in paths {
        if p != "-" && Path::new(p).is_dir() {
            let (mut found, mut unreadable) = (Vec::new(), Vec::new());
            walk(
                Path::new(p),
                &mut found,
                &mut unreadable,
                &mut HashSet::new(),
            );
            found.sort();
            if found.is_empty() && unreadable.is_empty() {
                out.push(Input::new(p.clone(), Kind::EmptyDir));
            }
            out.extend(
                unreadable
                    .into_iter()
                    .map(|(d, e)| Input::new(d.display().to_string(), Kind::Unreadable(e))),
            );
            out.extend(
                found
                    .into_iter()
                    .map(|f| Input::new(f.display().to_string(), Kind::File)),
            );
        } else {
            out.push(Input::new(p.clone(), Kind::File));
        }
    }
    out
}

/// A file to read, a directory that holds no `.ttn` file, or one that
/// could not be read.
struct Input {
    path: String,
    kind: Kind,
}

enum Kind {
    File,
    EmptyDir,
    Unreadable(String),
}

impl Input {
    fn new(path: String, kind: Kind) -> Input {
        Input { path, kind }
    }
}

/// Collects the `.ttn` files under `dir`, and the directories that could not
/// be read with why. A directory reached twice (a symbolic link to a parent)
/// is walked once.
fn walk(
    dir: &Path,
    out: &mut Vec<PathBuf>,
    unreadable: &mut Vec<(PathBuf, String)>,
    seen: &mut HashSet<PathBuf>,
) {
    if !seen.insert(fs::canonicalize(dir).unwrap_or_else(|_| dir.to_path_buf())) {
        return;
    }
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            unreadable.push((dir.to_path_buf(), e.to_string()));
            return;
        }
    };
    for entry in entries {
        let path = match entry {
            Ok(e) => e.path(),
            Err(e) => {
                unreadable.push((dir.to_path_buf(), e.to_string()));
                continue;
            }
        };
        if path.is_dir() {
            walk(&path, out, unreadable, seen);
        } else if path.extension().is_some_and(|e| e == "ttn") {
            out.push(path);
        }
    }
}

/// Opens `path` (`-` is stdin) for reading. Every error, at the opening or at any
/// later read, names the path; a directory is refused before anything is read.
fn open(path: &str) -> io::Result<Box<dyn BufRead + Send>> {
    if path == "-" {
        return Ok(Box::new(Named {
            inner: BufReader::new(io::stdin()),
            path: display_name(path).to_string(),
        }));
    }
    Ok(Box::new(Named {
        inner: BufReader::with_capacity(64 * 1024, open_file(path)?),
        path: path.to_string(),
    }))
}

/// A file named to be read (not a directory).
fn open_file(path: &str) -> io::Result<fs::File> {
    let f = fs::File::open(path).map_err(|e| named(path, e))?;
    if f.metadata().map_err(|e| named(path, e))?.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{path}: is a directory; this command reads files"),
        ));
    }
    Ok(f)
}

/// A reader whose errors name the file they came from.
struct Named<R> {
    inner: R,
    path: String,
}

fn named(path: &str, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{path}: {e}"))
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| named(&self.path, e))
    }
}

impl<R: Seek> Seek for Named<R> {
    fn seek(&mut self, to: io::SeekFrom) -> io::Result<u64> {
        self.inner.seek(to).map_err(|e| named(&self.path, e))
    }
}

impl<R: BufRead> BufRead for Named<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let path = &self.path;
        self.inner.fill_buf().map_err(|e| named(path, e))
    }
    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
    }
}

fn display_name(path: &str) -> &str {
    if path == "-" {
        "<stdin>"
    } else {
        path
    }
}

/// What reading the inputs found.
#[derive(Default)]
struct Tally {
    records: usize,
    valid: usize,
    warnings: usize,
    /// Inputs that hold no record (E114, reported as a stand-in record).
    empty: usize,
    /// Files read (directories expanded).
    files: usize,
    /// An input could not be read (reported on stderr).
    io_error: bool,
}

impl Tally {
    /// The exit code: 2 after an I/O error, 1 for findings, else 0.
    fn code(&self) -> u8 {
        if self.io_error {
            2
        } else if self.records > self.valid || self.empty > 0 {
            1
        } else {
            0
        }
    }
}

/// Reads every input the way every command that reads records does
/// (files, directories walked for `*.ttn`, `-`): `each` gets every checked
/// record with its file's name, and for an input that holds no record a
/// stand-in whose diagnostic says so (E114). I/O errors are reported on
/// stderr and the other inputs are still read. `jobs` threads replay the
/// records; `each` gets them in input order whatever their number.
fn read_inputs(
    paths: &[String],
    overrides: &[AnyProfile],
    jobs: usize,
    keeping: impl Into<Keeping>,
    mut each: impl FnMut(&str, &Checked) -> io::Result<()>,
) -> io::Result<Tally> {
    let Keeping { keep, moves } = keeping.into();
    let inputs = expand(paths);
    let mut t = Tally {
        files: inputs
            .iter()
            .filter(|i| matches!(i.kind, Kind::File))
            .count(),
        ..Tally::default()
    };
    // A bar over the bytes of the files named (standard input has no size),
    // drawn only on a terminal.
    let total = inputs
        .iter()
        .filter(|i| matches!(i.kind, Kind::File) && i.path != "-")
        .filter_map(|i| fs::metadata(&i.path).ok())
        .map(|m| m.len())
        .sum();
    let bar = progress::bytes(total);
    // The reading thread opens each file in turn.
    let open_input = |input: &Input| {
        if !matches!(input.kind, Kind::File) {
            return None;
        }
        let path = &input.path;
        // A hidden bar is not fed: it would read the clock at every record.
        Some(open(path).map(|i| {
            bar.set_message(display_name(path).to_string());
            let i: Box<dyn BufRead + Send> = if bar.is_hidden() {
                i
            } else {
                Box::new(bar.wrap_read(i))
            };
            let mut cx = context(path, overrides);
            cx.moves = moves;
            (i, cx)
        }))
    };
    // What the current file held so far: records, its first block, an error.
    let (mut in_file, mut first, mut failed) = (0usize, None, false);
    check_inputs(&inputs, jobs, keep, open_input, |input, item| {
        let name = display_name(&input.path);
        match item {
            Item::Checked(c) if !c.is_record() => {
                first.get_or_insert(c.raw);
            }
            Item::Checked(c) => {
                in_file += 1;
                t.records += 1;
                if c.is_valid() {
                    t.valid += 1;
                }
                t.warnings += c.diagnostics.iter().filter(|d| !d.is_error()).count();
                // Diagnostics go to stderr, under the bar: it steps aside.
                if c.diagnostics.is_empty() {
                    each(name, &c)?;
                } else {
                    bar.suspend(|| each(name, &c))?;
                }
            }
            Item::Failed(e) => {
                bar.suspend(|| eprintln!("troef: {e}"));
                t.io_error = true;
                failed = true;
            }
            Item::End => {
                match &input.kind {
                    Kind::EmptyDir => {
                        t.empty += 1;
                        each(name, &Checked::no_record(None, Holds::NoTtnFile))?;
                    }
                    Kind::Unreadable(e) => {
                        bar.suspend(|| eprintln!("troef: {name}: {e}"));
                        t.io_error = true;
                    }
                    Kind::File if in_file == 0 && !failed => {
                        t.empty += 1;
                        let holds = if first.is_some() {
                            Holds::Comments
                        } else {
                            Holds::Nothing
                        };
                        each(name, &Checked::no_record(first.take(), holds))?;
                    }
                    Kind::File => {}
                }
                (in_file, first, failed) = (0, None, false);
            }
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    Ok(t)
}

/// A record's diagnostics as text, for stderr.
fn render_all(name: &str, c: &Checked) -> String {
    let mut s = String::new();
    for d in &c.diagnostics {
        let loc = locate(&c.raw.text, c.raw.offset, c.raw.line, d.span);
        s.push_str(&render(d, name, c.raw.index, &loc));
        s.push('\n');
    }
    s
}

fn check(
    paths: &[String],
    format: Format,
    overrides: &[AnyProfile],
    jobs: usize,
) -> io::Result<u8> {
    // Data on stdout, diagnostics on stderr (issue 32): the text report is
    // diagnostics; with --format json they are the data.
    let mut out: io::BufWriter<Box<dyn Write>> = io::BufWriter::new(match format {
        Format::Text => Box::new(io::stderr().lock()),
        Format::Json => Box::new(io::stdout().lock()),
    });
    let t = read_inputs(
        paths,
        overrides,
        jobs,
        Keep::Diagnostics,
        |name, c| match format {
            Format::Text => out.write_all(render_all(name, c).as_bytes()),
            Format::Json => {
                for d in troef_export::diagnostics_out(name, c) {
                    writeln!(
                        out,
                        "{}",
                        serde_json::to_string(&d).map_err(io::Error::other)?
                    )?;
                }
                Ok(())
            }
        },
    )?;
    let code = t.code();
    let Tally {
        records,
        valid,
        warnings,
        empty,
        files,
        ..
    } = t;
    let invalid = records - valid;
    match format {
        Format::Text if progress::quiet() => {}
        Format::Text => {
            write!(
                out,
                "troef: {records} record{} in {files} file{}: {valid} valid, {invalid} invalid, {warnings} warning{}",
                plural(records),
                plural(files),
                plural(warnings)
            )?;
            if empty > 0 {
                write!(out, "; {empty} input{} without a record", plural(empty))?;
            }
            writeln!(out)?;
        }
        Format::Json => writeln!(
            out,
            "{}",
            serde_json::json!({"summary": {"files": files, "records": records, "valid": valid, "invalid": invalid, "warnings": warnings, "without_records": empty}})
        )?,
    }
    out.flush()?;
    Ok(code)
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// Runs `f` on each file the paths name (directories walked for `*.ttn`,
/// `-`), with whether it is the first, for the commands that handle one file
/// at a time (`fmt`, `solve`, `analyze`). A directory without a `.ttn` file
/// is a finding (1); an input that cannot be read is named on stderr (2)
/// and the others are still handled. Returns the highest exit code.
fn each_file(paths: &[String], mut f: impl FnMut(&str, bool) -> io::Result<u8>) -> io::Result<u8> {
    let mut code = 0;
    let mut first = true;
    for input in &expand(paths) {
        let path = &input.path;
        let name = display_name(path);
        match &input.kind {
            Kind::File => {}
            Kind::EmptyDir => {
                eprintln!("troef: {name}: the directory holds no `.ttn` file");
                code = code.max(1);
                continue;
            }
            Kind::Unreadable(e) => {
                eprintln!("troef: {name}: {e}");
                code = 2;
                continue;
            }
        }
        // An I/O error names its file and leaves the others to be handled.
        match f(path, first) {
            Ok(c) => code = code.max(c),
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Err(e),
            Err(e) => {
                eprintln!("troef: {e}");
                code = 2;
            }
        }
        first = false;
    }
    Ok(code)
}

/// `troef json`: the records of every input in one document, or one a line;
/// an input without a record is a record of its own with E114 (exit 1).
fn json(paths: &[String], ndjson: bool, overrides: &[AnyProfile], jobs: usize) -> io::Result<u8> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut w = troef_export::ExportWriter::new(&mut out, ndjson)?;
    // Each record's tree and replay are rendered on the thread that checked it.
    let render = if ndjson {
        troef_export::render_compact
    } else {
        troef_export::render_pretty
    };
    let t = read_inputs(paths, overrides, jobs, Keep::Rendered(render), |name, c| {
        // An input without a record is a stand-in record with E114, in the
        // data as `check --format json` has it.
        w.record(name, c)?;
        if ndjson {
            // Each line complete when written: a reader downstream may go on.
            w.flush()?;
        }
        Ok(())
    })?;
    w.finish()?;
    out.flush()?;
    // Invalid records are data here; what could not be read is not.
    Ok(if t.io_error {
        2
    } else if t.empty > 0 {
        1
    } else {
        0
    })
}

fn import(path: &str, from: &str, rules: Option<&str>, format: Format) -> io::Result<u8> {
    use troef_export::interop;
    let name = display_name(path);
    if from == "json" {
        if rules.is_some() {
            eprintln!("troef: --rules applies to logs of other software; a troef export keeps its own [Rules] tags");
            return Ok(2);
        }
        return import_export(path, format);
    }
    // Each importer reads its log as it goes, one game in memory at a time;
    // two of them read it twice (see `interop`), so stdin is kept aside in
    // a temporary file first.
    let mut input = open_seekable(path)?;
    // NetSchafkopf protocols are ISO-8859-1: the importer decodes them.
    if from != "netschafkopf" {
        if let Some(at) = interop::utf8_error_at(&mut input)? {
            eprintln!(
                "troef: {name}: not valid UTF-8 at byte {at}; invalid bytes are read as U+FFFD"
            );
        }
        input.rewind()?;
    }
    let file_name = Path::new(name)
        .file_name()
        .map_or(name.to_string(), |f| f.to_string_lossy().into_owned());
    // Profile files given with --rules are relative to where troef runs.
    let mut sink = ImportSink {
        out: io::BufWriter::new(io::stdout().lock()),
        log: ImportLog::new(name, format, None),
    };
    writeln!(sink.out, "% TTN {}", troef_ttn::TTN_VERSION)?;
    let tally = match from {
        "jass-server" => interop::jass_server::read(input, &file_name, rules, &mut sink),
        "netschafkopf" => interop::netschafkopf::read(input, &file_name, rules, &mut sink),
        _ => interop::jass_kit::read(input, &file_name, rules.unwrap_or("jass-kit"), &mut sink),
    }?;
    sink.out.flush()?;
    sink.log.skipped = tally.skipped;
    sink.log.finish()
}

/// A file to read more than once: the file itself, or what stdin holds,
/// kept in a temporary file.
fn open_seekable(path: &str) -> io::Result<Named<BufReader<fs::File>>> {
    let file = if path == "-" {
        let mut f = tempfile::tempfile()?;
        io::copy(&mut io::stdin().lock(), &mut f)?;
        f.rewind()?;
        f
    } else {
        open_file(path)?
    };
    Ok(Named {
        inner: BufReader::with_capacity(64 * 1024, file),
        path: display_name(path).to_string(),
    })
}

/// Where an import's findings go: records to stdout (each checked for the
/// summary as it is written), warnings and problems to stderr.
struct ImportSink<'a, W> {
    out: W,
    log: ImportLog<'a>,
}

impl<W: Write> troef_export::interop::Sink for ImportSink<'_, W> {
    fn record(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())?;
        self.log.written(text)
    }

    fn warning(&mut self, p: &troef_export::interop::Problem) -> io::Result<()> {
        self.log.note("warning", p)
    }

    fn problem(&mut self, p: &troef_export::interop::Problem) -> io::Result<()> {
        self.log.note("error", p)
    }
}

/// `import` of a `troef json` export, streamed: each record is written (and
/// checked for the summary) as it is read, so memory holds one at a time.
fn import_export(path: &str, format: Format) -> io::Result<u8> {
    let name = display_name(path);
    let input = open(path)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    writeln!(out, "% TTN {}", troef_ttn::TTN_VERSION)?;
    // An export's [Rules] files are relative to where its records were.
    let mut log = ImportLog::new(name, format, dir_of(path));
    let read = troef_export::import_from(input, |taken| match taken {
        Ok(r) => {
            let mut text = String::from("\n");
            troef_ttn::print_record(&r, troef_rules::layout(&r), &mut text);
            out.write_all(text.as_bytes())?;
            log.record(&r);
            Ok(())
        }
        Err(p) => {
            log.skipped += 1;
            log.note("error", &p)
        }
    });
    out.flush()?;
    match read {
        Ok(_) => log.finish(),
        Err(troef_export::ImportError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => Err(e),
        Err(e) => {
            eprintln!("troef: {name}: {e}");
            Ok(2)
        }
    }
}

/// What an import wrote and what it could not take, reported on stderr as
/// it goes: each warning and problem (text, or one JSON object a line), then
/// a summary. The records written are checked as they are written, in one
/// replay context (matches span records), so the summary says how many are
/// valid.
struct ImportLog<'a> {
    name: &'a str,
    format: Format,
    tracker: troef_rules::MatchTracker,
    context: Context,
    imported: usize,
    valid: usize,
    skipped: usize,
    problems: usize,
    warnings: usize,
}

impl<'a> ImportLog<'a> {
    /// `dir`: where the records' relative profile files are found.
    fn new(name: &'a str, format: Format, dir: Option<PathBuf>) -> Self {
        ImportLog {
            name,
            format,
            tracker: troef_rules::MatchTracker::default(),
            context: Context {
                profiles: Profiles::new(dir),
                trace: false,
                moves: false,
            },
            imported: 0,
            valid: 0,
            skipped: 0,
            problems: 0,
            warnings: 0,
        }
    }

    /// A warning or a problem (`severity` "warning" or "error").
    fn note(&mut self, severity: &str, p: &troef_export::interop::Problem) -> io::Result<()> {
        let name = self.name;
        let mut err = io::stderr().lock();
        if severity == "warning" {
            self.warnings += 1;
        } else {
            self.problems += 1;
        }
        match self.format {
            Format::Text if severity == "warning" => writeln!(err, "troef: {name}: warning: {p}"),
            Format::Text => writeln!(err, "troef: {name}: {p}"),
            Format::Json => {
                let line = serde_json::json!({"file": name, "severity": severity, "at": p.at, "message": p.message});
                writeln!(err, "{line}")
            }
        }
    }

    /// TTN text written to stdout: its records are checked and counted.
    fn written(&mut self, text: &str) -> io::Result<()> {
        for raw in troef_ttn::RecordReader::new(text.as_bytes()) {
            let Some(c) = troef_rules::check::check_raw(raw?, &mut self.tracker, &mut self.context)
            else {
                continue;
            };
            if c.is_record() {
                self.count(c.is_valid());
            }
        }
        Ok(())
    }

    /// A record written to stdout, already parsed: replayed, not read again.
    fn record(&mut self, r: &troef_ttn::Record) {
        let out = troef_rules::replay_in(r, &mut self.tracker, &mut self.context);
        self.count(!out.diagnostics.iter().any(troef_ttn::Diagnostic::is_error));
    }

    fn count(&mut self, valid: bool) {
        self.imported += 1;
        self.valid += usize::from(valid);
    }

    /// Writes the summary and returns the exit code: 0 clean (warnings or
    /// not), 1 with problems or invalid records, 2 when nothing could be taken.
    fn finish(self) -> io::Result<u8> {
        let ImportLog {
            name,
            imported,
            valid,
            skipped,
            problems,
            warnings,
            ..
        } = self;
        let invalid = imported - valid;
        let read = imported + skipped;
        let mut err = io::stderr().lock();
        match self.format {
            Format::Text if progress::quiet() => {}
            Format::Text => {
                let warned = if warnings == 0 {
                    String::new()
                } else {
                    format!(", {warnings} warning{}", plural(warnings))
                };
                writeln!(
                    err,
                    "troef: {name}: {read} game{} read: {imported} imported ({valid} valid, {invalid} invalid), {skipped} skipped; {problems} problem{}{warned}",
                    plural(read),
                    plural(problems),
                )?;
            }
            Format::Json => {
                let summary = serde_json::json!({"summary": {"file": name, "read": read, "imported": imported, "valid": valid, "invalid": invalid, "skipped": skipped, "problems": problems, "warnings": warnings}});
                writeln!(err, "{summary}")?;
            }
        }
        Ok(if imported == 0 && problems > 0 {
            2
        } else if problems > 0 || invalid > 0 {
            1
        } else {
            0
        })
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// The man pages under `docs/man/` are what clap_mangen makes of the
    /// commands today (`TROEF_BLESS=1 cargo test -p troef-cli` rewrites them).
    #[test]
    fn man_pages_are_current() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/man");
        let fresh = std::env::temp_dir().join(format!("troef-man-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&fresh);
        std::fs::create_dir_all(&fresh).unwrap();
        clap_mangen::generate_to(super::Cli::command(), &fresh).unwrap();
        let names = |d: &std::path::Path| -> Vec<String> {
            let mut v: Vec<String> = std::fs::read_dir(d)
                .map(|r| {
                    r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            v
        };
        if std::env::var_os("TROEF_BLESS").is_some() {
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            for n in names(&fresh) {
                std::fs::copy(fresh.join(&n), dir.join(&n)).unwrap();
            }
        }
        assert_eq!(
            names(&dir),
            names(&fresh),
            "man pages added or removed (TROEF_BLESS=1 rewrites them)"
        );
        for n in names(&fresh) {
            assert_eq!(
                std::fs::read_to_string(dir.join(&n)).unwrap(),
                std::fs::read_to_string(fresh.join(&n)).unwrap(),
                "docs/man/{n} is stale (TROEF_BLESS=1 rewrites it)"
            );
        }
        let _ = std::fs::remove_dir_all(&fresh);
    }

    /// `docs/cli.md`, the tested command-line reference, has a section for
    /// every command.
    #[test]
    fn the_cli_reference_covers_every_command() {
        let doc = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli.md"),
        )
        .unwrap();
        for c in super::Cli::command().get_subcommands() {
            let name = c.get_name();
            assert!(
                doc.contains(&format!("`troef {name}`")),
                "docs/cli.md says nothing of `troef {name}`"
            );
        }
    }

    /// Every argument of every command says in `--help` what it is (issue 32).
    #[test]
    fn every_argument_is_described() {
        fn walk(c: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for a in c.get_arguments() {
                let id = a.get_id().as_str();
                if id != "help" && id != "version" && a.get_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for s in c.get_subcommands() {
                walk(s, &format!("{path} {}", s.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&super::Cli::command(), "troef", &mut missing);
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }
}
