//! The words of editing: which document an editor means, the tag that
//! tells whether it changed under them, and what a publication changed,
//! in the terms an officer reads in the history.

use std::fmt;
use std::str::FromStr;

use serde_json::Value;
use sha2::{Digest, Sha256};

use super::bundle::StoredDocument;

/// The kinds of content document: each row of `content_documents` is one.
pub const SITE: &str = "site";
pub const NACLO: &str = "naclo";
pub const BOARD: &str = "board";
pub const EDITION: &str = "edition";
pub const POLICY: &str = "policy";

/// A document's address in the API: `site`, `naclo`, `board:2025-2026`,
/// `edition:2026`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DocumentId {
    pub kind: &'static str,
    pub key: String,
}

impl DocumentId {
    pub fn of(document: &StoredDocument) -> Option<Self> {
        format!("{}:{}", document.kind, document.key).trim_end_matches(':').parse().ok()
    }

    /// What an officer calls it.
    pub fn label(&self) -> String {
        match self.kind {
            SITE => "Home page, footer and carousel".into(),
            NACLO => "NACLO page".into(),
            BOARD => format!("Board {}", self.key.replace('-', "–")),
            _ => format!("SCULC {} pages", self.key),
        }
    }

    /// Whether the site can do without it (board terms and editions).
    pub fn removable(&self) -> bool {
        matches!(self.kind, BOARD | EDITION)
    }
}

impl fmt::Display for DocumentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() { f.write_str(self.kind) } else { write!(f, "{}:{}", self.kind, self.key) }
    }
}

impl FromStr for DocumentId {
    type Err = ();

    fn from_str(id: &str) -> Result<Self, ()> {
        let (kind, key) = id.split_once(':').unwrap_or((id, ""));
        let kind = match kind {
            SITE => SITE,
            NACLO => NACLO,
            BOARD => BOARD,
            EDITION => EDITION,
            _ => return Err(()),
        };
        let valid_key = match kind {
            SITE | NACLO => key.is_empty(),
            // "2025-2026"; the content checks say more at publication.
            BOARD => key.len() == 9 && key.bytes().all(|b| b.is_ascii_digit() || b == b'-'),
            _ => key.len() == 4 && key.bytes().all(|b| b.is_ascii_digit()),
        };
        valid_key.then(|| Self { kind, key: key.to_owned() }).ok_or(())
    }
}

/// The tag of a document's body as an editor last read it: a save names
/// it, and a different one means someone else saved in between. `absent`
/// for a document that does not exist (yet, or any more).
pub fn tag(body: Option<&Value>) -> String {
    match body {
        Some(body) => {
            let text = serde_json::to_string(body).expect("JSON serialises");
            hex::encode(&Sha256::digest(text.as_bytes())[..12])
        }
        None => "absent".into(),
    }
}

/// The most changes listed per line; the rest are counted.
const MOST_CHANGES: usize = 8;

/// What going from `old` to `new` changes, in words: one line per
/// document (the home page's file, one per part of it), such as "Home:
/// description changed" or "Carousel: photo added (Students at SCULC 2025)".
pub fn changes(old: &[StoredDocument], new: &[StoredDocument]) -> Vec<String> {
    let find = |documents: &[StoredDocument], id: &DocumentId| {
        documents.iter().find(|d| DocumentId::of(d).as_ref() == Some(id)).map(|d| d.body.clone())
    };
    let mut ids: Vec<DocumentId> = old.iter().chain(new).filter_map(DocumentId::of).collect();
    ids.sort();
    ids.dedup();
    let mut lines = Vec::new();
    for id in ids {
        match (find(old, &id), find(new, &id)) {
            (None, Some(_)) => lines.push(format!("{}: added", id.label())),
            (Some(_), None) => lines.push(format!("{}: removed", id.label())),
            (Some(before), Some(after)) if before != after && id.kind == SITE => {
                lines.extend(site_changes(&before, &after));
            }
            (Some(before), Some(after)) if before != after => {
                lines.push(line(&id.label(), object_changes(&before, &after)));
            }
            _ => {}
        }
    }
    lines
}

fn line(what: &str, changed: Vec<String>) -> String {
    if changed.is_empty() {
        return format!("{what}: changed");
    }
    let more = changed.len().saturating_sub(MOST_CHANGES);
    let shown = changed.into_iter().take(MOST_CHANGES).collect::<Vec<_>>().join(", ");
    match more {
        0 => format!("{what}: {shown}"),
        more => format!("{what}: {shown} and {more} more"),
    }
}

/// The home page's file, by the parts an officer knows: the society's
/// name, the footer, the home page, the carousel.
fn site_changes(before: &Value, after: &Value) -> Vec<String> {
    let mut lines = Vec::new();
    for (name, what) in
        [("society_name", "Society name"), ("footer", "Footer"), ("home", "Home"), ("gallery", "Carousel")]
    {
        let (Some(a), Some(b)) = (before.get(name), after.get(name)) else { continue };
        if a == b {
            continue;
        }
        lines.push(match (a, b) {
            (Value::Object(_), Value::Object(_)) => line(what, object_changes(a, b)),
            (Value::Array(x), Value::Array(y)) => line(what, list_changes(name, x, y)),
            _ => format!("{what} changed"),
        });
    }
    lines
}

/// What an officer calls a field, lowercase, as the history says it.
fn field_words(name: &str) -> String {
    match name {
        "hero_title" => "headline".into(),
        "hero_text" => "text under the headline".into(),
        "sculc_blurb" => "SCULC announcement".into(),
        "events" => "events".into(),
        "href" => "link address".into(),
        "link_label" => "link text".into(),
        "original_alt" | "alt" => "description of the picture".into(),
        "description" => "description".into(),
        "nav_label" | "menu_label" => "menu label".into(),
        "countdown_to" => "countdown".into(),
        "slug" => "address".into(),
        other => other.replace('_', " "),
    }
}

/// The fields of an object that changed; its lists of entries, entry by entry.
fn object_changes(before: &Value, after: &Value) -> Vec<String> {
    let (Value::Object(a), Value::Object(b)) = (before, after) else { return vec!["changed".into()] };
    let mut names: Vec<&String> = a.keys().chain(b.keys()).collect();
    names.sort();
    names.dedup();
    let mut out = Vec::new();
    for name in names {
        match (a.get(name), b.get(name)) {
            (x, y) if x == y => {}
            (Some(Value::Array(x)), Some(Value::Array(y))) if is_entries(x) || is_entries(y) => {
                out.extend(list_changes(name, x, y));
            }
            (None, Some(_)) => out.push(format!("{} added", field_words(name))),
            (Some(_), None) => out.push(format!("{} removed", field_words(name))),
            _ => out.push(format!("{} changed", field_words(name))),
        }
    }
    out
}

/// A list of entries (photos, members, pages), not of paragraphs.
fn is_entries(list: &[Value]) -> bool {
    list.iter().any(Value::is_object)
}

/// How an entry is known: its name, title or heading, its picture's
/// description, else nothing.
fn name_of(entry: &Value) -> Option<String> {
    ["name", "title", "heading", "original_alt", "alt", "role", "label"]
        .iter()
        .find_map(|field| entry.get(field).and_then(Value::as_str).filter(|text| !text.trim().is_empty()))
        .map(|text| text.chars().take(60).collect())
}

fn named(what: String, entry: &Value) -> String {
    match name_of(entry) {
        Some(name) => format!("{what} ({name})"),
        None => what,
    }
}

/// A list's entries added, removed, changed or put in another order.
fn list_changes(list: &str, before: &[Value], after: &[Value]) -> Vec<String> {
    let one = crate::content::bundle::entry_word(list).to_lowercase();
    if !is_entries(before) && !is_entries(after) {
        return vec![format!("{} changed", field_words(list))];
    }
    let added: Vec<&Value> = after.iter().filter(|entry| !before.contains(entry)).collect();
    let removed: Vec<&Value> = before.iter().filter(|entry| !after.contains(entry)).collect();
    if added.is_empty() && removed.is_empty() {
        return vec![format!("{one}s put in another order")];
    }
    if before.len() == after.len() {
        return (0..after.len())
            .filter(|&i| before[i] != after[i] && !before.contains(&after[i]))
            .map(|i| named(format!("{one} {} changed", i + 1), &after[i]))
            .collect();
    }
    let mut out: Vec<String> =
        removed.into_iter().map(|entry| named(format!("{one} removed"), entry)).collect();
    out.extend(added.into_iter().map(|entry| named(format!("{one} added"), entry)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn document(kind: &str, key: &str, body: Value) -> StoredDocument {
        StoredDocument { kind: kind.into(), key: key.into(), body }
    }

    #[test]
    fn ids_read_back_and_refuse_what_is_no_document() {
        for id in ["site", "naclo", "board:2025-2026", "edition:2026"] {
            assert_eq!(id.parse::<DocumentId>().unwrap().to_string(), id);
        }
        for id in ["", "policy", "site:x", "board:../../x", "edition:26", "board"] {
            assert!(id.parse::<DocumentId>().is_err(), "{id}");
        }
    }

    #[test]
    fn changes_name_the_documents_and_fields() {
        let old = [
            document(
                "site",
                "",
                serde_json::json!({"home": {"description": ["a", "b"]}, "society_name": "S"}),
            ),
            document("board", "2024-2025", serde_json::json!({"members": []})),
        ];
        let new = [
            document(
                "site",
                "",
                serde_json::json!({"home": {"description": ["a", "c"]}, "society_name": "S"}),
            ),
            document("board", "2025-2026", serde_json::json!({"members": []})),
        ];
        assert_eq!(
            changes(&old, &new),
            ["Board 2024–2025: removed", "Board 2025–2026: added", "Home: description changed"]
        );
        assert!(changes(&old, &old).is_empty());
    }

    #[test]
    fn photos_and_members_are_named_in_words() {
        let photo = |alt: &str| serde_json::json!({"original": "/images/a.webp", "original_alt": alt});
        let site = |gallery: Value| {
            document("site", "", serde_json::json!({"home": {"hero_title": "H"}, "gallery": gallery}))
        };
        let old = [site(serde_json::json!([photo("Lecture hall")]))];
        let new = [site(serde_json::json!([photo("Students at SCULC 2025"), photo("Lecture hall")]))];
        assert_eq!(changes(&old, &new), ["Carousel: photo added (Students at SCULC 2025)"]);
        let swapped = [site(serde_json::json!([photo("Lecture hall"), photo("Students at SCULC 2025")]))];
        assert_eq!(changes(&new, &swapped), ["Carousel: photos put in another order"]);
        let member = |name: &str, role: &str| serde_json::json!({"name": name, "role": role});
        let board = |members: Value| document("board", "2025-2026", serde_json::json!({"members": members}));
        let old = [board(serde_json::json!([member("Ana", "President"), member("Bo", "Treasurer")]))];
        let new = [board(serde_json::json!([member("Ana", "President"), member("Cy", "Treasurer")]))];
        assert_eq!(changes(&old, &new), ["Board 2025–2026: member 2 changed (Cy)"]);
        for line in changes(&old, &new) {
            assert!(!line.contains('[') && !line.contains('.'), "{line}");
        }
    }
}
