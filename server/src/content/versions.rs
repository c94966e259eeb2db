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

/// The most field paths listed per document; the rest are counted.
const MOST_FIELDS: usize = 8;

/// What going from `old` to `new` changes, one line per document.
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
            (Some(before), Some(after)) if before != after => {
                let mut fields = Vec::new();
                differences(&before, &after, "", &mut fields);
                let shown: Vec<&str> = fields.iter().take(MOST_FIELDS).map(String::as_str).collect();
                let more = fields.len().saturating_sub(MOST_FIELDS);
                let tail = if more > 0 { format!(" and {more} more") } else { String::new() };
                lines.push(format!("{}: {}{tail}", id.label(), shown.join(", ")));
            }
            _ => {}
        }
    }
    lines
}

/// The paths of the fields that differ; a list whose length changed is
/// one change.
fn differences(before: &Value, after: &Value, at: &str, out: &mut Vec<String>) {
    let path = |name: &str| if at.is_empty() { name.to_owned() } else { format!("{at}.{name}") };
    match (before, after) {
        (Value::Object(a), Value::Object(b)) => {
            let mut names: Vec<&String> = a.keys().chain(b.keys()).collect();
            names.sort();
            names.dedup();
            for name in names {
                match (a.get(name), b.get(name)) {
                    (Some(x), Some(y)) => differences(x, y, &path(name), out),
                    (x, y) if x != y => out.push(path(name)),
                    _ => {}
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{at}[{i}]"), out);
            }
        }
        (x, y) if x != y => out.push(if at.is_empty() { "everything".into() } else { at.to_owned() }),
        _ => {}
    }
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
            [
                "Board 2024–2025: removed",
                "Board 2025–2026: added",
                "Home page, footer and carousel: home.description[1]",
            ]
        );
        assert!(changes(&old, &old).is_empty());
    }
}
