//! Adding a conflict, within its bounds: at most `MAX_CONFLICTS` per
//! reviewer, and a reviewer's own declarations at most
//! `MAX_DECLARATIONS_PER_EDITION` per edition and `MAX_DECLARATIONS_PER_HOUR`
//! (removing one does not give its declaration back). Counted under a lock
//! on the reviewer's account row (SQLite's write lock), so parallel
//! requests cannot pass a bound.

use time::Duration;
use uuid::Uuid;

use super::withdraw::Withdrawal;
use crate::activity::NewEntry;
use crate::activity::record;
use crate::db::{Db, RowLock};
use crate::email::Email;
use crate::review::matching::{
    MAX_CONFLICTS, MAX_DECLARATIONS_PER_EDITION, MAX_DECLARATIONS_PER_HOUR, ParsedConflict,
};
use crate::{clock, on_tx};

/// Who adds a conflict.
#[derive(Debug, Clone, Copy)]
pub enum AddedBy {
    /// An admin: the assignments it crosses are withdrawn at once.
    Admin,
    /// The reviewer, in edition `year`: it changes nothing they can see.
    Reviewer { year: i32 },
}

#[derive(Debug, PartialEq, Eq)]
pub enum ConflictAdd {
    /// The conflict, and the codes withdrawn (an admin's only).
    Added(Uuid, Vec<String>),
    /// The reviewer has `MAX_CONFLICTS` already.
    TooMany,
    /// The reviewer declared `MAX_DECLARATIONS_PER_EDITION` this edition.
    EditionSpent,
    /// The reviewer declared `MAX_DECLARATIONS_PER_HOUR` within the hour.
    TooFast,
}

impl Db {
    /// Adds a conflict for `reviewer_id` within its bounds, with its
    /// activity-log entry. An admin's withdraws the unsubmitted assignments
    /// it crosses in the same transaction; a reviewer's declaration is only
    /// recorded (admins see the assignments it crosses and decide).
    pub async fn add_conflict(
        &self,
        reviewer_id: Uuid,
        conflict: &ParsedConflict,
        by: AddedBy,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<ConflictAdd> {
        let id = Uuid::now_v7();
        let now = clock::now();
        let lock = self.dialect().lock_rows("SELECT id FROM users WHERE id = $1", RowLock::NoKeyUpdate);
        let mut tx = self.begin().await?;
        let refused = on_tx!(&mut tx, |conn| {
            if let Some(lock) = &lock {
                sqlx::query(lock).bind(reviewer_id).fetch_optional(&mut **conn).await?;
            }
            let (held, this_edition, this_hour): (i64, i64, i64) = sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM review_conflicts WHERE reviewer_id = $1),
                        (SELECT COUNT(*) FROM review_conflict_declarations
                         WHERE reviewer_id = $1 AND edition_year = $2),
                        (SELECT COUNT(*) FROM review_conflict_declarations
                         WHERE reviewer_id = $1 AND declared_at > $3)",
            )
            .bind(reviewer_id)
            .bind(match by {
                AddedBy::Reviewer { year } => year,
                AddedBy::Admin => 0,
            })
            .bind(now - Duration::HOUR)
            .fetch_one(&mut **conn)
            .await?;
            let declared = matches!(by, AddedBy::Reviewer { .. });
            if held >= MAX_CONFLICTS {
                Some(ConflictAdd::TooMany)
            } else if declared && this_edition >= MAX_DECLARATIONS_PER_EDITION {
                Some(ConflictAdd::EditionSpent)
            } else if declared && this_hour >= MAX_DECLARATIONS_PER_HOUR {
                Some(ConflictAdd::TooFast)
            } else {
                sqlx::query(
                    "INSERT INTO review_conflicts (id, reviewer_id, name, name_key, email, added_by_admin, created_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(reviewer_id)
                .bind(&conflict.name)
                .bind(&conflict.name_key)
                .bind(conflict.email.as_ref().map(Email::as_str))
                .bind(!declared)
                .bind(now)
                .execute(&mut **conn)
                .await?;
                if let AddedBy::Reviewer { year } = by {
                    sqlx::query(
                        "INSERT INTO review_conflict_declarations (id, reviewer_id, edition_year, declared_at)
                         VALUES ($1, $2, $3, $4)",
                    )
                    .bind(id)
                    .bind(reviewer_id)
                    .bind(year)
                    .bind(now)
                    .execute(&mut **conn)
                    .await?;
                }
                record!(&mut **conn, entry)?;
                None
            }
        });
        if let Some(refused) = refused {
            return Ok(refused);
        }
        let withdrawn = match by {
            AddedBy::Admin => {
                self.withdraw_assignments_in(&mut tx, Withdrawal::CrossedBy(reviewer_id), entry.actor).await?
            }
            AddedBy::Reviewer { .. } => Vec::new(),
        };
        tx.commit().await?;
        Ok(ConflictAdd::Added(id, withdrawn))
    }
}
