//! Content in the database: one row per content file, stored as the JSON
//! the API serves, plus the CSP's frame origins computed at import. Kept in
//! the database rather than in memory so every instance serves the same
//! content and an import applies without a restart. Editions, which
//! admins change, are rows of their own (`editions`).

pub mod editions;
pub mod versions;

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

use super::bundle::{Bundle, Document, frame_origins};
use crate::db::{Db, Tx};
use crate::{on_db, on_tx};

pub use super::versions::{BOARD, EDITION, NACLO, POLICY, SITE};
/// The `policy` row holding the embed origins, a JSON array of strings.
pub const FRAME_SRC: &str = "frame-src";

struct Row {
    kind: &'static str,
    key: String,
    body: String,
    source_sha256: String,
}

fn row<T: Serialize>(kind: &'static str, key: String, document: &Document<T>) -> Row {
    let body = serde_json::to_string(&document.value).expect("content serialises to JSON");
    Row { kind, key, body, source_sha256: document.source_sha256.clone() }
}

fn rows(bundle: &Bundle) -> Vec<Row> {
    let mut rows = vec![row(SITE, String::new(), &bundle.site), row(NACLO, String::new(), &bundle.naclo)];
    rows.extend(bundle.board.iter().map(|term| row(BOARD, term.value.term.clone(), term)));
    rows.extend(bundle.editions.iter().map(|edition| row(EDITION, edition.value.year.to_string(), edition)));
    let origins = serde_json::to_string(&frame_origins(bundle)).expect("strings serialise");
    let digest = hex::encode(Sha256::digest(origins.as_bytes()));
    rows.push(Row { kind: POLICY, key: FRAME_SRC.into(), body: origins, source_sha256: digest });
    rows
}

/// What an import stored, for the operator.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub board_terms: Vec<String>,
    pub editions: Vec<i32>,
    pub frame_origins: Vec<String>,
    pub gallery_images: usize,
}

impl Summary {
    pub fn of(bundle: &Bundle) -> Self {
        Self {
            board_terms: bundle.board.iter().map(|t| t.value.term.clone()).collect(),
            editions: bundle.editions.iter().map(|e| e.value.year).collect(),
            frame_origins: frame_origins(bundle).iter().map(ToString::to_string).collect(),
            gallery_images: bundle.site.value.gallery.len(),
        }
    }
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let years: Vec<String> = self.editions.iter().map(i32::to_string).collect();
        writeln!(f, "Imported the site's content:")?;
        writeln!(f, "  site.toml: the home page ({} gallery images) and the footer", self.gallery_images)?;
        writeln!(f, "  naclo.toml: the NACLO page")?;
        writeln!(f, "  board: {} term(s): {}", self.board_terms.len(), self.board_terms.join(", "))?;
        writeln!(f, "  editions: {} edition(s): {}", years.len(), years.join(", "))?;
        let origins =
            if self.frame_origins.is_empty() { "none".into() } else { self.frame_origins.join(" ") };
        write!(f, "  embeds allowed from (Content-Security-Policy frame-src): {origins}")
    }
}

impl Db {
    /// One document, parsed back into its type.
    pub async fn content_document<T: DeserializeOwned>(
        &self,
        kind: &str,
        key: &str,
    ) -> anyhow::Result<Option<T>> {
        let body = self.document_from(versions::Source::Live, kind, key).await?;
        Ok(body.map(serde_json::from_value).transpose()?)
    }

    /// Every document of a kind, parsed, with its key; newest key first.
    pub async fn content_documents<T: DeserializeOwned>(
        &self,
        kind: &str,
    ) -> anyhow::Result<Vec<(String, T)>> {
        let rows: Vec<(String, String)> = on_db!(self, |pool| {
            sqlx::query_as("SELECT key, body FROM content_documents WHERE kind = $1 ORDER BY key DESC")
                .bind(kind)
                .fetch_all(pool)
                .await?
        });
        rows.into_iter().map(|(key, body)| Ok((key, serde_json::from_str(&body)?))).collect()
    }

    /// The keys of a kind, newest first (e.g. the edition years).
    pub async fn content_keys(&self, kind: &str) -> sqlx::Result<Vec<String>> {
        on_db!(self, |pool| {
            sqlx::query_scalar("SELECT key FROM content_documents WHERE kind = $1 ORDER BY key DESC")
                .bind(kind)
                .fetch_all(pool)
                .await
        })
    }
}

/// One live document, parsed, read inside the caller's transaction
/// (a confirmation e-mail's calendar entry, written where its place is
/// given); `None` when missing or no longer of the type.
pub async fn live_document_in<T: DeserializeOwned>(
    tx: &mut Tx,
    kind: &str,
    key: &str,
) -> sqlx::Result<Option<T>> {
    let body: Option<String> = on_tx!(tx, |conn| {
        sqlx::query_scalar("SELECT body FROM content_documents WHERE kind = $1 AND key = $2")
            .bind(kind)
            .bind(key)
            .fetch_optional(&mut **conn)
            .await?
    });
    Ok(body.and_then(|body| serde_json::from_str(&body).ok()))
}
