//! The content's history as stored (issue 37 item 5): each document's body
//! once, under the SHA-256 of its JSON text (`content_bodies`), and each
//! version as which body each of its documents had
//! (`content_version_documents`). A version stores only the bodies no
//! earlier version had, so a restore stores none.
//!
//! It sits in the floor because `migrate` moves the versions stored before
//! it (each with the whole content in `content_versions.documents`) into
//! these tables, here, in Rust: SQLite has no SHA-256, and both databases
//! must hash the same text the same way. The content's store writes new
//! versions with the same macro.

use sha2::{Digest, Sha256};

use super::Db;
use crate::{on_db, on_tx};

/// The key of a document's body: the SHA-256 of its JSON text, in hex.
pub fn body_sha256(body: &str) -> String {
    hex::encode(Sha256::digest(body.as_bytes()))
}

/// Records that version `$version` holds `$documents` (an iterator of
/// `(kind, key, body's JSON text)`), storing each body that is not stored
/// yet, in the transaction `$tx` (either database's, inside `on_tx!`).
macro_rules! store_version_documents {
    ($tx:expr, $version:expr, $documents:expr) => {
        for (kind, key, body) in $documents {
            let sha256 = $crate::db::content_history::body_sha256(&body);
            // Asked first, so a body stored already is not sent again.
            let stored: Option<i32> = sqlx::query_scalar("SELECT 1 FROM content_bodies WHERE sha256 = $1")
                .bind(&sha256)
                .fetch_optional(&mut **$tx)
                .await?;
            if stored.is_none() {
                sqlx::query(
                    "INSERT INTO content_bodies (sha256, body) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING",
                )
                .bind(&sha256)
                .bind(&body)
                .execute(&mut **$tx)
                .await?;
            }
            sqlx::query(
                "INSERT INTO content_version_documents (version_id, kind, key, body_sha256) VALUES ($1, $2, $3, $4)",
            )
            .bind($version)
            .bind(kind)
            .bind(key)
            .bind(&sha256)
            .execute(&mut **$tx)
            .await?;
        }
    };
}
pub(crate) use store_version_documents;

/// A version's documents, `(kind, key, body)`, ordered by kind and key.
pub const VERSION_DOCUMENTS: &str = "SELECT d.kind, d.key, b.body FROM content_version_documents d
     JOIN content_bodies b ON b.sha256 = d.body_sha256
     WHERE d.version_id = $1 ORDER BY d.kind, d.key";

/// A document as versions stored it before this module: one element of
/// `content_versions.documents`.
#[derive(serde::Deserialize)]
struct Whole {
    kind: String,
    key: String,
    body: serde_json::Value,
}

impl Db {
    /// Moves the documents of the versions that still hold the whole
    /// content into the shared tables, one version per transaction;
    /// returns how many it moved. After the first run it finds none.
    pub async fn move_content_versions(&self) -> sqlx::Result<usize> {
        let ids: Vec<i64> = on_db!(self, |pool| {
            sqlx::query_scalar("SELECT id FROM content_versions WHERE documents IS NOT NULL ORDER BY id")
                .fetch_all(pool)
                .await?
        });
        for &id in &ids {
            let mut tx = self.begin().await?;
            on_tx!(&mut tx, |tx| {
                let text: Option<String> =
                    sqlx::query_scalar("SELECT documents FROM content_versions WHERE id = $1")
                        .bind(id)
                        .fetch_one(&mut **tx)
                        .await?;
                // Another instance moved it meanwhile.
                let Some(text) = text else { continue };
                let documents: Vec<Whole> =
                    serde_json::from_str(&text).map_err(|e| sqlx::Error::Decode(e.into()))?;
                let rows = documents.into_iter().map(|document| {
                    let body = serde_json::to_string(&document.body).expect("JSON serialises");
                    (document.kind, document.key, body)
                });
                store_version_documents!(tx, id, rows);
                sqlx::query("UPDATE content_versions SET documents = NULL WHERE id = $1")
                    .bind(id)
                    .execute(&mut **tx)
                    .await?;
            });
            tx.commit().await?;
        }
        Ok(ids.len())
    }
}
