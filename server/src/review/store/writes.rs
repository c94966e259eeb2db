//! Review's writes. Each takes the edition's review lock (`lock_edition!`:
//! the settings row, created with the default form if missing), so writes
//! that decide on what others write (assignments, deadlines, threshold
//! decisions) take turns on PostgreSQL as they do on SQLite, and re-reads
//! inside its transaction what it decides on.

use time::OffsetDateTime;
use uuid::Uuid;

use super::{DEFAULT_CRITERIA, EditionData, load_edition};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::activity::{record, record_about, record_in};
use crate::db::{Db, RowLock};
use crate::email::Email;
use crate::mail::{Letter, outbox};
use crate::review::types::{
    AssignmentPair, AssignmentState, Recommendation, ReviewWords, Scores, Visibility,
};
use crate::submissions::SubmissionStatus;
use crate::submissions::store::StatusChange;
use crate::{clock, on_db, on_tx};

/// Creates edition `$year`'s settings row if it has none, locks it until
/// the transaction ends, and gives the edition the default form if it has
/// no criteria: a form always has 1 to 10, so none means it was never
/// written (a new edition's row may come with only its review deadline).
macro_rules! lock_edition {
    ($db:expr, $conn:expr, $year:expr) => {{
        let year: i32 = $year;
        sqlx::query("INSERT INTO review_settings (edition_year) VALUES ($1) ON CONFLICT DO NOTHING")
            .bind(year)
            .execute($conn)
            .await?;
        let lock = $db
            .dialect()
            .lock_rows("SELECT edition_year FROM review_settings WHERE edition_year = $1", RowLock::Update);
        if let Some(lock) = lock {
            sqlx::query(&lock).bind(year).fetch_optional($conn).await?;
        }
        let criteria: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM review_criteria WHERE edition_year = $1")
                .bind(year)
                .fetch_one($conn)
                .await?;
        if criteria == 0 {
            for (position, name) in DEFAULT_CRITERIA.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO review_criteria (id, edition_year, position, name, weight_hundredths)
                     VALUES ($1, $2, $3, $4, 100)",
                )
                .bind(Uuid::now_v7())
                .bind(year)
                .bind(position as i32)
                .bind(*name)
                .execute($conn)
                .await?;
            }
        }
    }};
}
pub(super) use lock_edition;

/// Edition settings as validated.
pub struct SettingsWrite {
    pub deadline: Option<OffsetDateTime>,
    pub reviewers_per_submission: i32,
    pub visibility: Visibility,
    /// Id (none for a new one), name, weight in hundredths, in order.
    pub criteria: Vec<(Option<Uuid>, String, i32)>,
}

#[derive(Debug, PartialEq, Eq)]
pub enum SettingsSave {
    Saved,
    /// The criteria would change, but a review has been saved.
    Locked,
    /// A criterion id that is not one of the edition's.
    UnknownCriterion,
}

/// A review as the reviewer saves it.
pub struct ReviewWrite {
    pub scores: Scores,
    pub recommendation: Option<Recommendation>,
    pub comment_for_author: String,
    pub comment_for_organisers: String,
    /// Submit (else save a draft).
    pub submit: bool,
    /// Every criterion scored and a recommendation given.
    pub complete: bool,
}

#[derive(Debug, PartialEq, Eq)]
pub enum ReviewWriteOutcome {
    Saved,
    /// After the deadline.
    Closed,
    /// No longer assigned (or abstained).
    Gone,
    /// Submitting an incomplete review.
    Incomplete,
    /// Abstaining from a submitted review.
    AlreadySubmitted,
}

#[derive(Debug, PartialEq, Eq)]
pub enum ConflictRemoval {
    Removed,
    NotFound,
    AdminsOnly,
}

#[derive(Debug, PartialEq, Eq)]
pub enum Unassignment {
    Removed,
    NotFound,
    Submitted,
}

/// Assignments to save, with what they cause.
pub struct AssignmentBatch {
    pub pairs: Vec<AssignmentPair>,
    /// Each with the submission it is about.
    pub entries: Vec<(AuditAction, String, Uuid)>,
    pub letters: Vec<(Email, Letter)>,
}

/// One status change: the submission, its new status, the audit
/// summary and the author's e-mail.
pub type Decision = (Uuid, SubmissionStatus, String, Option<(Email, Letter)>);

/// Status changes to make, with what they cause.
pub struct DecisionBatch {
    pub decisions: Vec<Decision>,
    pub summary: String,
}

/// The edition's review deadline and the reviewer's assignment state (null
/// when not assigned): what every write of a reviewer is decided on.
const STANDING: &str = "SELECT (SELECT deadline FROM review_settings WHERE edition_year = $1),
            (SELECT state FROM review_assignments WHERE submission_id = $2 AND reviewer_id = $3)";

/// Locks the edition, then reads the `STANDING` of a reviewer's assignment:
/// `(deadline, state)`.
macro_rules! standing {
    ($db:expr, $conn:ident, $year:expr, $submission_id:expr, $reviewer_id:expr) => {{
        lock_edition!($db, &mut **$conn, $year);
        let (deadline, state): (Option<OffsetDateTime>, Option<AssignmentState>) = sqlx::query_as(STANDING)
            .bind($year)
            .bind($submission_id)
            .bind($reviewer_id)
            .fetch_one(&mut **$conn)
            .await?;
        (deadline, state)
    }};
}

/// Ends a reviewer's write: kept when it was saved, rolled back otherwise.
async fn finish(tx: crate::db::Tx, outcome: ReviewWriteOutcome) -> sqlx::Result<ReviewWriteOutcome> {
    tx.commit_if(outcome == ReviewWriteOutcome::Saved, outcome).await
}

impl Db {
    /// Writes the edition's settings row and default form if it has none
    /// (see `lock_edition!`).
    pub async fn ensure_review_settings(&self, year: i32) -> sqlx::Result<()> {
        let written: bool = on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT EXISTS (SELECT 1 FROM review_settings WHERE edition_year = $1)
                    AND EXISTS (SELECT 1 FROM review_criteria WHERE edition_year = $1)",
            )
            .bind(year)
            .fetch_one(pool)
            .await?
        });
        if !written {
            let mut tx = self.begin().await?;
            on_tx!(&mut tx, |conn| lock_edition!(self, &mut **conn, year));
            tx.commit().await?;
        }
        Ok(())
    }

    pub async fn save_review_settings(
        &self,
        year: i32,
        write: &SettingsWrite,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<SettingsSave> {
        let mut tx = self.begin().await?;
        let outcome = on_tx!(&mut tx, |conn| {
            lock_edition!(self, &mut **conn, year);
            let current: Vec<super::CriterionRow> = sqlx::query_as(
                "SELECT id, name, weight_hundredths FROM review_criteria WHERE edition_year = $1 ORDER BY position, id",
            )
            .bind(year)
            .fetch_all(&mut **conn)
            .await?;
            let saved: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM review_assignments a JOIN submissions s ON s.id = a.submission_id
                 WHERE s.edition_year = $1 AND a.saved_at IS NOT NULL",
            )
            .bind(year)
            .fetch_one(&mut **conn)
            .await?;
            let unchanged = current.len() == write.criteria.len()
                && current.iter().zip(&write.criteria).all(|(row, (id, name, weight))| {
                    *id == Some(row.id) && *name == row.name && *weight == row.weight_hundredths
                });
            if write.criteria.iter().any(|(id, ..)| id.is_some_and(|id| !current.iter().any(|c| c.id == id)))
            {
                SettingsSave::UnknownCriterion
            } else if !unchanged && saved > 0 {
                SettingsSave::Locked
            } else {
                sqlx::query(
                    "UPDATE review_settings SET deadline = $1, reviewers_per_submission = $2, visibility = $3
                     WHERE edition_year = $4",
                )
                .bind(write.deadline)
                .bind(write.reviewers_per_submission)
                .bind(write.visibility.as_str())
                .bind(year)
                .execute(&mut **conn)
                .await?;
                if !unchanged {
                    for row in &current {
                        if !write.criteria.iter().any(|(id, ..)| *id == Some(row.id)) {
                            sqlx::query("DELETE FROM review_criteria WHERE id = $1")
                                .bind(row.id)
                                .execute(&mut **conn)
                                .await?;
                        }
                    }
                    for (position, (id, name, weight)) in write.criteria.iter().enumerate() {
                        match id {
                            Some(id) => {
                                sqlx::query(
                                    "UPDATE review_criteria SET name = $1, weight_hundredths = $2, position = $3
                                     WHERE id = $4",
                                )
                                .bind(name)
                                .bind(weight)
                                .bind(position as i32)
                                .bind(id)
                                .execute(&mut **conn)
                                .await?;
                            }
                            None => {
                                sqlx::query(
                                    "INSERT INTO review_criteria (id, edition_year, position, name, weight_hundredths)
                                     VALUES ($1, $2, $3, $4, $5)",
                                )
                                .bind(Uuid::now_v7())
                                .bind(year)
                                .bind(position as i32)
                                .bind(name)
                                .bind(weight)
                                .execute(&mut **conn)
                                .await?;
                            }
                        }
                    }
                }
                record_in!(&mut **conn, entry, year)?;
                SettingsSave::Saved
            }
        });
        tx.commit_if(outcome == SettingsSave::Saved, outcome).await
    }

    /// Saves (or submits) a reviewer's review, checking the deadline and
    /// the assignment inside the transaction.
    pub async fn write_review(
        &self,
        year: i32,
        submission_id: Uuid,
        reviewer_id: Uuid,
        write: &ReviewWrite,
        entry: Option<&NewEntry<'_>>,
    ) -> sqlx::Result<ReviewWriteOutcome> {
        let now = clock::now();
        let mut tx = self.begin().await?;
        let outcome = on_tx!(&mut tx, |conn| {
            let (deadline, state) = standing!(self, conn, year, submission_id, reviewer_id);
            let submitted = state == Some(AssignmentState::Submitted);
            if deadline.is_some_and(|deadline| now >= deadline) {
                ReviewWriteOutcome::Closed
            } else if state.is_none() || state == Some(AssignmentState::Abstained) {
                ReviewWriteOutcome::Gone
            } else if write.submit && !write.complete {
                ReviewWriteOutcome::Incomplete
            } else if submitted && !write.submit {
                // A submitted review changes only when submitted again:
                // until then the changes are a draft beside it.
                let edits = ReviewWords {
                    scores: write.scores.clone(),
                    recommendation: write.recommendation,
                    comment_for_author: write.comment_for_author.clone(),
                    comment_for_organisers: write.comment_for_organisers.clone(),
                };
                sqlx::query(
                    "UPDATE review_assignments SET edits = $1, edited_at = $2
                     WHERE submission_id = $3 AND reviewer_id = $4",
                )
                .bind(serde_json::to_string(&edits).expect("edits serialise"))
                .bind(now)
                .bind(submission_id)
                .bind(reviewer_id)
                .execute(&mut **conn)
                .await?;
                ReviewWriteOutcome::Saved
            } else {
                let new_state = if write.submit || submitted {
                    AssignmentState::Submitted
                } else {
                    AssignmentState::Draft
                };
                sqlx::query(
                    "UPDATE review_assignments SET state = $1, recommendation = $2, comment_for_author = $3,
                            comment_for_organisers = $4, saved_at = $5,
                            submitted_at = CASE WHEN $6 THEN $5 ELSE submitted_at END,
                            edits = NULL, edited_at = NULL
                     WHERE submission_id = $7 AND reviewer_id = $8",
                )
                .bind(new_state.as_str())
                .bind(write.recommendation.map(Recommendation::as_str))
                .bind(&write.comment_for_author)
                .bind(&write.comment_for_organisers)
                .bind(now)
                .bind(write.submit)
                .bind(submission_id)
                .bind(reviewer_id)
                .execute(&mut **conn)
                .await?;
                sqlx::query("DELETE FROM review_scores WHERE submission_id = $1 AND reviewer_id = $2")
                    .bind(submission_id)
                    .bind(reviewer_id)
                    .execute(&mut **conn)
                    .await?;
                for (criterion, score) in &write.scores {
                    sqlx::query(
                        "INSERT INTO review_scores (submission_id, reviewer_id, criterion_id, score)
                         VALUES ($1, $2, $3, $4)",
                    )
                    .bind(submission_id)
                    .bind(reviewer_id)
                    .bind(criterion)
                    .bind(score)
                    .execute(&mut **conn)
                    .await?;
                }
                if let Some(entry) = entry {
                    record_about!(&mut **conn, entry, [submission_id])?;
                }
                ReviewWriteOutcome::Saved
            }
        });
        finish(tx, outcome).await
    }

    /// The reviewer steps back from a submission (not once submitted).
    pub async fn abstain(
        &self,
        year: i32,
        submission_id: Uuid,
        reviewer_id: Uuid,
        reason: &str,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<ReviewWriteOutcome> {
        let now = clock::now();
        let mut tx = self.begin().await?;
        let outcome = on_tx!(&mut tx, |conn| {
            let (deadline, state) = standing!(self, conn, year, submission_id, reviewer_id);
            match state {
                _ if deadline.is_some_and(|deadline| now >= deadline) => ReviewWriteOutcome::Closed,
                None | Some(AssignmentState::Abstained) => ReviewWriteOutcome::Gone,
                Some(AssignmentState::Submitted) => ReviewWriteOutcome::AlreadySubmitted,
                Some(_) => {
                    sqlx::query(
                        "UPDATE review_assignments SET state = 'abstained', abstain_reason = $1
                         WHERE submission_id = $2 AND reviewer_id = $3",
                    )
                    .bind(reason)
                    .bind(submission_id)
                    .bind(reviewer_id)
                    .execute(&mut **conn)
                    .await?;
                    record_about!(&mut **conn, entry, [submission_id])?;
                    ReviewWriteOutcome::Saved
                }
            }
        });
        finish(tx, outcome).await
    }

    pub async fn remove_conflict(
        &self,
        reviewer_id: Uuid,
        conflict_id: Uuid,
        by_admin: bool,
        actor: &Actor,
    ) -> sqlx::Result<ConflictRemoval> {
        let mut tx = self.begin().await?;
        let outcome = on_tx!(&mut tx, |conn| {
            let row: Option<super::ConflictRow> = sqlx::query_as(
                "SELECT id, reviewer_id, name, name_key, email, added_by_admin FROM review_conflicts
                 WHERE id = $1 AND reviewer_id = $2",
            )
            .bind(conflict_id)
            .bind(reviewer_id)
            .fetch_optional(&mut **conn)
            .await?;
            match row {
                None => ConflictRemoval::NotFound,
                Some(row) if row.added_by_admin && !by_admin => ConflictRemoval::AdminsOnly,
                Some(row) => {
                    sqlx::query("DELETE FROM review_conflicts WHERE id = $1")
                        .bind(conflict_id)
                        .execute(&mut **conn)
                        .await?;
                    let with =
                        [row.name.clone(), row.email.clone()].into_iter().flatten().collect::<Vec<_>>();
                    let entry = NewEntry {
                        actor,
                        action: AuditAction::ReviewConflictRemoved,
                        summary: format!("Removed a conflict with {}", with.join(" ")),
                    };
                    record!(&mut **conn, &entry)?;
                    ConflictRemoval::Removed
                }
            }
        });
        tx.commit_if(outcome == ConflictRemoval::Removed, outcome).await
    }

    /// Opens a write on edition `year`: locks its review settings, reads
    /// the edition as it is inside the transaction, and lets `plan` decide
    /// from that (the batch to write, or its refusal).
    async fn plan_locked<T, E>(
        &self,
        year: i32,
        plan: impl FnOnce(&EditionData) -> Result<T, E>,
    ) -> sqlx::Result<(crate::db::Tx, Result<T, E>)> {
        let mut tx = self.begin().await?;
        let data = on_tx!(&mut tx, |conn| {
            lock_edition!(self, &mut **conn, year);
            load_edition!(&mut **conn, year)
        });
        let planned = plan(&data);
        Ok((tx, planned))
    }

    /// Saves the assignments `plan` makes from the edition as it is inside
    /// the transaction (or refuses with its error), with their audit
    /// entries and e-mails.
    pub async fn save_assignments<E>(
        &self,
        year: i32,
        actor: &Actor,
        plan: impl FnOnce(&EditionData) -> Result<AssignmentBatch, E>,
    ) -> sqlx::Result<Result<usize, E>> {
        let now = clock::now();
        let (mut tx, batch) = self.plan_locked(year, plan).await?;
        let batch = match batch {
            Ok(batch) => batch,
            Err(refused) => return Ok(Err(refused)),
        };
        on_tx!(&mut tx, |conn| {
            for pair in &batch.pairs {
                sqlx::query(
                    "INSERT INTO review_assignments (submission_id, reviewer_id, assigned_at) VALUES ($1, $2, $3)",
                )
                .bind(pair.submission_id)
                .bind(pair.reviewer_id)
                .bind(now)
                .execute(&mut **conn)
                .await?;
            }
            for (action, summary, submission) in &batch.entries {
                let entry = NewEntry { actor, action: *action, summary: summary.clone() };
                record_about!(&mut **conn, &entry, [*submission])?;
            }
        });
        for (to, letter) in &batch.letters {
            outbox::enqueue(&mut tx, to, letter).await?;
        }
        tx.commit().await?;
        Ok(Ok(batch.pairs.len()))
    }

    /// Removes an assignment unless its review is submitted.
    pub async fn unassign(
        &self,
        year: i32,
        submission_id: Uuid,
        reviewer_id: Uuid,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<Unassignment> {
        let mut tx = self.begin().await?;
        let outcome = on_tx!(&mut tx, |conn| {
            lock_edition!(self, &mut **conn, year);
            let state: Option<AssignmentState> = sqlx::query_scalar(
                "SELECT state FROM review_assignments WHERE submission_id = $1 AND reviewer_id = $2",
            )
            .bind(submission_id)
            .bind(reviewer_id)
            .fetch_optional(&mut **conn)
            .await?;
            match state {
                None => Unassignment::NotFound,
                Some(AssignmentState::Submitted) => Unassignment::Submitted,
                Some(_) => {
                    sqlx::query(
                        "DELETE FROM review_assignments WHERE submission_id = $1 AND reviewer_id = $2",
                    )
                    .bind(submission_id)
                    .bind(reviewer_id)
                    .execute(&mut **conn)
                    .await?;
                    record_about!(&mut **conn, entry, [submission_id])?;
                    Unassignment::Removed
                }
            }
        });
        tx.commit_if(outcome == Unassignment::Removed, outcome).await
    }

    /// Makes the decisions `plan` takes from the edition as it is inside the
    /// transaction (or refuses with its error), each through the status
    /// change admins' decisions use, with its e-mail; one entry for the batch.
    pub async fn decide_batch<E>(
        &self,
        year: i32,
        actor: &Actor,
        plan: impl FnOnce(&EditionData) -> Result<DecisionBatch, E>,
    ) -> sqlx::Result<Result<(i64, i64), E>> {
        let (mut tx, batch) = self.plan_locked(year, plan).await?;
        let batch = match batch {
            Ok(batch) => batch,
            Err(refused) => return Ok(Err(refused)),
        };
        let (mut accepted, mut rejected) = (0, 0);
        for (id, status, summary, email) in &batch.decisions {
            let action = match status {
                SubmissionStatus::Accepted => AuditAction::SubmissionAccepted,
                _ => AuditAction::SubmissionRejected,
            };
            let entry = NewEntry { actor, action, summary: summary.clone() };
            let email = email.as_ref().map(|(to, letter)| (to, letter));
            let change = StatusChange { id: *id, author: None, status: *status, entry: &entry, email };
            if Db::set_submission_status_in(&mut tx, change).await? {
                match status {
                    SubmissionStatus::Accepted => accepted += 1,
                    _ => rejected += 1,
                }
            }
        }
        on_tx!(&mut tx, |conn| {
            let entry =
                NewEntry { actor, action: AuditAction::DecisionThreshold, summary: batch.summary.clone() };
            record_in!(&mut **conn, &entry, year)?;
        });
        tx.commit().await?;
        Ok(Ok((accepted, rejected)))
    }
}
