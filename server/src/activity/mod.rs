//! The activity log: who did what, when. Entries are written in the same
//! transaction as the change they describe, so the log never claims a change
//! that did not happen (or misses one that did).
//!
//! It sits beneath every feature (submissions, review, program, attendance
//! and admin all write to it) and imports none of them but the session's
//! user; admin reads it (`admin::audit`).

pub mod store;

use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

pub(crate) use self::store::{delete_recorded, record, record_about};
use crate::accounts::session::SessionUser;
use crate::stored::stored_enum;
use crate::text::display_name;

stored_enum! {
    /// What an admin did.
    pub enum AuditAction("activity log action") {
        SubmissionAccepted = "submission.accepted",
        SubmissionRejected = "submission.rejected",
        SubmissionUndecided = "submission.undecided",
        SubmissionDeleted = "submission.deleted",
        /// By the author, not an admin: a decided abstract taken back.
        SubmissionWithdrawn = "submission.withdrawn",
        AdminGranted = "admin.granted",
        AdminRevoked = "admin.revoked",
        ReviewerGranted = "reviewer.granted",
        ReviewerRevoked = "reviewer.revoked",
        EditorGranted = "editor.granted",
        EditorRevoked = "editor.revoked",
        EditionUpdated = "edition.updated",
        EditionCreated = "edition.created",
        EditionDeleted = "edition.deleted",
        TemplateUpdated = "template.updated",
        EmailRetried = "email.retried",
        ReviewAssigned = "review.assigned",
        ReviewUnassigned = "review.unassigned",
        ReviewSubmitted = "review.submitted",
        ReviewAbstained = "review.abstained",
        ReviewSettingsChanged = "review.settings_changed",
        ReviewConflictAdded = "review.conflict_added",
        ReviewConflictRemoved = "review.conflict_removed",
        DecisionThreshold = "decision.threshold",
        /// An admin's one-click reminder to the people in a filter.
        AttendanceReminded = "attendance.reminded",
        ProgramPublished = "program.published",
        ProgramChanged = "program.changed",
        /// An editor's draft of the site's content made public.
        ContentPublished = "content.published",
        /// An earlier version of the site's content made public again.
        ContentRestored = "content.restored",
        /// Content files imported from the command line.
        ContentImported = "content.imported",
    }
}

/// An entry's action: one of `AuditAction`, or, for an entry a newer
/// version of the server wrote, the name it was stored with.
//
// The log is history, and a rolling upgrade or a rollback leaves a newer
// version's entries in a shared database: an entry is shown as it was
// written rather than dropped (a page would hold fewer entries than `total`
// counts) or failing the whole page. Every other stored value, which the
// code acts on, is read strictly (`crate::stored`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoggedAction {
    Known(AuditAction),
    /// The stored name, as it is.
    Unknown(String),
}

impl LoggedAction {
    pub fn from_stored(stored: String) -> Self {
        match stored.parse() {
            Ok(action) => Self::Known(action),
            Err(error) => {
                tracing::warn!(%error, "an activity log entry's action is unknown to this version; shown as stored");
                Self::Unknown(stored)
            }
        }
    }
}

/// Who acted: an admin on the site, or an operator at the command line.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: Option<Uuid>,
    pub email: String,
    pub name: String,
}

impl Actor {
    pub fn admin(user: &SessionUser) -> Self {
        Self {
            id: Some(user.id),
            email: user.email.clone(),
            name: display_name(&user.first_name, &user.last_name, &user.email),
        }
    }

    /// An author acting on their own submission.
    pub fn author(user: &SessionUser) -> Self {
        Self::admin(user)
    }

    pub fn command_line() -> Self {
        Self { id: None, email: String::new(), name: "command line".into() }
    }
}

/// One entry about to be written (by `record!`).
pub struct NewEntry<'a> {
    pub actor: &'a Actor,
    pub action: AuditAction,
    pub summary: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_keep_their_dotted_names() {
        assert_eq!(AuditAction::ALL.len(), 30);
        assert_eq!(AuditAction::ReviewSettingsChanged.as_str(), "review.settings_changed");
        assert_eq!(serde_json::to_value(AuditAction::SubmissionAccepted).unwrap(), "submission.accepted");
        for action in AuditAction::ALL {
            assert_eq!(LoggedAction::from_stored(action.as_str().into()), LoggedAction::Known(action));
        }
    }

    #[test]
    fn an_unknown_stored_action_is_kept_as_written() {
        let logged = LoggedAction::from_stored("badge.printed".into());
        assert_eq!(logged, LoggedAction::Unknown("badge.printed".into()));
        assert_eq!(serde_json::to_value(&logged).unwrap(), "badge.printed");
        assert!("Submission.Accepted".parse::<AuditAction>().is_err());
    }
}
