//! Attendance answers and final materials in the database.

use time::OffsetDateTime;
use uuid::Uuid;

use super::reminders::Deadline;
use super::{Attendance, Format, Material, MaterialKind, Mode, Response};
use crate::activity::NewEntry;
use crate::activity::record;
use crate::db::{Db, RowLock};
use crate::email::Email;
use crate::mail::{Letter, outbox};
use crate::{on_db, on_tx};

/// A checked answer.
pub struct Answer {
    pub response: Response,
    pub mode: Option<Mode>,
    pub format: Option<Format>,
    pub needs: String,
    /// The confirmed title; `None` when declining.
    pub title: Option<String>,
}

/// How many replaced files of each kind a submission keeps for admins,
/// besides the current one; older ones are deleted as a new one arrives.
pub const KEPT_REPLACED: usize = 3;

/// What saving an uploaded file of final materials did.
#[derive(Debug, PartialEq, Eq)]
pub enum MaterialSaved {
    /// Saved; the storage keys of the older files forgotten, to delete.
    Saved { forgotten: Vec<String> },
    /// The presenter no longer confirms.
    NotConfirmed,
    /// The edition's stored materials would pass its quota (`quota` bytes).
    OverQuota { quota: i64 },
}

/// A stored file of final materials, as admins see it (with history).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
pub struct StoredMaterial {
    pub id: Uuid,
    #[serde(flatten)]
    #[sqlx(flatten)]
    pub file: Material,
    /// When a newer upload of the same kind replaced it; null for the current one.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub replaced_at: Option<OffsetDateTime>,
    #[serde(skip)]
    #[schema(ignore)]
    pub storage_key: String,
    /// Opens the PDF (admins only).
    #[sqlx(skip)]
    pub file_url: String,
}

/// `size_bytes` is an INTEGER column (files are far below 2 GiB); it is read
/// as BIGINT on both databases.
///
/// A new file of final materials, written once it is stored.
pub struct NewMaterial<'a> {
    pub id: Uuid,
    pub submission_id: Uuid,
    pub kind: MaterialKind,
    pub original_name: &'a str,
    pub storage_key: &'a str,
    pub size_bytes: i64,
    pub sha256: &'a str,
}

type AttendanceRow = (Response, Option<Mode>, Option<Format>, String, OffsetDateTime, OffsetDateTime);

impl Db {
    /// The answer for submission `id`, if any.
    pub async fn attendance(&self, id: Uuid) -> sqlx::Result<Option<Attendance>> {
        let row: Option<AttendanceRow> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT response, mode, format, needs, answered_at, updated_at FROM attendance
                 WHERE submission_id = $1",
            )
            .bind(id)
            .fetch_optional(pool)
            .await?
        });
        Ok(row.map(|(response, mode, format, needs, answered_at, updated_at)| Attendance {
            response,
            mode,
            format,
            needs,
            answered_at,
            updated_at,
        }))
    }

    /// The current (not replaced) materials of submission `id`, slides first.
    pub async fn current_materials(&self, id: Uuid) -> sqlx::Result<Vec<Material>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT kind, original_name, CAST(size_bytes AS BIGINT) AS size_bytes, uploaded_at FROM final_materials
                 WHERE submission_id = $1 AND replaced_at IS NULL ORDER BY kind DESC",
            )
            .bind(id)
            .fetch_all(pool)
            .await
        })
    }

    /// Saves the author's answer for their accepted submission `id` (and,
    /// when confirming, its title), in one transaction; whether it was an
    /// accepted submission of theirs. The first answer's time stays.
    /// A presenter who confirms is registered for the edition, with a ticket
    /// by e-mail (`site_url`: the site's address for its link).
    pub async fn answer_attendance(
        &self,
        id: Uuid,
        author: Uuid,
        answer: &Answer,
        site_url: &str,
    ) -> sqlx::Result<bool> {
        let now = crate::clock::now();
        let mut tx = self.begin().await?;
        let saved = on_tx!(&mut tx, |conn| {
            let saved = sqlx::query(
                "INSERT INTO attendance (submission_id, response, mode, format, needs, answered_at, updated_at)
                 SELECT $1, $2, $3, $4, $5, $6, $6 WHERE EXISTS (
                     SELECT 1 FROM submissions WHERE id = $1 AND user_id = $7 AND status = 'accepted')
                 ON CONFLICT (submission_id) DO UPDATE SET response = excluded.response, mode = excluded.mode,
                     format = excluded.format, needs = excluded.needs, updated_at = excluded.updated_at",
            )
            .bind(id)
            .bind(answer.response.as_str())
            .bind(answer.mode.map(Mode::as_str))
            .bind(answer.format.map(Format::as_str))
            .bind(&answer.needs)
            .bind(now)
            .bind(author)
            .execute(&mut **conn)
            .await?
            .rows_affected()
                == 1;
            if saved && let Some(title) = &answer.title {
                sqlx::query("UPDATE submissions SET title = $1 WHERE id = $2")
                    .bind(title)
                    .bind(id)
                    .execute(&mut **conn)
                    .await?;
            }
            saved
        });
        // A confirmed presenter is registered for the edition, in the same
        // transaction: the answer and the place are kept together or not at all.
        if saved && let Some(mode) = answer.mode.filter(|_| answer.response == Response::Confirmed) {
            let year: i32 = on_tx!(&mut tx, |conn| {
                sqlx::query_scalar("SELECT edition_year FROM submissions WHERE id = $1")
                    .bind(id)
                    .fetch_one(&mut **conn)
                    .await?
            });
            crate::registration::store::register_presenter(
                &mut tx,
                year,
                author,
                mode,
                &answer.needs,
                now,
                site_url,
            )
            .await?;
        }
        tx.commit().await?;
        Ok(saved)
    }

    /// Writes `new` as the current file of its kind if its submission is
    /// confirmed, marking the one it replaces and forgetting the replaced
    /// files past the newest `KEPT_REPLACED`, unless the edition's stored
    /// materials would then pass its quota. Uploads racing take turns on the
    /// edition's row, so exactly one file of each kind stays current and
    /// together they cannot pass the quota. The forgotten files' keys come
    /// back for the caller to delete once this is committed (a file whose
    /// delete fails has no row, so the sweep removes it).
    pub async fn insert_material(&self, new: &NewMaterial<'_>) -> sqlx::Result<MaterialSaved> {
        let now = crate::clock::now();
        let lock = self.dialect().lock_rows(
            "SELECT year FROM editions WHERE year = (SELECT edition_year FROM submissions WHERE id = $1)",
            RowLock::NoKeyUpdate,
        );
        let mut tx = self.begin().await?;
        let saved = on_tx!(&mut tx, |conn| async move {
            if let Some(lock) = &lock {
                sqlx::query(lock).bind(new.submission_id).fetch_optional(&mut **conn).await?;
            }
            let confirmed: Option<i32> = sqlx::query_scalar(
                "SELECT 1 FROM attendance WHERE submission_id = $1 AND response = 'confirmed'",
            )
            .bind(new.submission_id)
            .fetch_optional(&mut **conn)
            .await?;
            if confirmed.is_none() {
                return Ok::<_, sqlx::Error>(MaterialSaved::NotConfirmed);
            }
            sqlx::query(
                "UPDATE final_materials SET replaced_at = $1
                 WHERE submission_id = $2 AND kind = $3 AND replaced_at IS NULL",
            )
            .bind(now)
            .bind(new.submission_id)
            .bind(new.kind.as_str())
            .execute(&mut **conn)
            .await?;
            sqlx::query(
                "INSERT INTO final_materials (id, submission_id, kind, original_name, storage_key, size_bytes,
                     sha256, uploaded_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(new.id)
            .bind(new.submission_id)
            .bind(new.kind.as_str())
            .bind(new.original_name)
            .bind(new.storage_key)
            .bind(new.size_bytes)
            .bind(new.sha256)
            .bind(now)
            .execute(&mut **conn)
            .await?;
            // At most KEPT_REPLACED + 1 rows: the bound held before this one.
            let replaced: Vec<String> = sqlx::query_scalar(
                "SELECT storage_key FROM final_materials
                 WHERE submission_id = $1 AND kind = $2 AND replaced_at IS NOT NULL
                 ORDER BY replaced_at DESC, uploaded_at DESC, id DESC",
            )
            .bind(new.submission_id)
            .bind(new.kind.as_str())
            .fetch_all(&mut **conn)
            .await?;
            let forgotten: Vec<String> = replaced.into_iter().skip(KEPT_REPLACED).collect();
            for key in &forgotten {
                sqlx::query("DELETE FROM final_materials WHERE storage_key = $1")
                    .bind(key)
                    .execute(&mut **conn)
                    .await?;
            }
            let (used, quota): (i64, i64) = sqlx::query_as(
                "SELECT CAST(COALESCE(SUM(f.size_bytes), 0) AS BIGINT), e.materials_quota_bytes
                 FROM editions e
                 LEFT JOIN submissions s ON s.edition_year = e.year
                 LEFT JOIN final_materials f ON f.submission_id = s.id
                 WHERE e.year = (SELECT edition_year FROM submissions WHERE id = $1)
                 GROUP BY e.materials_quota_bytes",
            )
            .bind(new.submission_id)
            .fetch_one(&mut **conn)
            .await?;
            if used > quota {
                return Ok(MaterialSaved::OverQuota { quota });
            }
            Ok(MaterialSaved::Saved { forgotten })
        }
        .await)?;
        // Only a saved file commits; dropping the transaction of a refusal
        // rolls it back, so everything stays as it was.
        if matches!(saved, MaterialSaved::Saved { .. }) {
            tx.commit().await?;
        }
        Ok(saved)
    }

    /// Every file of submission `id`'s final materials, newest first.
    pub async fn materials_history(&self, id: Uuid) -> sqlx::Result<Vec<StoredMaterial>> {
        let rows: Vec<StoredMaterial> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, kind, original_name, CAST(size_bytes AS BIGINT) AS size_bytes, uploaded_at, replaced_at, storage_key
                 FROM final_materials WHERE submission_id = $1 ORDER BY uploaded_at DESC, id DESC",
            )
            .bind(id)
            .fetch_all(pool)
            .await?
        });
        Ok(rows
            .into_iter()
            .map(|row| StoredMaterial { file_url: format!("/api/admin/materials/{}/file", row.id), ..row })
            .collect())
    }

    /// One file of final materials by its id.
    pub async fn material(&self, material_id: Uuid) -> sqlx::Result<Option<StoredMaterial>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, kind, original_name, CAST(size_bytes AS BIGINT) AS size_bytes, uploaded_at, replaced_at, storage_key
                 FROM final_materials WHERE id = $1",
            )
            .bind(material_id)
            .fetch_optional(pool)
            .await
        })
    }

    /// The current file of `kind` of submission `id`.
    pub async fn current_material(
        &self,
        id: Uuid,
        kind: MaterialKind,
    ) -> sqlx::Result<Option<StoredMaterial>> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT id, kind, original_name, CAST(size_bytes AS BIGINT) AS size_bytes, uploaded_at, replaced_at, storage_key
                 FROM final_materials WHERE submission_id = $1 AND kind = $2 AND replaced_at IS NULL",
            )
            .bind(id)
            .bind(kind.as_str())
            .fetch_optional(pool)
            .await
        })
    }
}

impl Db {
    /// Adds the answer and the current materials to a submission as its
    /// author sees it.
    pub async fn with_attendance(
        &self,
        submission: &mut crate::submissions::Submission,
        materials_by: Option<OffsetDateTime>,
    ) -> sqlx::Result<()> {
        if submission.status != crate::submissions::SubmissionStatus::Accepted {
            return Ok(());
        }
        submission.attendance = self.attendance(submission.id).await?;
        submission.materials = self.current_materials(submission.id).await?;
        let confirmed = submission.attendance.as_ref().is_some_and(|a| a.response == Response::Confirmed);
        submission.materials_open = confirmed && super::before(materials_by, crate::clock::now());
        Ok(())
    }
}

impl Db {
    /// The needs written by everyone who confirmed a presentation of
    /// edition `year`, by person: "S25-003: …; S25-007: …" (few rows, read
    /// once for the whole CSV export).
    pub async fn needs_by_presenter(
        &self,
        year: i32,
    ) -> sqlx::Result<std::collections::HashMap<Uuid, String>> {
        let rows: Vec<(Uuid, i32, i32, String)> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT s.user_id, s.edition_year, s.number, a.needs FROM submissions s
                 JOIN attendance a ON a.submission_id = s.id
                 WHERE s.status = 'accepted' AND s.edition_year = $1
                   AND a.response = 'confirmed' AND a.needs <> ''
                 ORDER BY s.user_id, s.number",
            )
            .bind(year)
            .fetch_all(pool)
            .await?
        });
        let mut needs: std::collections::HashMap<Uuid, Vec<String>> = std::collections::HashMap::new();
        for (user, year, number, text) in rows {
            let code = crate::submissions::SubmissionCode { edition_year: year, number }.to_string();
            needs.entry(user).or_default().push(format!("{code}: {text}"));
        }
        Ok(needs.into_iter().map(|(user, list)| (user, list.join("; "))).collect())
    }
}

/// A person reminded.
#[derive(sqlx::FromRow)]
struct Recipient {
    email: String,
    first_name: String,
}

impl Db {
    /// Marks every pending person of `year` reminded of `deadline` unless
    /// they were already, and queues `compose`'s letter to exactly those
    /// newly marked, in one transaction; returns how many.
    pub async fn queue_deadline_reminders(
        &self,
        year: i32,
        deadline: Deadline,
        now: OffsetDateTime,
        compose: &(dyn Fn(&str) -> Letter + Sync),
    ) -> sqlx::Result<usize> {
        // The people pending in edition `year`: `attendance_pending` (see
        // `pending`), kept per edition, so the reminder is for the edition
        // whose deadline it names even when a newer one exists. SQLite
        // needs the WHERE for an INSERT … SELECT … ON CONFLICT to parse.
        let insert = "INSERT INTO deadline_reminders (edition_year, deadline, user_id, sent_at)
             SELECT DISTINCT $1, $2, p.user_id, $3 FROM attendance_pending p
             WHERE p.edition_year = $1 AND p.pending = $4
             ON CONFLICT DO NOTHING RETURNING user_id";
        let mut tx = self.begin().await?;
        let recipients: Vec<Recipient> = on_tx!(&mut tx, |conn| {
            let ids: Vec<Uuid> = sqlx::query_scalar(insert)
                .bind(year)
                .bind(deadline.as_str())
                .bind(now)
                .bind(deadline.filter().as_str())
                .fetch_all(&mut **conn)
                .await?;
            let mut recipients = Vec::with_capacity(ids.len());
            for id in ids {
                recipients.push(
                    sqlx::query_as("SELECT email, first_name FROM users WHERE id = $1")
                        .bind(id)
                        .fetch_one(&mut **conn)
                        .await?,
                );
            }
            recipients
        });
        let mut queued = 0;
        for recipient in &recipients {
            match Email::parse(&recipient.email) {
                Ok(to) => {
                    outbox::enqueue(&mut tx, &to, &compose(&recipient.first_name)).await?;
                    queued += 1;
                }
                Err(error) => {
                    tracing::error!(error, "a presenter's stored address does not parse; no reminder")
                }
            }
        }
        tx.commit().await?;
        Ok(queued)
    }

    /// Queues the letters and records `entry`, in one transaction.
    pub async fn queue_letters_audited(
        &self,
        letters: &[(Email, Letter)],
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<()> {
        let mut tx = self.begin().await?;
        for (to, letter) in letters {
            outbox::enqueue(&mut tx, to, letter).await?;
        }
        on_tx!(&mut tx, |conn| record!(&mut **conn, entry).map(drop))?;
        tx.commit().await
    }
}
