//! Withdrawing assignments that can no longer stand: a conflict added after
//! them, a submission's new details that name the reviewer or someone they
//! are in conflict with, the reviewer role revoked. One way for all three,
//! inside the transaction that causes it, so that no withdrawn assignment
//! keeps a place automatic assignment would fill, and each is in the
//! activity log.

use uuid::Uuid;

use super::load_edition;
use super::writes::lock_edition;
use crate::activity::record_about;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::db::{Db, RowLock, Tx};
use crate::hooks::DetailsChanged;
use crate::on_tx;
use crate::review::store::DEFAULT_CRITERIA;
use crate::review::types::AssignmentState;

/// Which assignments of the current edition to withdraw (never a submitted
/// review: it stays, with its scores).
#[derive(Debug, Clone, Copy)]
pub enum Withdrawal {
    /// The reviewer's assignments that cross their conflicts now (after an
    /// admin added one).
    CrossedBy(Uuid),
    /// The submission's assignments that cross a conflict now (after its
    /// details changed).
    CrossedOn(Uuid),
    /// All the reviewer's pending ones: the role was revoked.
    Revoked(Uuid),
}

/// Review's part when an author changes a submission's details: the
/// current edition's review lock first, then the assignments the new
/// details cross, withdrawn (the wiring puts it in `AppState::hooks`).
pub const DETAILS_CHANGED: DetailsChanged = DetailsChanged {
    before: |db, tx| Box::pin(db.lock_current_review_in(tx)),
    after: |db, tx, id, actor| {
        Box::pin(
            async move { db.withdraw_assignments_in(tx, Withdrawal::CrossedOn(id), actor).await.map(drop) },
        )
    },
};

impl Withdrawal {
    fn reason(self) -> &'static str {
        match self {
            Self::CrossedBy(_) => "a conflict added after it",
            Self::CrossedOn(_) => "the submission's new details cross a conflict",
            Self::Revoked(_) => "the reviewer role was revoked",
        }
    }
}

impl Db {
    /// Inside `tx`: takes the current edition's review lock, for a write
    /// that will withdraw assignments after locking rows review's writes
    /// also lock (a submission's): taking this lock first keeps the order
    /// every review write takes them in, so the two cannot deadlock.
    pub async fn lock_current_review_in(&self, tx: &mut Tx) -> sqlx::Result<()> {
        on_tx!(tx, |conn| {
            let year: Option<i32> =
                sqlx::query_scalar("SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL")
                    .fetch_one(&mut **conn)
                    .await?;
            if let Some(year) = year {
                lock_edition!(self, &mut **conn, year);
            }
        });
        Ok(())
    }

    /// Inside `tx`: takes the current edition's review lock (so no
    /// assignment saved meanwhile escapes), withdraws the unsubmitted
    /// assignments `which` names, with their drafts, each in the activity
    /// log as `actor`'s. Returns the codes withdrawn.
    pub async fn withdraw_assignments_in(
        &self,
        tx: &mut Tx,
        which: Withdrawal,
        actor: &Actor,
    ) -> sqlx::Result<Vec<String>> {
        on_tx!(tx, |conn| {
            let year: Option<i32> =
                sqlx::query_scalar("SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL")
                    .fetch_one(&mut **conn)
                    .await?;
            let Some(year) = year else { return Ok(Vec::new()) };
            lock_edition!(self, &mut **conn, year);
            let data = load_edition!(&mut **conn, year);
            let mut withdrawn = Vec::new();
            for assignment in &data.assignments {
                let (Some(submission), Some(reviewer)) =
                    (data.submission(assignment.submission_id), data.reviewer(assignment.reviewer_id))
                else {
                    continue;
                };
                let crossed = || data.conflicted(reviewer.id, &reviewer.email, submission);
                let pending = assignment.state() != AssignmentState::Submitted;
                let chosen = match which {
                    Withdrawal::CrossedBy(id) => reviewer.id == id && pending && crossed(),
                    // What the reviewer did not declare only: an author naming
                    // someone the reviewer declared must not empty their list
                    // either (admins see that crossing and decide).
                    Withdrawal::CrossedOn(id) => {
                        submission.id == id
                            && pending
                            && data.hidden_from(reviewer.id, &reviewer.email, submission)
                    }
                    Withdrawal::Revoked(id) => {
                        reviewer.id == id && pending && assignment.state() != AssignmentState::Abstained
                    }
                };
                if !chosen {
                    continue;
                }
                sqlx::query("DELETE FROM review_assignments WHERE submission_id = $1 AND reviewer_id = $2")
                    .bind(submission.id)
                    .bind(reviewer.id)
                    .execute(&mut **conn)
                    .await?;
                let code = data.code(submission);
                let summary =
                    format!("Withdrew the assignment of {code} from {}: {}", reviewer.name(), which.reason());
                let entry = NewEntry { actor, action: AuditAction::ReviewUnassigned, summary };
                record_about!(&mut **conn, &entry, [submission.id])?;
                withdrawn.push(code);
            }
            Ok(withdrawn)
        })
    }
}
