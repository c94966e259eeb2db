//! Which way the server's modules may depend, read from the source tree.
//!
//! Four rules (ARCHITECTURE.md, "Which way dependencies point"):
//!
//! - The top-level modules stand in one written order (`ORDER`): each uses
//!   only those before it, so none forms a circle with another; nor do the
//!   modules inside a feature.
//! - `admin` sits on top: it may use every feature and the shared floor
//!   beneath them (the activity log, letters, text, uploads), and nothing
//!   beneath may use it. Only the app's wiring (`lib.rs`, `main.rs`,
//!   `openapi.rs`) names `admin` from outside it.
//! - A store never imports a handler file: stores depend downward, on
//!   `db`, the floor and domain types, never on the HTTP layer above them.
//! - SQL and matches on the database's kind appear only in `db/` and the
//!   stores.
//!
//! A new line that breaks one fails here, with the file and line, instead of
//! in review.

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

/// The files (relative to `src/`) that mount admin's routes and commands:
/// the app's top, not features.
const WIRING: [&str; 3] = ["lib.rs", "main.rs", "openapi.rs"];

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module path of a file under `src/`: `review/store/writes.rs` is
/// `["review", "store", "writes"]`, `review/mod.rs` is `["review"]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let file = parts.pop().unwrap();
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_owned());
    }
    parts
}

/// The code of a line without its `//` comment (doc comments included), so
/// that prose naming `crate::admin` is not taken for an import. A `//`
/// inside a string literal is rare enough here to cut the line short.
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |at| &line[..at])
}

/// Whether `text` starts with the name `word` (not a longer name).
fn word_at_start(text: &str, word: &str) -> bool {
    text.strip_prefix(word).is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// Whether `text` has `path` as a whole name (`crate::admin`, not
/// `crate::administration`), not the tail of a longer one.
fn names(text: &str, path: &str) -> bool {
    text.match_indices(path).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) && word_at_start(&text[at..], path)
    })
}

/// Where `line`, in the module at `module`, names the crate's `admin`
/// module: `crate::admin`, `colloquy::admin`, or as many `super::` as lead
/// back to the crate's root followed by `admin`.
fn names_admin(module: &[String], line: &str) -> bool {
    let code = code(line);
    if ["crate::admin", "colloquy::admin"].iter().any(|path| names(code, path)) {
        return true;
    }
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        // Only the start of a path: not `a::super::` (which is not Rust anyway).
        let before = &rest[..at];
        let mut after = &rest[at..];
        let mut supers = 0;
        while let Some(next) = after.strip_prefix("super::") {
            supers += 1;
            after = next.trim_start();
        }
        let starts_path = !before.ends_with("::");
        let brace = after.starts_with('{') && names(after, "admin");
        if starts_path && supers == module.len() && (word_at_start(after, "admin") || brace) {
            return true;
        }
        rest = &rest[at + "super::".len()..];
    }
    false
}

/// Every `file:line: text` outside `admin/` and the wiring that names `admin`.
fn imports_of_admin(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for file in sources(src) {
        let relative = file.strip_prefix(src).unwrap();
        let top = relative.iter().next().unwrap().to_string_lossy();
        if top == "admin" || WIRING.contains(&top.as_ref()) {
            continue;
        }
        let module = module_path(relative);
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            if names_admin(&module, line) {
                found.push(format!("src/{}:{}: {}", relative.display(), number + 1, line.trim()));
            }
        }
    }
    found
}

/// The server's `src/`.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Fails with `what` and every offence found, one a line.
fn assert_none(found: &[String], what: &str) {
    assert!(found.is_empty(), "{what}:\n{}", found.join("\n"));
}

#[test]
fn nothing_beneath_admin_imports_admin() {
    assert_none(
        &imports_of_admin(&src()),
        "these files beneath admin import it (move what they need beneath the features, \
         into the activity log, letters, uploads or text)",
    );
}

#[test]
fn the_check_sees_every_way_of_naming_admin() {
    let at = |path: &str| module_path(Path::new(path));
    assert!(names_admin(&at("review/decide.rs"), "use crate::admin::display_name;"));
    assert!(names_admin(&at("review/decide.rs"), "crate::admin::display_name(a, b, c)"));
    assert!(names_admin(&at("review/decide.rs"), "use super::super::admin::audit::Actor;"));
    assert!(names_admin(&at("review/mod.rs"), "use super::admin::Actor;"));
    assert!(names_admin(&at("review/store/writes.rs"), "use super::super::super::{admin, db};"));
    assert!(names_admin(&at("text.rs"), "use super::admin;"));
    // review's own `admin` module, and prose.
    assert!(!names_admin(&at("review/mod.rs"), ".routes(routes!(admin::reviewers))"));
    assert!(!names_admin(&at("review/reviewers.rs"), "use super::admin::reviewers;"));
    assert!(!names_admin(&at("review/store/writes.rs"), "use super::super::admin::x;"));
    assert!(!names_admin(&at("review/decide.rs"), "/// Like `crate::admin::decisions::decide`."));
    assert!(!names_admin(&at("review/decide.rs"), "use crate::administration;"));
    assert_eq!(module_path(Path::new("review/store/mod.rs")), ["review", "store"]);
}

/// The folders beneath `src/` that are the floor, not features: their files
/// are never handler files.
const FLOOR: [&str; 4] = ["db", "activity", "letters", "uploads"];

/// A store holds SQL: every file under `db/`, and a module named `store`
/// (`store.rs`, or anything in a `store/` folder) of a feature or the floor.
fn is_store(relative: &Path) -> bool {
    relative.starts_with("db") || module_path(relative).iter().any(|part| part == "store")
}

/// A feature's types or model file (`types.rs`, `model.rs`): domain types
/// that stores and handlers share.
fn is_types(relative: &Path) -> bool {
    module_path(relative).iter().any(|part| part == "types" || part == "model")
}

/// A handler file is a file of a feature (`src/<feature>/…`, not the floor
/// and not the crate's top-level files) that is neither a store nor a types
/// file and serves HTTP: it declares an endpoint (`#[utoipa::path]`) or
/// names axum (routes, extractors, responses). A feature's `mod.rs`, which
/// mounts its routes, is one; a file of domain types or logic that knows
/// nothing of HTTP (`review/matching.rs`, `submissions/status.rs`) is not.
fn is_handler_file(relative: &Path, text: &str) -> bool {
    let top = relative.iter().next().unwrap().to_string_lossy();
    relative.iter().count() > 1
        && !FLOOR.contains(&top.as_ref())
        && !is_store(relative)
        && !is_types(relative)
        && text.lines().map(code).any(|line| line.contains("axum") || line.contains("#[utoipa::path"))
}

/// The lines of a file that are compiled into the server, numbered from 1,
/// without comments: everything before a `#[cfg(test)]` module (which sits
/// last, and whose `super` means the file itself).
fn compiled(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&at| {
            lines[at].trim() == "#[cfg(test)]"
                && lines.get(at + 1).is_some_and(|next| next.starts_with("mod "))
        })
        .unwrap_or(lines.len());
    text.lines().take(end).enumerate().map(|(number, line)| (number + 1, code(line)))
}

/// The tokens of a `use` tree: names (`$crate` included), `::`, braces,
/// commas and `*`.
fn tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_alphanumeric() || c == '_' || c == '$' {
            let mut name = c.to_string();
            while let Some(&next) = chars.peek().filter(|n| n.is_alphanumeric() || **n == '_') {
                name.push(next);
                chars.next();
            }
            tokens.push(name);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".to_owned());
        } else if "{},*".contains(c) {
            tokens.push(c.to_string());
        }
    }
    tokens
}

/// The paths a `use` tree brings in: `a::{b, c::{self, d}}` is `a::b`,
/// `a::c::self` and `a::c::d` (an alias is dropped, a glob kept as `*`).
fn expand(tokens: &[String], at: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    while let Some(token) = tokens.get(*at) {
        *at += 1;
        match token.as_str() {
            "{" => {
                while tokens.get(*at).is_some_and(|t| t != "}") {
                    expand(tokens, at, &path, out);
                    if tokens.get(*at).is_some_and(|t| t == ",") {
                        *at += 1;
                    }
                }
                *at += 1;
                return;
            }
            "::" => {}
            "as" => {
                *at += 1;
                break;
            }
            "," | "}" => {
                *at -= 1;
                break;
            }
            name => path.push(name.to_owned()),
        }
    }
    out.push(path);
}

/// Every path to the crate's own modules in the file's compiled lines, with
/// the line it starts on: the paths of each `use` (however it is grouped)
/// and every `crate::…`, `super::…` or `self::…` written inline.
fn crate_paths(text: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    let mut statement: Option<(usize, String)> = None;
    for (number, line) in compiled(text) {
        let trimmed = line.trim_start();
        let starts_use =
            ["use ", "pub use ", "pub(crate) use ", "pub(super) use "].iter().any(|s| trimmed.starts_with(s));
        if statement.is_none() && starts_use {
            let after_use = &trimmed[trimmed.find("use ").unwrap() + "use ".len()..];
            statement = Some((number, after_use.to_owned()));
        } else if let Some((_, text)) = statement.as_mut() {
            text.push_str(trimmed);
        }
        if let Some((first, text)) = statement.as_mut() {
            text.push(' ');
            if trimmed.contains(';') {
                let tokens = tokens(text.split(';').next().unwrap());
                let mut paths = Vec::new();
                expand(&tokens, &mut 0, &[], &mut paths);
                found.extend(paths.into_iter().map(|path| (*first, path)));
                statement = None;
            }
            continue;
        }
        for start in ["$crate::", "crate::", "super::", "self::"] {
            for (at, _) in line.match_indices(start) {
                let before = line[..at].chars().next_back();
                // Only the start of a path (`crate::` in `$crate::` is not one).
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':' || c == '$') {
                    continue;
                }
                let rest = &line[at..];
                let end = rest
                    .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':' || c == '$'))
                    .unwrap_or(rest.len());
                let path: Vec<String> =
                    rest[..end].split("::").filter(|s| !s.is_empty()).map(str::to_owned).collect();
                found.push((number, path));
            }
        }
    }
    found
}

/// `path` as written in the module `module`, made absolute (from the
/// crate's root); `None` for another crate's path.
fn absolute(module: &[String], path: &[String]) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    let mut resolved = match first.as_str() {
        "crate" | "$crate" | "colloquy" => Vec::new(),
        "self" => module.to_vec(),
        "super" => module[..module.len().saturating_sub(1)].to_vec(),
        _ => return None,
    };
    let mut rest = rest.iter().peekable();
    while rest.peek().is_some_and(|s| *s == "super") {
        resolved.pop();
        rest.next();
    }
    resolved.extend(rest.filter(|s| *s != "self").cloned());
    Some(resolved)
}

/// Whether the file's compiled lines declare the item `name`.
fn declares(text: &str, name: &str) -> bool {
    let kinds = ["struct ", "enum ", "fn ", "const ", "static ", "type ", "trait ", "macro_rules! ", "mod "];
    compiled(text).any(|(_, line)| {
        kinds
            .iter()
            .any(|kind| line.match_indices(kind).any(|(at, _)| word_at_start(&line[at + kind.len()..], name)))
    })
}

/// The file that holds what the absolute `path` names: the module's own file
/// if the path ends at a module or the module declares the item, else the
/// file its `use` brings the item from (followed through re-exports and
/// globs), else (not found) the module's own file.
fn holder(
    modules: &HashMap<Vec<String>, (PathBuf, String)>,
    path: &[String],
    depth: usize,
) -> Option<PathBuf> {
    let split = (0..=path.len()).rev().find(|&n| modules.contains_key(&path[..n]))?;
    let (module, items) = path.split_at(split);
    let (file, text) = &modules[module];
    let Some(name) = items.first().filter(|_| depth < 8) else {
        return Some(file.clone());
    };
    if declares(text, name) {
        return Some(file.clone());
    }
    for (_, used) in crate_paths(text) {
        // `use types::X;` in a module names its child `types`.
        let child = || {
            Some([module, &used[..]].concat()).filter(|path| modules.contains_key(&path[..module.len() + 1]))
        };
        let Some(used) = absolute(module, &used).or_else(child) else { continue };
        let target = match used.last().map(String::as_str) {
            Some(last) if last == name => used,
            Some("*") => [&used[..used.len() - 1], &items[..1]].concat(),
            _ => continue,
        };
        if let Some(found) =
            holder(modules, &target, depth + 1).filter(|found| declares(&modules_text(modules, found), name))
        {
            return Some(found);
        }
    }
    Some(file.clone())
}

fn modules_text(modules: &HashMap<Vec<String>, (PathBuf, String)>, file: &Path) -> String {
    modules.values().find(|(f, _)| f == file).map(|(_, text)| text.clone()).unwrap_or_default()
}

/// Every module of the crate: its path, its file (relative to `src/`) and
/// its text.
fn modules(src: &Path) -> HashMap<Vec<String>, (PathBuf, String)> {
    sources(src)
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).unwrap().to_path_buf();
            let text = fs::read_to_string(&file).unwrap();
            (module_path(&relative), (relative, text))
        })
        .collect()
}

/// Every `file:line: path (in handler file)` where a store names something
/// a handler file holds.
fn stores_importing_handlers(src: &Path) -> Vec<String> {
    let modules = modules(src);
    let mut stores: Vec<_> = modules.iter().filter(|(_, (file, _))| is_store(file)).collect();
    stores.sort_by(|a, b| a.1.0.cmp(&b.1.0));
    let mut found = Vec::new();
    for (module, (file, text)) in stores {
        for (line, path) in crate_paths(text) {
            let Some(target) = absolute(module, &path).and_then(|path| holder(&modules, &path, 0)) else {
                continue;
            };
            let held = modules_text(&modules, &target);
            if target != *file && is_handler_file(&target, &held) {
                found.push(format!(
                    "src/{}:{}: {} (in src/{})",
                    file.display(),
                    line,
                    path.join("::"),
                    target.display()
                ));
            }
        }
    }
    found.dedup();
    found
}

#[test]
fn no_store_imports_a_handler_file() {
    assert_none(
        &stores_importing_handlers(&src()),
        "these stores import from handler files (move what they need into the feature's \
         types.rs or model.rs, or beneath it)",
    );
}

/// Words that make a line SQL: a query call, or a statement's keywords.
const SQL: [&str; 7] =
    ["sqlx::query", "query_as(", "query_scalar(", "QueryBuilder", "SELECT ", "INSERT INTO ", "DELETE FROM "];

/// Names that choose between the two databases.
const BACKENDS: [&str; 10] = [
    "Db::Sqlite",
    "Db::Postgres",
    "Tx::Sqlite",
    "Tx::Postgres",
    "Dialect::Sqlite",
    "Dialect::Postgres",
    "on_db!",
    "on_tx!",
    "SqlitePool",
    "PgPool",
];

/// Whether a line of code writes SQL or matches on the database's kind.
fn is_sql_or_backend(line: &str) -> bool {
    let update = line.find("UPDATE ").is_some_and(|at| line[at..].contains(" SET "));
    update || SQL.iter().chain(&BACKENDS).any(|word| line.contains(word))
}

/// Every `file:line: text` outside `db/` and the stores that writes SQL or
/// matches on the database's kind.
fn sql_outside_stores(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for file in sources(src) {
        let relative = file.strip_prefix(src).unwrap();
        if is_store(relative) {
            continue;
        }
        let text = fs::read_to_string(&file).unwrap();
        for (number, line) in compiled(&text) {
            if is_sql_or_backend(line) {
                found.push(format!("src/{}:{}: {}", relative.display(), number, line.trim()));
            }
        }
    }
    found
}

#[test]
fn sql_and_backends_only_in_db_and_stores() {
    assert_none(
        &sql_outside_stores(&src()),
        "these files write SQL or match on the database outside db/ and the stores \
         (move it into the feature's store as a Db method)",
    );
}

#[test]
fn the_checks_read_use_trees_and_sql() {
    let paths = |text: &str| {
        crate_paths(text).into_iter().map(|(line, path)| (line, path.join("::"))).collect::<Vec<_>>()
    };
    assert_eq!(
        paths(
            "use crate::review::{\n    conflicts::{self, PersonKey},\n    types::X as Y,\n};\nuse std::fmt;"
        ),
        [
            (1, "crate::review::conflicts::self".to_owned()),
            (1, "crate::review::conflicts::PersonKey".to_owned()),
            (1, "crate::review::types::X".to_owned()),
            (5, "std::fmt".to_owned()),
        ]
    );
    assert_eq!(
        paths("let x = super::before(a, crate::clock::now()); // crate::admin"),
        [(1, "crate::clock::now".to_owned()), (1, "super::before".to_owned())]
    );
    assert_eq!(paths("x\n#[cfg(test)]\nmod tests { use super::*; }"), []);
    let module = module_path(Path::new("review/store/writes.rs"));
    assert_eq!(
        absolute(&module, &["super".into(), "super".into(), "types".into()]).unwrap(),
        ["review", "types"]
    );
    assert_eq!(absolute(&module, &["sqlx".into()]), None);
    assert!(is_store(Path::new("review/store/writes.rs")) && is_store(Path::new("mail/store.rs")));
    assert!(is_store(Path::new("db/in_use.rs")) && !is_store(Path::new("review/assign.rs")));
    assert!(is_handler_file(Path::new("review/mod.rs"), "use utoipa_axum::router::OpenApiRouter;"));
    assert!(is_handler_file(Path::new("review/x.rs"), "#[utoipa::path(get, path = \"/\")]"));
    assert!(!is_handler_file(Path::new("review/types.rs"), "use axum::Json;"));
    assert!(!is_handler_file(Path::new("review/code.rs"), "// not axum::Json"));
    assert!(!is_handler_file(Path::new("error.rs"), "use axum::Json;"));
    assert!(is_sql_or_backend("sqlx::query(\"SELECT 1\")"));
    assert!(is_sql_or_backend("\"UPDATE users SET name = $1\""));
    assert!(is_sql_or_backend("crate::on_db!(db, |pool| x)"));
    assert!(is_sql_or_backend("Db::Postgres(pool) => x,"));
    assert!(!is_sql_or_backend("Method::DELETE => \"DELETE\","));
}

/// The written order of the top-level modules (ARCHITECTURE.md, "Which way
/// dependencies point"): each may use those before it, never one after.
const ORDER: &[&str] = &[
    // The floor beneath accounts.
    "clock",
    "text",
    "error",
    "stored",
    "logging",
    "client_ip",
    "config",
    "storage",
    "db",
    "email",
    "rate_limit",
    "mail",
    // Accounts: who someone is; the floor above it reads their session.
    "accounts",
    "activity",
    "metrics",
    "check",
    "presenting",
    "uploads",
    "images",
    "typeset",
    "hooks",
    // The features, each using only those before it.
    "web",
    "content",
    "spreadsheet",
    "letters",
    "submissions",
    "review",
    "registration",
    "attendance",
    "program",
    "certificates",
    "home",
    "backup",
    // The organisers' rooms, above every feature.
    "admin",
    // Serving: what wraps every request.
    "csrf",
    "health",
    "request_body",
    "unread_body",
    "connections",
    "serve",
];

/// Every arrow between two top-level modules (wiring aside): from, to, and
/// each `file:line path` that draws it.
fn arrows(src: &Path) -> BTreeMap<(String, String), Vec<String>> {
    arrows_within(src, &[])
}

/// Every arrow between two modules just beneath `parent` (`[]`: the
/// top-level ones), from their files and those beneath them.
fn arrows_within(src: &Path, parent: &[String]) -> BTreeMap<(String, String), Vec<String>> {
    let modules = modules(src);
    let depth = parent.len();
    let mut arrows: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for (module, (file, text)) in &modules {
        let inside = module.len() > depth && module.starts_with(parent);
        let Some(from) = module.get(depth).filter(|_| inside && !WIRING.contains(&file.to_str().unwrap()))
        else {
            continue;
        };
        for (line, path) in crate_paths(text) {
            let Some(to) = absolute(module, &path)
                .filter(|path| path.len() > depth && path.starts_with(parent))
                .map(|path| path[depth].clone())
            else {
                continue;
            };
            if to != *from && modules.contains_key(&[parent, std::slice::from_ref(&to)].concat()) {
                let place = format!("{}:{line}: {}", file.display(), path.join("::"));
                arrows.entry((from.clone(), to)).or_default().push(place);
            }
        }
    }
    arrows
}

/// The circles of `arrows` (Tarjan's strongly connected components of more
/// than one module), each sorted, with the arrows inside it.
fn circles(arrows: &BTreeMap<(String, String), Vec<String>>) -> Vec<Vec<String>> {
    struct Search<'a> {
        next: BTreeMap<&'a str, Vec<&'a str>>,
        index: HashMap<&'a str, usize>,
        low: HashMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Search<'a> {
        fn visit(&mut self, module: &'a str) {
            let at = self.index.len();
            self.index.insert(module, at);
            self.low.insert(module, at);
            self.stack.push(module);
            for to in self.next.get(module).cloned().unwrap_or_default() {
                if !self.index.contains_key(to) {
                    self.visit(to);
                    self.low.insert(module, self.low[module].min(self.low[to]));
                } else if self.stack.contains(&to) {
                    self.low.insert(module, self.low[module].min(self.index[to]));
                }
            }
            if self.low[module] == self.index[module] {
                let start = self.stack.iter().rposition(|m| *m == module).unwrap();
                let mut circle: Vec<String> = self.stack.drain(start..).map(str::to_owned).collect();
                if circle.len() > 1 {
                    circle.sort();
                    self.found.push(circle);
                }
            }
        }
    }
    let mut search = Search {
        next: BTreeMap::new(),
        index: HashMap::new(),
        low: HashMap::new(),
        stack: vec![],
        found: vec![],
    };
    for (from, to) in arrows.keys() {
        search.next.entry(from).or_default().push(to);
    }
    let starts: Vec<&str> = search.next.keys().copied().collect();
    for module in starts {
        if !search.index.contains_key(module) {
            search.visit(module);
        }
    }
    search.found.sort();
    search.found
}

/// Each circle, with the imports that close it.
fn circles_named(arrows: &BTreeMap<(String, String), Vec<String>>) -> Vec<String> {
    circles(arrows)
        .into_iter()
        .map(|circle| {
            let inside: Vec<String> = arrows
                .iter()
                .filter(|((from, to), _)| circle.contains(from) && circle.contains(to))
                .map(|((from, to), places)| format!("  {from} -> {to}: {}", places.join("; ")))
                .collect();
            format!("a circle between {}:\n{}", circle.join(", "), inside.join("\n"))
        })
        .collect()
}

/// Each arrow that goes against `order`, and each module missing from it.
fn against_the_order(arrows: &BTreeMap<(String, String), Vec<String>>, order: &[&str]) -> Vec<String> {
    let rank = |module: &str| order.iter().position(|m| *m == module);
    let mut found = Vec::new();
    for ((from, to), places) in arrows {
        match (rank(from), rank(to)) {
            (Some(from_rank), Some(to_rank)) if to_rank < from_rank => {}
            (Some(_), Some(_)) => {
                found.push(format!("{from} comes before {to} in the order, yet uses it: {}", places.join("; ")))
            }
            _ => found.push(format!(
                "{from} -> {to}: add the module missing from the order (tests/layers.rs ORDER, ARCHITECTURE.md)"
            )),
        }
    }
    found
}

#[test]
fn the_top_level_modules_form_no_circle() {
    assert_none(&circles_named(&arrows(&src())), "circles between the top-level modules");
}

#[test]
fn the_modules_inside_each_feature_form_no_circle() {
    let src = src();
    let mut parents: Vec<Vec<String>> =
        modules(&src).into_keys().filter(|module| module.len() == 1).collect();
    parents.sort();
    let found: Vec<String> = parents
        .iter()
        .flat_map(|parent| {
            let circles = circles_named(&arrows_within(&src, parent));
            circles.into_iter().map(move |circle| format!("in {}: {circle}", parent[0]))
        })
        .collect();
    assert_none(&found, "circles between the modules of a feature");
}

#[test]
fn every_arrow_between_top_level_modules_goes_down_the_written_order() {
    assert_none(&against_the_order(&arrows(&src()), ORDER), "arrows against the written order");
}

#[test]
fn the_order_check_sees_circles_and_arrows_against_the_order() {
    let arrows: BTreeMap<(String, String), Vec<String>> = [
        ("submissions", "review", "submissions/store/details.rs:16: crate::review::store::Withdrawal"),
        ("review", "submissions", "review/types.rs:13: crate::submissions::Submission"),
        ("review", "db", "review/store.rs:3: crate::db::Db"),
        ("home", "nowhere", "home/mod.rs:1: crate::nowhere"),
    ]
    .into_iter()
    .map(|(from, to, place)| ((from.to_owned(), to.to_owned()), vec![place.to_owned()]))
    .collect();
    let circles = circles_named(&arrows);
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(circles[0].starts_with("a circle between review, submissions:"), "{circles:?}");
    assert!(circles[0].contains("submissions/store/details.rs:16"), "{circles:?}");
    let against = against_the_order(&arrows, &["db", "submissions", "review", "home"]);
    assert_eq!(against.len(), 2, "{against:?}");
    assert!(against[0].starts_with("home -> nowhere: add the module"), "{against:?}");
    assert!(
        against[1].starts_with("submissions comes before review in the order, yet uses it"),
        "{against:?}"
    );
}
