//! The program in the database: the draft (sessions and placements), and
//! the publication the public sees.

use std::collections::HashMap;

use time::OffsetDateTime;
use uuid::Uuid;

use super::{AdminProgram, ProgramItem, ProgramSession, SessionKind, SessionSlot, TalkTiming, schedule};
use crate::activity::{NewEntry, delete_recorded, record};
use crate::db::{Db, RowLock};
use crate::on_db;
use crate::presenting::Response;
use crate::submissions::SubmissionCode;
use crate::submissions::SubmissionStatus;

/// Why a session's list of presentations was not saved.
#[derive(Debug, PartialEq, Eq)]
pub enum PlacementRefused {
    NoSuchSession,
    /// Breaks and keynotes hold no presentations.
    FixedItem,
    /// Not a confirmed presentation of this edition (unknown, not accepted,
    /// not confirmed, or of another edition).
    NotConfirmed(Uuid),
    /// Confirmed as a poster for a talks session, or the reverse.
    WrongFormat(String),
    /// Already in another session of the same kind.
    PlacedElsewhere(String),
}

/// Why a session was not changed.
#[derive(Debug, PartialEq, Eq)]
pub enum SessionRefused {
    NoSuchSession,
    /// Its kind would change while it holds presentations.
    HoldsPresentations,
}

/// The stored publication of an edition.
pub struct Publication {
    pub snapshot: String,
    pub pdf_storage_key: String,
    pub published_at: OffsetDateTime,
}

impl Publication {
    /// What names this publication's PDF in its URL: its stored file's id
    /// (`program/2025/{id}.pdf`), new for every publication.
    pub fn version(&self) -> &str {
        let file = self.pdf_storage_key.rsplit('/').next().unwrap_or_default();
        file.strip_suffix(".pdf").unwrap_or(file)
    }
}

#[derive(sqlx::FromRow)]
struct SessionRow {
    id: Uuid,
    kind: SessionKind,
    title: String,
    starts_at: OffsetDateTime,
    ends_at: OffsetDateTime,
    room: String,
    talk_minutes: i32,
    question_minutes: i32,
}

#[derive(sqlx::FromRow)]
struct PresentationRow {
    id: Uuid,
    user_id: Uuid,
    number: i32,
    title: String,
    first_name: String,
    last_name: String,
    status: SubmissionStatus,
    response: Option<Response>,
    format: Option<String>,
    mode: Option<String>,
    needs: Option<String>,
}

/// Locks the edition (`$1`) against other changes to its program's shape:
/// adding sessions and publishing. `NoKeyUpdate` lets rows that refer to
/// the edition (submissions, sessions) still be inserted meanwhile.
const EDITION: &str = "SELECT year FROM editions WHERE year = $1";

/// The presentations the builder shows: the confirmed ones of the edition,
/// and any placed one whatever became of it.
const PRESENTATIONS: &str = "SELECT s.id, s.user_id, s.number, s.title, u.first_name, u.last_name, s.status,
            a.response, a.format, a.mode, a.needs
     FROM submissions s
     JOIN users u ON u.id = s.user_id
     LEFT JOIN attendance a ON a.submission_id = s.id
     WHERE s.edition_year = $1
       AND ((s.status = 'accepted' AND a.response = 'confirmed')
            OR EXISTS (SELECT 1 FROM program_placements p WHERE p.submission_id = s.id))
     ORDER BY s.number";

/// Why a placed presentation cannot be published: its submission's
/// `status` and the presenter's `response`; `None` when it can.
fn left_out_reason(status: SubmissionStatus, response: Option<Response>) -> Option<&'static str> {
    match (status, response) {
        (SubmissionStatus::Accepted, Some(Response::Confirmed)) => None,
        (SubmissionStatus::Withdrawn, _) => Some("The submission was withdrawn."),
        (SubmissionStatus::Accepted, Some(Response::Declined)) => Some("The presenter declined."),
        (SubmissionStatus::Accepted, None) => Some("The presenter has not confirmed."),
        (SubmissionStatus::Submitted | SubmissionStatus::Rejected, _) => {
            Some("The submission is no longer accepted.")
        }
    }
}

/// Locks edition `$year`'s sessions until the transaction ends (so that
/// changes to its program take turns), then reads session `$id`'s kind:
/// `None` when the edition has no such session.
macro_rules! session_kind_locked {
    ($dialect:expr, $conn:expr, $year:expr, $id:expr) => {{
        let year: i32 = $year;
        if let Some(lock) =
            $dialect.lock_rows("SELECT id FROM program_sessions WHERE edition_year = $1", RowLock::Update)
        {
            sqlx::query(&lock).bind(year).execute(&mut *$conn).await?;
        }
        let kind: Option<SessionKind> =
            sqlx::query_scalar("SELECT kind FROM program_sessions WHERE id = $1 AND edition_year = $2")
                .bind($id)
                .bind(year)
                .fetch_optional(&mut *$conn)
                .await?;
        kind
    }};
}

/// Binds a session's slot and timing, in the column order both the insert
/// and the update name them (kind, title, start, end, room, talk and
/// question minutes), after the parameters the query bound before.
macro_rules! bind_slot {
    ($query:expr, $session:expr, $timing:expr) => {
        $query
            .bind($session.kind.as_str())
            .bind(&$session.title)
            .bind($session.time.starts_at)
            .bind($session.time.ends_at)
            .bind(&$session.room)
            .bind(i32::from($timing.talk_minutes))
            .bind(i32::from($timing.question_minutes))
    };
}

impl Db {
    pub async fn edition_exists(&self, year: i32) -> sqlx::Result<bool> {
        on_db!(self, |pool| {
            sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM editions WHERE year = $1")
                .bind(year)
                .fetch_one(pool)
                .await
                .map(|n| n > 0)
        })
    }

    /// The draft program of `year` (its edition must exist).
    pub async fn program_draft(&self, year: i32) -> sqlx::Result<AdminProgram> {
        let (sessions, placements, presentations, coauthors, published) = on_db!(self, |pool| {
            // Every row of the edition a query names (its one parameter is the year).
            macro_rules! of_year {
                ($sql:expr) => {
                    sqlx::query_as($sql).bind(year).fetch_all(pool).await?
                };
            }
            let sessions: Vec<SessionRow> = of_year!(
                "SELECT id, kind, title, starts_at, ends_at, room, talk_minutes, question_minutes
                 FROM program_sessions
                 WHERE edition_year = $1 ORDER BY starts_at, ends_at, id"
            );
            let placements: Vec<(Uuid, Uuid)> = of_year!(
                "SELECT p.session_id, p.submission_id FROM program_placements p
                 JOIN program_sessions ps ON ps.id = p.session_id
                 WHERE ps.edition_year = $1 ORDER BY p.session_id, p.position"
            );
            let presentations: Vec<PresentationRow> = of_year!(PRESENTATIONS);
            let coauthors: Vec<(Uuid, String)> = of_year!(
                "SELECT c.submission_id, c.name FROM submission_coauthors c
                 JOIN submissions s ON s.id = c.submission_id
                 WHERE s.edition_year = $1 ORDER BY c.submission_id, c.position"
            );
            let published: Option<(String, OffsetDateTime)> = sqlx::query_as(
                "SELECT snapshot, published_at FROM program_publications WHERE edition_year = $1",
            )
            .bind(year)
            .fetch_optional(pool)
            .await?;
            (sessions, placements, presentations, coauthors, published)
        });
        let mut names: HashMap<Uuid, Vec<String>> = HashMap::new();
        for (submission, name) in coauthors {
            names.entry(submission).or_default().push(name);
        }
        let items: HashMap<Uuid, ProgramItem> = presentations
            .into_iter()
            .map(|row| {
                let mut authors = vec![format!("{} {}", row.first_name, row.last_name).trim().to_owned()];
                authors.extend(names.remove(&row.id).unwrap_or_default());
                let reason = left_out_reason(row.status, row.response);
                let item = ProgramItem {
                    submission_id: row.id,
                    code: SubmissionCode { edition_year: year, number: row.number }.to_string(),
                    title: row.title,
                    authors: authors.join(", "),
                    format: row.format,
                    mode: row.mode,
                    // Only a confirmed answer's needs are the presenter's now.
                    needs: if reason.is_none() { row.needs.unwrap_or_default() } else { String::new() },
                    declined: reason.is_some(),
                    left_out_reason: reason.map(str::to_owned),
                    // Set with the sessions' times (`schedule::time_items`).
                    starts_at: None,
                    ends_at: None,
                    presenter: row.user_id,
                };
                (row.id, item)
            })
            .collect();
        let mut placed_in: HashMap<Uuid, Vec<Uuid>> = HashMap::new();
        for (session, submission) in &placements {
            placed_in.entry(*session).or_default().push(*submission);
        }
        let confirmed = items.values().filter(|item| !item.declined).count();
        let mut sessions: Vec<ProgramSession> = sessions
            .into_iter()
            .map(|row| {
                let items = placed_in
                    .get(&row.id)
                    .map(|ids| ids.iter().filter_map(|id| items.get(id).cloned()).collect())
                    .unwrap_or_default();
                ProgramSession {
                    id: row.id,
                    slot: SessionSlot {
                        kind: row.kind,
                        title: row.title,
                        time: super::TimeSpan { starts_at: row.starts_at, ends_at: row.ends_at },
                        room: row.room,
                    },
                    // The columns' CHECKs keep both within u16.
                    talk_minutes: u16::try_from(row.talk_minutes).unwrap_or(schedule::DEFAULT_TALK_MINUTES),
                    question_minutes: u16::try_from(row.question_minutes)
                        .unwrap_or(schedule::DEFAULT_QUESTION_MINUTES),
                    items,
                }
            })
            .collect();
        schedule::time_items(&mut sessions);
        let mut unplaced: Vec<ProgramItem> = items
            .values()
            .filter(|item| !item.declined)
            .filter(|item| {
                let format = item.format.as_deref().unwrap_or_default();
                [SessionKind::Talks, SessionKind::Posters].into_iter().any(|kind| {
                    kind.fits(format)
                        && !sessions.iter().any(|s| {
                            s.slot.kind == kind
                                && s.items.iter().any(|i| i.submission_id == item.submission_id)
                        })
                })
            })
            .cloned()
            .collect();
        unplaced.sort_by(|a, b| a.code.cmp(&b.code));
        let changed_since_publish = match &published {
            None => true,
            Some((snapshot, _)) => super::published_sessions(snapshot)
                .map(|published| published != super::to_published(&sessions))
                .unwrap_or(true),
        };
        Ok(AdminProgram {
            edition_year: year,
            left_out: super::left_out(&sessions),
            confirmed: u32::try_from(confirmed).unwrap_or(u32::MAX),
            warnings: schedule::warnings(&sessions),
            sessions,
            unplaced,
            published_at: published.map(|(_, at)| at),
            changed_since_publish,
        })
    }

    /// Adds a session unless the edition already has `max` (`None`). The
    /// edition is locked first (`EDITION`), so concurrent additions count
    /// each other's sessions.
    pub async fn insert_session(
        &self,
        year: i32,
        session: &SessionSlot,
        timing: TalkTiming,
        max: usize,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Option<Uuid>> {
        let id = Uuid::now_v7();
        let dialect = self.dialect();
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            if let Some(lock) = dialect.lock_rows(EDITION, RowLock::NoKeyUpdate) {
                sqlx::query(&lock).bind(year).execute(&mut *tx).await?;
            }
            let count: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM program_sessions WHERE edition_year = $1")
                    .bind(year)
                    .fetch_one(&mut *tx)
                    .await?;
            if usize::try_from(count).unwrap_or(usize::MAX) >= max {
                return Ok(None);
            }
            let insert = sqlx::query(
                "INSERT INTO program_sessions
                     (id, edition_year, kind, title, starts_at, ends_at, room, talk_minutes, question_minutes)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(id)
            .bind(year);
            bind_slot!(insert, session, timing).execute(&mut *tx).await?;
            record!(&mut *tx, entry)?;
            tx.commit().await?;
        });
        Ok(Some(id))
    }

    pub async fn update_session(
        &self,
        year: i32,
        id: Uuid,
        session: &SessionSlot,
        timing: TalkTiming,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), SessionRefused>> {
        let dialect = self.dialect();
        Ok(on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            let kind = session_kind_locked!(dialect, &mut *tx, year, id);
            let Some(kind) = kind else { return Ok(Err(SessionRefused::NoSuchSession)) };
            let items: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM program_placements WHERE session_id = $1")
                    .bind(id)
                    .fetch_one(&mut *tx)
                    .await?;
            if kind != session.kind && items > 0 {
                return Ok(Err(SessionRefused::HoldsPresentations));
            }
            let update = sqlx::query(
                "UPDATE program_sessions SET kind = $2, title = $3, starts_at = $4, ends_at = $5, room = $6,
                     talk_minutes = $7, question_minutes = $8
                 WHERE id = $1",
            )
            .bind(id);
            bind_slot!(update, session, timing).execute(&mut *tx).await?;
            record!(&mut *tx, entry)?;
            tx.commit().await?;
            Ok(())
        }))
    }

    /// Removes a session and its placements; whether there was one.
    pub async fn delete_session(&self, year: i32, id: Uuid, entry: &NewEntry<'_>) -> sqlx::Result<bool> {
        Ok(delete_recorded!(
            self,
            sqlx::query("DELETE FROM program_sessions WHERE id = $1 AND edition_year = $2")
                .bind(id)
                .bind(year),
            entry
        ))
    }

    /// Replaces the ordered list of presentations in a session, checking
    /// each in the same transaction. The edition's sessions are locked
    /// first, so concurrent lists (on this session or another of its kind)
    /// take turns: each sees the other's result, and one list wins whole.
    pub async fn place_items(
        &self,
        year: i32,
        session: Uuid,
        submissions: &[Uuid],
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Result<(), PlacementRefused>> {
        let dialect = self.dialect();
        Ok(on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            let kind = session_kind_locked!(dialect, &mut *tx, year, session);
            let Some(kind) = kind else {
                return Ok(Err(PlacementRefused::NoSuchSession));
            };
            if !kind.holds_presentations() {
                return Ok(Err(PlacementRefused::FixedItem));
            }
            let already: Vec<Uuid> =
                sqlx::query_scalar("SELECT submission_id FROM program_placements WHERE session_id = $1")
                    .bind(session)
                    .fetch_all(&mut *tx)
                    .await?;
            for &submission in submissions {
                // A presentation already here may stay (an admin reordering
                // must not be blocked by one who declined since); a new one
                // must be confirmed now.
                if already.contains(&submission) {
                    continue;
                }
                let row: Option<(i32, String, Option<String>, Option<String>)> = sqlx::query_as(
                    "SELECT s.number, s.status, a.response, a.format FROM submissions s
                     LEFT JOIN attendance a ON a.submission_id = s.id
                     WHERE s.id = $1 AND s.edition_year = $2",
                )
                .bind(submission)
                .bind(year)
                .fetch_optional(&mut *tx)
                .await?;
                let Some((number, status, response, format)) = row else {
                    return Ok(Err(PlacementRefused::NotConfirmed(submission)));
                };
                let code = SubmissionCode { edition_year: year, number }.to_string();
                if status != "accepted" || response.as_deref() != Some("confirmed") {
                    return Ok(Err(PlacementRefused::NotConfirmed(submission)));
                }
                if !kind.fits(format.as_deref().unwrap_or_default()) {
                    return Ok(Err(PlacementRefused::WrongFormat(code)));
                }
                let elsewhere: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM program_placements p JOIN program_sessions ps ON ps.id = p.session_id
                     WHERE p.submission_id = $1 AND ps.kind = $2 AND ps.id <> $3",
                )
                .bind(submission)
                .bind(kind.as_str())
                .bind(session)
                .fetch_one(&mut *tx)
                .await?;
                if elsewhere > 0 {
                    return Ok(Err(PlacementRefused::PlacedElsewhere(code)));
                }
            }
            sqlx::query("DELETE FROM program_placements WHERE session_id = $1")
                .bind(session)
                .execute(&mut *tx)
                .await?;
            for (position, submission) in submissions.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO program_placements (session_id, submission_id, position) VALUES ($1, $2, $3)",
                )
                .bind(session)
                .bind(submission)
                .bind(position as i32)
                .execute(&mut *tx)
                .await?;
            }
            record!(&mut *tx, entry)?;
            tx.commit().await?;
            Ok(())
        }))
    }

    pub async fn program_publication(&self, year: i32) -> sqlx::Result<Option<Publication>> {
        let row: Option<(String, String, OffsetDateTime)> = on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT snapshot, pdf_storage_key, published_at FROM program_publications WHERE edition_year = $1",
            )
            .bind(year)
            .fetch_optional(pool)
            .await?
        });
        Ok(row.map(|(snapshot, pdf_storage_key, published_at)| Publication {
            snapshot,
            pdf_storage_key,
            published_at,
        }))
    }

    /// Stores a publication of `year` in place of the last one, with its
    /// audit entry, in one transaction; the PDF key it replaced, if any.
    pub async fn save_publication(
        &self,
        year: i32,
        publication: &Publication,
        by: Uuid,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Option<String>> {
        let dialect = self.dialect();
        Ok(on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            // The edition's row, not the publication's: before the first
            // publication there is no row to lock, and two first ones would
            // each replace nothing, leaving one PDF behind.
            if let Some(lock) = dialect.lock_rows(EDITION, RowLock::NoKeyUpdate) {
                sqlx::query(&lock).bind(year).execute(&mut *tx).await?;
            }
            let replaced: Option<String> = sqlx::query_scalar(
                "SELECT pdf_storage_key FROM program_publications WHERE edition_year = $1",
            )
            .bind(year)
            .fetch_optional(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO program_publications (edition_year, snapshot, pdf_storage_key, published_at, published_by)
                 VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (edition_year) DO UPDATE SET snapshot = excluded.snapshot,
                     pdf_storage_key = excluded.pdf_storage_key, published_at = excluded.published_at,
                     published_by = excluded.published_by",
            )
            .bind(year)
            .bind(&publication.snapshot)
            .bind(&publication.pdf_storage_key)
            .bind(publication.published_at)
            .bind(by)
            .execute(&mut *tx)
            .await?;
            record!(&mut *tx, entry)?;
            tx.commit().await?;
            replaced
        }))
    }

    /// The codes of `user`'s submissions in edition `year`.
    pub async fn submission_codes_of(&self, user: Uuid, year: i32) -> sqlx::Result<Vec<String>> {
        let numbers: Vec<i32> = on_db!(self, |pool| {
            sqlx::query_scalar("SELECT number FROM submissions WHERE user_id = $1 AND edition_year = $2")
                .bind(user)
                .bind(year)
                .fetch_all(pool)
                .await?
        });
        Ok(numbers
            .into_iter()
            .map(|number| SubmissionCode { edition_year: year, number }.to_string())
            .collect())
    }
}
