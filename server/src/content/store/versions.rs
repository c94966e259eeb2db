//! Drafts and versions of the content (issue 24): editors save drafts, and
//! a publication, a restore or an import makes a new version live in one
//! transaction with its activity log entry. Every such write first locks
//! the one `content_head` row, so they take turns on either database and
//! no save lands between a publication's read and its write. A version
//! stores only the document bodies no earlier version had
//! (`db::content_history`).

use serde_json::Value;
use time::OffsetDateTime;

use super::rows;
use crate::activity::{Actor, AuditAction, NewEntry, record};
use crate::content::bundle::{self, Invalid, StoredDocument};
use crate::content::limits::{self, MAX_DOCUMENTS};
use crate::content::versions::{DocumentId, changes, tag};
use crate::db::content_history::{VERSION_DOCUMENTS, store_version_documents};
use crate::db::{Db, RowLock};
use crate::{clock, on_db, on_tx};

/// Where public content is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// What visitors see.
    Live,
    /// The live content with the editors' drafts over it (preview).
    Draft,
    /// An earlier version (preview before a restore).
    Version(i64),
}

/// A document as an editor left it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DraftRow {
    pub kind: String,
    pub key: String,
    /// `None`: the draft removes the document.
    pub body: Option<String>,
    pub revision: i64,
    pub updated_at: OffsetDateTime,
    pub updated_by_name: String,
}

/// One version in the history.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    pub id: i64,
    pub published_at: OffsetDateTime,
    pub actor_name: String,
    pub action: String,
    pub restored_from: Option<i64>,
    /// JSON array of lines.
    pub changes: String,
}

/// What saving a draft did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// Saved (or back to the live text); the document's new tag.
    Saved(String),
    /// Someone saved since the editor read the document: its tag now.
    Conflict(String),
    /// The save adds a document past `MAX_DOCUMENTS`: how many there would be.
    TooMany(usize),
}

/// How many documents the live content with the drafts over it has.
const DRAFTED_DOCUMENTS: &str = "SELECT
    (SELECT COUNT(*) FROM content_documents c WHERE c.kind <> 'policy' AND NOT EXISTS
        (SELECT 1 FROM content_drafts d WHERE d.kind = c.kind AND d.key = c.key AND d.body IS NULL))
  + (SELECT COUNT(*) FROM content_drafts d WHERE d.body IS NOT NULL AND NOT EXISTS
        (SELECT 1 FROM content_documents c WHERE c.kind = d.kind AND c.key = d.key))";

/// How new content goes live.
pub enum GoLive<'a> {
    /// The editors' drafts over the live content.
    Publish,
    /// One document's draft over the live content; the other drafts stay.
    PublishOne(&'a DocumentId),
    /// An earlier version, as it was.
    Restore(i64),
    /// One document as an earlier version had it; the rest as it is.
    RestoreOne(&'a DocumentId, i64),
    /// Content files from the command line.
    Import(&'a [StoredDocument]),
}

/// Why nothing went live.
#[derive(Debug)]
pub enum NotLive {
    /// Publish with no draft.
    NothingToPublish,
    /// Restore of a version that does not exist.
    NoSuchVersion,
    /// The content would not pass the import's checks.
    Invalid(Invalid),
    Database(sqlx::Error),
}

impl From<sqlx::Error> for NotLive {
    fn from(error: sqlx::Error) -> Self {
        Self::Database(error)
    }
}

/// A version that went live.
#[derive(Debug, Clone)]
pub struct Live {
    pub version: i64,
    pub changes: Vec<String>,
}

const HEAD: &str = "SELECT version FROM content_head WHERE id = 1";

/// Writes a checked bundle's rows as the live content, in the transaction
/// `$tx` (either database's, inside `on_tx!`).
macro_rules! store_live {
    ($tx:expr, $bundle:expr, $now:expr) => {
        for row in rows($bundle) {
            sqlx::query(
                "INSERT INTO content_documents (kind, key, body, source_sha256, imported_at)
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(row.kind)
            .bind(&row.key)
            .bind(&row.body)
            .bind(&row.source_sha256)
            .bind($now)
            .execute(&mut **$tx)
            .await?;
        }
    };
}

fn parse_documents(rows: Vec<(String, String, String)>) -> sqlx::Result<Vec<StoredDocument>> {
    rows.into_iter()
        .map(|(kind, key, body)| {
            let body = serde_json::from_str(&body).map_err(|e| sqlx::Error::Decode(e.into()))?;
            Ok(StoredDocument { kind, key, body })
        })
        .collect()
}

/// Each document as `(kind, key, body's JSON text)`, as a version stores it.
fn texts(documents: &[StoredDocument]) -> impl Iterator<Item = (&str, &str, String)> {
    documents.iter().map(|document| {
        let body = serde_json::to_string(&document.body).expect("JSON serialises");
        (document.kind.as_str(), document.key.as_str(), body)
    })
}

/// `live` with `drafts` over it: a draft replaces its document, adds a new
/// one, or (no body) removes it.
fn overlay(live: Vec<StoredDocument>, drafts: &[DraftRow]) -> sqlx::Result<Vec<StoredDocument>> {
    let mut documents: Vec<StoredDocument> = live
        .into_iter()
        .filter(|document| !drafts.iter().any(|d| d.kind == document.kind && d.key == document.key))
        .collect();
    for draft in drafts {
        if let Some(body) = &draft.body {
            let body = serde_json::from_str(body).map_err(|e| sqlx::Error::Decode(e.into()))?;
            documents.push(StoredDocument { kind: draft.kind.clone(), key: draft.key.clone(), body });
        }
    }
    documents.sort_by(|a, b| (&a.kind, &a.key).cmp(&(&b.kind, &b.key)));
    Ok(documents)
}

impl Db {
    /// The live version's number (0 before any).
    pub async fn content_version(&self) -> sqlx::Result<i64> {
        on_db!(self, |pool| sqlx::query_scalar(HEAD).fetch_optional(pool).await).map(|v| v.unwrap_or(0))
    }

    /// The live documents.
    pub async fn live_documents(&self) -> sqlx::Result<Vec<StoredDocument>> {
        let rows = on_db!(self, |pool| sqlx::query_as(
            "SELECT kind, key, body FROM content_documents WHERE kind <> 'policy' ORDER BY kind, key"
        )
        .fetch_all(pool)
        .await)?;
        parse_documents(rows)
    }

    /// Every draft.
    pub async fn content_drafts(&self) -> sqlx::Result<Vec<DraftRow>> {
        on_db!(self, |pool| {
            sqlx::query_as(
            "SELECT kind, key, body, revision, updated_at, updated_by_name FROM content_drafts ORDER BY kind, key"
        )
        .fetch_all(pool)
        .await
        })
    }

    /// The documents as `source` has them.
    pub async fn documents_from(&self, source: Source) -> sqlx::Result<Option<Vec<StoredDocument>>> {
        match source {
            Source::Live => Ok(Some(self.live_documents().await?)),
            Source::Draft => Ok(Some(overlay(self.live_documents().await?, &self.content_drafts().await?)?)),
            Source::Version(id) => self.version_documents(id).await,
        }
    }

    /// One document as `source` has it.
    pub async fn document_from(&self, source: Source, kind: &str, key: &str) -> sqlx::Result<Option<Value>> {
        if source == Source::Live {
            let body: Option<String> = on_db!(self, |pool| {
                sqlx::query_scalar("SELECT body FROM content_documents WHERE kind = $1 AND key = $2")
                    .bind(kind)
                    .bind(key)
                    .fetch_optional(pool)
                    .await?
            });
            return body
                .map(|b| serde_json::from_str(&b).map_err(|e| sqlx::Error::Decode(e.into())))
                .transpose();
        }
        let documents = self.documents_from(source).await?.unwrap_or_default();
        Ok(documents.into_iter().find(|d| d.kind == kind && d.key == key).map(|d| d.body))
    }

    /// Every document of a kind as `source` has it, newest key first.
    pub async fn documents_of_kind(&self, source: Source, kind: &str) -> sqlx::Result<Vec<(String, Value)>> {
        let documents = self.documents_from(source).await?.unwrap_or_default();
        let mut found: Vec<(String, Value)> =
            documents.into_iter().filter(|d| d.kind == kind).map(|d| (d.key, d.body)).collect();
        found.sort_by(|a, b| b.0.cmp(&a.0));
        Ok(found)
    }

    /// The history, newest first.
    pub async fn content_versions(&self, limit: i64) -> sqlx::Result<Vec<VersionRow>> {
        on_db!(self, |pool| sqlx::query_as(
            "SELECT id, published_at, actor_name, action, restored_from, changes
             FROM content_versions ORDER BY id DESC LIMIT $1"
        )
        .bind(limit)
        .fetch_all(pool)
        .await)
    }

    /// The versions in which document `kind`/`key` changed (added,
    /// changed or removed from the version before), newest first.
    pub async fn document_versions(&self, kind: &str, key: &str) -> sqlx::Result<Vec<i64>> {
        let ids: Vec<i64> =
            on_db!(self, |pool| sqlx::query_scalar("SELECT id FROM content_versions ORDER BY id")
                .fetch_all(pool)
                .await)?;
        let held: Vec<(i64, String)> = on_db!(self, |pool| sqlx::query_as(
            "SELECT version_id, body_sha256 FROM content_version_documents WHERE kind = $1 AND key = $2"
        )
        .bind(kind)
        .bind(key)
        .fetch_all(pool)
        .await)?;
        let held: std::collections::BTreeMap<i64, String> = held.into_iter().collect();
        let body_in = |id: i64| held.get(&id);
        let mut before = None;
        let mut changed = Vec::new();
        for id in ids {
            let now = body_in(id);
            if now != before {
                changed.push(id);
            }
            before = now;
        }
        changed.reverse();
        Ok(changed)
    }

    /// Whether version `id` exists, without reading its documents.
    pub async fn version_exists(&self, id: i64) -> sqlx::Result<bool> {
        on_db!(self, |pool| sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM content_versions WHERE id = $1)"
        )
        .bind(id)
        .fetch_one(pool)
        .await)
    }

    /// A version's documents.
    pub async fn version_documents(&self, id: i64) -> sqlx::Result<Option<Vec<StoredDocument>>> {
        if !self.version_exists(id).await? {
            return Ok(None);
        }
        let rows: Vec<(String, String, String)> =
            on_db!(self, |pool| sqlx::query_as(VERSION_DOCUMENTS).bind(id).fetch_all(pool).await)?;
        parse_documents(rows).map(Some)
    }

    /// Saves `body` (`None`: remove the document) as the draft of `id`, if
    /// the document is still as the editor read it (`base`, its tag).
    pub async fn save_draft(
        &self,
        id: &DocumentId,
        base: &str,
        body: Option<&Value>,
        actor: &Actor,
    ) -> sqlx::Result<Saved> {
        let lock = self.dialect().lock_rows(HEAD, RowLock::Update);
        let now = clock::now();
        let new_body = body.map(|b| serde_json::to_string(b).expect("JSON serialises"));
        let mut tx = self.begin().await?;
        let saved = on_tx!(&mut tx, |tx| {
            if let Some(lock) = &lock {
                sqlx::query(lock).fetch_optional(&mut **tx).await?;
            }
            let live: Option<String> =
                sqlx::query_scalar("SELECT body FROM content_documents WHERE kind = $1 AND key = $2")
                    .bind(id.kind)
                    .bind(&id.key)
                    .fetch_optional(&mut **tx)
                    .await?;
            let draft: Option<(Option<String>, i64)> =
                sqlx::query_as("SELECT body, revision FROM content_drafts WHERE kind = $1 AND key = $2")
                    .bind(id.kind)
                    .bind(&id.key)
                    .fetch_optional(&mut **tx)
                    .await?;
            let parse =
                |text: &Option<String>| text.as_deref().and_then(|t| serde_json::from_str::<Value>(t).ok());
            let current = match &draft {
                Some((body, _)) => parse(body),
                None => parse(&live),
            };
            // Counted under the lock, so saves at once cannot pass it.
            let count: i64 = match (&current, body) {
                (None, Some(_)) => sqlx::query_scalar(DRAFTED_DOCUMENTS).fetch_one(&mut **tx).await?,
                _ => 0,
            };
            let count = usize::try_from(count).unwrap_or(usize::MAX);
            if tag(current.as_ref()) != base {
                Saved::Conflict(tag(current.as_ref()))
            } else if count >= MAX_DOCUMENTS {
                Saved::TooMany(count + 1)
            } else {
                if parse(&live).as_ref() == body {
                    // Back to the live text: no draft.
                    sqlx::query("DELETE FROM content_drafts WHERE kind = $1 AND key = $2")
                        .bind(id.kind)
                        .bind(&id.key)
                        .execute(&mut **tx)
                        .await?;
                } else {
                    sqlx::query(
                        "INSERT INTO content_drafts (kind, key, body, revision, updated_at, updated_by, updated_by_name)
                         VALUES ($1, $2, $3, 1, $4, $5, $6)
                         ON CONFLICT (kind, key) DO UPDATE SET body = excluded.body,
                             revision = content_drafts.revision + 1, updated_at = excluded.updated_at,
                             updated_by = excluded.updated_by, updated_by_name = excluded.updated_by_name",
                    )
                    .bind(id.kind)
                    .bind(&id.key)
                    .bind(&new_body)
                    .bind(now)
                    .bind(actor.id)
                    .bind(&actor.name)
                    .execute(&mut **tx)
                    .await?;
                }
                Saved::Saved(tag(body))
            }
        });
        tx.commit().await?;
        Ok(saved)
    }

    /// Drops a document's draft.
    pub async fn discard_draft(&self, id: &DocumentId) -> sqlx::Result<()> {
        on_db!(self, |pool| {
            sqlx::query("DELETE FROM content_drafts WHERE kind = $1 AND key = $2")
                .bind(id.kind)
                .bind(&id.key)
                .execute(pool)
                .await?;
        });
        Ok(())
    }

    /// Makes new content live as the next version, if it passes every
    /// check (`image_exists` tells which images the site serves).
    pub async fn go_live(
        &self,
        how: GoLive<'_>,
        image_exists: &(dyn Fn(&str) -> bool + Sync),
        actor: &Actor,
    ) -> Result<Live, NotLive> {
        let lock = self.dialect().lock_rows(HEAD, RowLock::Update);
        let now = clock::now();
        let mut tx = self.begin().await?;
        let live = on_tx!(&mut tx, |tx| {
            let head: Option<i64> = match &lock {
                Some(lock) => sqlx::query_scalar(lock).fetch_optional(&mut **tx).await?,
                None => sqlx::query_scalar(HEAD).fetch_optional(&mut **tx).await?,
            };
            let head = head.unwrap_or(0);
            let found: Vec<(String, String, String)> = sqlx::query_as(
                "SELECT kind, key, body FROM content_documents WHERE kind <> 'policy' ORDER BY kind, key",
            )
            .fetch_all(&mut **tx)
            .await?;
            let old = parse_documents(found)?;
            let mut drafts = Vec::new();
            let (action, restored_from, new) = match how {
                GoLive::Publish => {
                    drafts = sqlx::query_as::<_, DraftRow>(
                        "SELECT kind, key, body, revision, updated_at, updated_by_name FROM content_drafts",
                    )
                    .fetch_all(&mut **tx)
                    .await?;
                    if drafts.is_empty() {
                        return Err(NotLive::NothingToPublish);
                    }
                    (AuditAction::ContentPublished, None, overlay(old.clone(), &drafts)?)
                }
                GoLive::PublishOne(id) => {
                    drafts = sqlx::query_as::<_, DraftRow>(
                        "SELECT kind, key, body, revision, updated_at, updated_by_name FROM content_drafts
                         WHERE kind = $1 AND key = $2",
                    )
                    .bind(id.kind)
                    .bind(&id.key)
                    .fetch_all(&mut **tx)
                    .await?;
                    if drafts.is_empty() {
                        return Err(NotLive::NothingToPublish);
                    }
                    (AuditAction::ContentPublished, None, overlay(old.clone(), &drafts)?)
                }
                GoLive::RestoreOne(id, version) => {
                    let found: Vec<(String, String, String)> =
                        sqlx::query_as(VERSION_DOCUMENTS).bind(version).fetch_all(&mut **tx).await?;
                    if found.is_empty() {
                        return Err(NotLive::NoSuchVersion);
                    }
                    let then = parse_documents(found)?
                        .into_iter()
                        .find(|d| d.kind == id.kind && d.key == id.key)
                        .ok_or(NotLive::NoSuchVersion)?;
                    let mut new: Vec<StoredDocument> =
                        old.iter().filter(|d| !(d.kind == id.kind && d.key == id.key)).cloned().collect();
                    new.push(then);
                    new.sort_by(|a, b| (&a.kind, &a.key).cmp(&(&b.kind, &b.key)));
                    (AuditAction::ContentRestored, Some(version), new)
                }
                GoLive::Restore(id) => {
                    let found: Vec<(String, String, String)> =
                        sqlx::query_as(VERSION_DOCUMENTS).bind(id).fetch_all(&mut **tx).await?;
                    if found.is_empty() {
                        return Err(NotLive::NoSuchVersion);
                    }
                    (AuditAction::ContentRestored, Some(id), parse_documents(found)?)
                }
                GoLive::Import(documents) => (AuditAction::ContentImported, None, documents.to_vec()),
            };
            limits::check(&new).map_err(NotLive::Invalid)?;
            let checked = bundle::from_documents(&new).map_err(NotLive::Invalid)?;
            checked.missing_images(image_exists).map_err(NotLive::Invalid)?;
            let changed = changes(&old, &new);
            let version = head + 1;
            let stored_action = match action {
                AuditAction::ContentPublished => "publish",
                AuditAction::ContentRestored => "restore",
                _ => "import",
            };
            sqlx::query(
                "INSERT INTO content_versions (id, published_at, actor_id, actor_name, action, restored_from, changes)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(version)
            .bind(now)
            .bind(actor.id)
            .bind(&actor.name)
            .bind(stored_action)
            .bind(restored_from)
            .bind(serde_json::to_string(&changed).expect("JSON serialises"))
            .execute(&mut **tx)
            .await?;
            store_version_documents!(tx, version, texts(&checked.documents()));
            sqlx::query("DELETE FROM content_documents").execute(&mut **tx).await?;
            store_live!(tx, &checked, now);
            // Only the drafts this publication read: one saved meanwhile
            // (on PostgreSQL it waited for the lock) stays a draft.
            for draft in &drafts {
                sqlx::query("DELETE FROM content_drafts WHERE kind = $1 AND key = $2 AND revision = $3")
                    .bind(&draft.kind)
                    .bind(&draft.key)
                    .bind(draft.revision)
                    .execute(&mut **tx)
                    .await?;
            }
            sqlx::query(
                "INSERT INTO content_head (id, version) VALUES (1, $1)
                 ON CONFLICT (id) DO UPDATE SET version = excluded.version",
            )
            .bind(version)
            .execute(&mut **tx)
            .await?;
            let summary = match (action, restored_from) {
                (AuditAction::ContentRestored, Some(from)) => {
                    format!("Restored version {from} of the site's content as version {version}")
                }
                (AuditAction::ContentImported, _) => format!("Imported content files as version {version}"),
                _ => format!("Published version {version} of the site's content"),
            };
            let summary =
                if changed.is_empty() { summary } else { format!("{summary}: {}", changed.join("; ")) };
            record!(&mut **tx, &NewEntry { actor, action, summary })?;
            Live { version, changes: changed }
        });
        tx.commit().await?;
        Ok(live)
    }

    /// Describes again, in words, each version queued in
    /// `content_versions_to_reword` (those described by field path before
    /// the history was in words), from its documents and the version
    /// before; one version per transaction, so two instances starting
    /// together each reword a version once. Returns how many it reworded.
    pub async fn reword_versions(&self) -> sqlx::Result<usize> {
        let queued: Vec<i64> = on_db!(self, |pool| sqlx::query_scalar(
            "SELECT version_id FROM content_versions_to_reword ORDER BY version_id"
        )
        .fetch_all(pool)
        .await)?;
        let mut reworded = 0;
        for id in queued {
            let mut tx = self.begin().await?;
            let done = on_tx!(&mut tx, |tx| {
                let taken = sqlx::query("DELETE FROM content_versions_to_reword WHERE version_id = $1")
                    .bind(id)
                    .execute(&mut **tx)
                    .await?
                    .rows_affected();
                // Another instance took it meanwhile.
                if taken == 0 {
                    false
                } else {
                    let before: Vec<(String, String, String)> =
                        sqlx::query_as(VERSION_DOCUMENTS).bind(id - 1).fetch_all(&mut **tx).await?;
                    let after: Vec<(String, String, String)> =
                        sqlx::query_as(VERSION_DOCUMENTS).bind(id).fetch_all(&mut **tx).await?;
                    let changed = changes(&parse_documents(before)?, &parse_documents(after)?);
                    sqlx::query("UPDATE content_versions SET changes = $1 WHERE id = $2")
                        .bind(serde_json::to_string(&changed).expect("JSON serialises"))
                        .bind(id)
                        .execute(&mut **tx)
                        .await?;
                    true
                }
            });
            tx.commit().await?;
            reworded += usize::from(done);
        }
        Ok(reworded)
    }

    /// At first start, the bundled content as version 1; on a database
    /// from before versions, the live content as version 1. Live content
    /// that is gone (the table emptied by hand) comes back from the live
    /// version. Whether it stored anything. Two instances starting
    /// together store it once.
    pub async fn seed_versions(&self, bundled: &[StoredDocument]) -> sqlx::Result<bool> {
        let now = clock::now();
        let mut tx = self.begin().await?;
        let seeded = on_tx!(&mut tx, |tx| {
            let claimed = sqlx::query(
                "INSERT INTO content_head (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING",
            )
            .execute(&mut **tx)
            .await?
            .rows_affected()
                == 1;
            let found: Vec<(String, String, String)> = sqlx::query_as(
                "SELECT kind, key, body FROM content_documents WHERE kind <> 'policy' ORDER BY kind, key",
            )
            .fetch_all(&mut **tx)
            .await?;
            let mut documents = parse_documents(found)?;
            let refill = documents.is_empty();
            if refill {
                let head: Option<i64> = sqlx::query_scalar(HEAD).fetch_optional(&mut **tx).await?;
                let live: Vec<(String, String, String)> =
                    sqlx::query_as(VERSION_DOCUMENTS).bind(head).fetch_all(&mut **tx).await?;
                documents = if live.is_empty() { bundled.to_vec() } else { parse_documents(live)? };
                let checked =
                    bundle::from_documents(&documents).map_err(|e| sqlx::Error::Protocol(e.to_string()))?;
                store_live!(tx, &checked, now);
            }
            if claimed {
                let note = if refill { "As installed" } else { "As it was before the history began" };
                sqlx::query(
                    "INSERT INTO content_versions (id, published_at, actor_id, actor_name, action, restored_from, changes)
                     VALUES (1, $1, NULL, $2, 'baseline', NULL, '[]')",
                )
                .bind(now)
                .bind(note)
                .execute(&mut **tx)
                .await?;
                store_version_documents!(tx, 1_i64, texts(&documents));
            }
            claimed || refill
        });
        tx.commit().await?;
        Ok(seeded)
    }
}
