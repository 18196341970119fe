//! `troef rules list|show|diff|schema`: rule profiles as data.

use std::io;
use troef_rules::profiles::{self, AnyProfile};
use troef_rules::GameKind;

/// Finds the one profile a `rules` subcommand argument names: a `.toml`
/// file, or a built-in name (with `--game` when several games have it).
pub fn one(spec: &str, game: Option<&str>) -> Result<AnyProfile, String> {
    let mut found = profiles::lookup(spec).map_err(|e| e.to_string())?;
    if let Some(g) = game {
        let want = GameKind::named(g);
        found.retain(|p| Some(p.game()) == want);
        if found.is_empty() {
            return Err(format!("`{spec}` is not a {g} profile"));
        }
    }
    match found.len() {
        1 => Ok(found.remove(0)),
        _ => {
            let games: Vec<&str> = found.iter().map(|p| p.game().name()).collect();
            Err(format!(
                "`{spec}` is a profile of several games ({}); say which with --game",
                games.join(", ")
            ))
        }
    }
}

pub fn list(game: Option<&str>, json: bool) -> io::Result<u8> {
    if let Some(g) = game {
        if GameKind::named(g).is_none() {
            eprintln!("troef: {}", troef_rules::kind::UnknownGame(g.to_string()));
            return Ok(2);
        }
    }
    let mut rows = Vec::new();
    for (g, name, _) in profiles::builtin_files() {
        if game.is_some_and(|want| want != g.name()) {
            continue;
        }
        let default = profiles::default_name(g) == Some(name);
        let description = match profiles::builtin_checked(g, name) {
            Some(Ok(p)) => p.description().to_string(),
            Some(Err(e)) => format!("(does not load: {e})"),
            None => String::new(),
        };
        rows.push((g, name, default, description));
    }
    let mut s = String::new();
    if json {
        let v: Vec<_> = rows
            .iter()
            .map(|(g, n, d, desc)| {
                serde_json::json!({"game": g, "name": n, "default": d, "description": desc})
            })
            .collect();
        s = serde_json::to_string_pretty(&v).map_err(io::Error::other)? + "\n";
    } else {
        for (g, n, d, desc) in &rows {
            let first = clip(desc, 64);
            let mark = if *d { " (default)" } else { "" };
            s.push_str(&format!("{g:<13} {:<20} {first}\n", format!("{n}{mark}")));
        }
        s.push_str("\n`troef rules show NAME` prints a profile with every field explained.\n");
    }
    super::emit(&s)?;
    Ok(0)
}

/// The text cut at a word boundary to at most `width` characters, with `…`.
fn clip(text: &str, width: usize) -> String {
    let mut out = String::new();
    for word in text.split_whitespace() {
        if out.chars().count() + word.chars().count() + 1 > width {
            out.push('…');
            return out;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

pub fn show(spec: &str, game: Option<&str>, json: bool) -> io::Result<u8> {
    let p = match one(spec, game) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("troef: {e}");
            return Ok(2);
        }
    };
    if json {
        let fields: Vec<_> = profiles::fields(p.game())
            .into_iter()
            .map(|f| {
                let value = profiles::value_of(&p, &f.key)
                    .and_then(|v| serde_json::to_value(v).ok())
                    .unwrap_or_default();
                serde_json::json!({
                    "key": f.key, "id": f.id, "meaning": f.meaning,
                    "value": value,
                    "values": f.values.iter().map(|(v, m)| serde_json::json!({"value": v, "meaning": m})).collect::<Vec<_>>(),
                })
            })
            .collect();
        let v = serde_json::json!({"profile": p.to_json(), "fields": fields});
        super::emit(&(serde_json::to_string_pretty(&v).map_err(io::Error::other)? + "\n"))?;
    } else {
        super::emit(&profiles::to_documented_toml(&p))?;
    }
    Ok(0)
}

/// The two profiles `rules diff` compares: of one game when the names
/// allow it (a name several games have is taken in the other's game), else
/// of two related games (Het pandoeren and Pandoeren share rules).
fn pair(a: &str, b: &str, game: Option<&str>) -> Result<(AnyProfile, AnyProfile), String> {
    if game.is_some() {
        return Ok((one(a, game)?, one(b, game)?));
    }
    let (la, lb) = (
        profiles::lookup(a).map_err(|e| e.to_string())?,
        profiles::lookup(b).map_err(|e| e.to_string())?,
    );
    let pairs = |ok: &dyn Fn(&AnyProfile, &AnyProfile) -> bool| -> Vec<(AnyProfile, AnyProfile)> {
        la.iter()
            .flat_map(|x| lb.iter().map(move |y| (x, y)))
            .filter(|(x, y)| ok(x, y))
            .map(|(x, y)| (x.clone(), y.clone()))
            .collect()
    };
    let same = pairs(&|x, y| x.game() == y.game());
    let related = pairs(&|x, y| profiles::diff_related(x, y).is_some());
    match (same.len(), related.len()) {
        (1, _) => Ok(same.into_iter().next().expect("one pair")),
        (0, 1) => Ok(related.into_iter().next().expect("one pair")),
        (0, 0) if la.len() == 1 && lb.len() == 1 => Err(format!(
            "`{a}` is a {} profile and `{b}` a {} profile; profiles of different games cannot be compared",
            la[0].game(),
            lb[0].game()
        )),
        _ => Err(format!(
            "`{a}` and `{b}` are profiles of several games; say which with --game"
        )),
    }
}

pub fn diff(a: &str, b: &str, game: Option<&str>, json: bool) -> io::Result<u8> {
    let (pa, pb) = match pair(a, b, game) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("troef: {e}");
            return Ok(2);
        }
    };
    if pa.game() != pb.game() {
        return related(&pa, &pb, json);
    }
    let d = profiles::diff(&pa, &pb);
    if json {
        let v = serde_json::json!({
            "game": pa.game(), "a": pa.name(), "b": pb.name(), "differences": d,
        });
        super::emit(&(serde_json::to_string_pretty(&v).map_err(io::Error::other)? + "\n"))?;
    } else {
        let mut s = format!(
            "{} profiles `{}` and `{}`: {} field{} differ{}\n",
            pa.game(),
            pa.name(),
            pb.name(),
            d.len(),
            if d.len() == 1 { "" } else { "s" },
            if d.len() == 1 { "s" } else { "" }
        );
        let w = pa.name().len().max(pb.name().len());
        for f in &d {
            let meaning = match &f.id {
                Some(id) => f
                    .meaning
                    .strip_prefix(&format!("{id}: "))
                    .unwrap_or(&f.meaning),
                None => &f.meaning,
            };
            let head = match &f.id {
                Some(id) => format!("{id} {}", f.key),
                None => f.key.clone(),
            };
            s.push('\n');
            for (i, line) in profiles::wrap(&format!("{head}: {meaning}"), 96)
                .iter()
                .enumerate()
            {
                s.push_str(if i == 0 { "  " } else { "      " });
                s.push_str(line);
                s.push('\n');
            }
            for (name, value, m) in [
                (pa.name(), &f.a, &f.a_meaning),
                (pb.name(), &f.b, &f.b_meaning),
            ] {
                let text = match m {
                    Some(m) => format!("{value}: {m}"),
                    None => value.clone(),
                };
                for (i, line) in profiles::wrap(&text, 84).iter().enumerate() {
                    let label = if i == 0 { name } else { "" };
                    s.push_str(&format!("    {label:<w$}  {line}\n"));
                }
            }
        }
        super::emit(&s)?;
    }
    Ok(if d.is_empty() { 0 } else { 1 })
}

pub fn schema(game: &str) -> io::Result<u8> {
    match GameKind::named(game).and_then(profiles::schema) {
        Some(s) => {
            super::emit(&(serde_json::to_string_pretty(&s).map_err(io::Error::other)? + "\n"))?;
            Ok(0)
        }
        None => {
            eprintln!(
                "troef: {}",
                troef_rules::kind::UnknownGame(game.to_string())
            );
            Ok(2)
        }
    }
}

/// `rules diff` of two related games' profiles: the rules they share, each
/// as both have it, those that differ first.
fn related(pa: &AnyProfile, pb: &AnyProfile, json: bool) -> io::Result<u8> {
    let rules = profiles::diff_related(pa, pb).unwrap_or_default();
    let differ = rules.iter().filter(|r| !r.same).count();
    if json {
        let v = serde_json::json!({
            "games": [pa.game(), pb.game()], "a": pa.name(), "b": pb.name(), "shared_rules": rules,
        });
        super::emit(&(serde_json::to_string_pretty(&v).map_err(io::Error::other)? + "\n"))?;
        return Ok(u8::from(differ > 0));
    }
    let mut s = format!(
        "{} profile `{}` and {} profile `{}`: {} rules shared, {differ} differ{}\n",
        pa.game(),
        pa.name(),
        pb.game(),
        pb.name(),
        rules.len(),
        if differ == 1 { "s" } else { "" }
    );
    let w = pa.name().len().max(pb.name().len());
    let name = |key: &Option<String>, id: &Option<String>| match (id, key) {
        (Some(id), Some(k)) => format!("{id} {k}"),
        (None, Some(k)) => k.clone(),
        _ => "no such field".into(),
    };
    for r in rules.iter().filter(|r| !r.same) {
        s.push('\n');
        let head = format!("{} / {}", name(&r.key_a, &r.id_a), name(&r.key_b, &r.id_b));
        for (i, line) in profiles::wrap(&format!("{head}: {}", r.meaning), 96)
            .iter()
            .enumerate()
        {
            s.push_str(if i == 0 { "  " } else { "      " });
            s.push_str(line);
            s.push('\n');
        }
        for (n, value, m) in [
            (pa.name(), &r.a, &r.a_meaning),
            (pb.name(), &r.b, &r.b_meaning),
        ] {
            let text = match m {
                Some(m) => format!("{value}: {m}"),
                None => value.clone(),
            };
            for (i, line) in profiles::wrap(&text, 84).iter().enumerate() {
                let label = if i == 0 { n } else { "" };
                s.push_str(&format!("    {label:<w$}  {line}\n"));
            }
        }
    }
    let same: Vec<String> = rules
        .iter()
        .filter(|r| r.same)
        .map(|r| format!("{} ({})", name(&r.key_a, &r.id_a), name(&r.key_b, &r.id_b)))
        .collect();
    if !same.is_empty() {
        s.push_str(&format!("\nthe same in both: {}\n", same.join(", ")));
    }
    s.push_str("\nEvery other rule belongs to one game only (its contracts, bids and scores): `troef rules show NAME` prints each.\n");
    super::emit(&s)?;
    Ok(u8::from(differ > 0))
}
