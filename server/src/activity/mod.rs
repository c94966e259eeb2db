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

pub(crate) use self::store::{delete_recorded, record, record_about, record_entry, record_in};
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
        CheckInGranted = "check_in.granted",
        CheckInRevoked = "check_in.revoked",
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
        /// A person let in at an event's door, by a volunteer or an admin.
        CheckedIn = "registration.checked_in",
        /// A check-in taken back (a mistake at the door).
        CheckInUndone = "registration.check_in_undone",
        /// An event opened for registration (issue 26).
        EventCreated = "event.created",
        EventCapacityChanged = "event.capacity_changed",
        /// An event's name, start, place or registration window changed.
        EventDetailsChanged = "event.details_changed",
        /// A question of an event's registration added, changed, moved or
        /// retired.
        EventQuestionsChanged = "event.questions_changed",
        /// Whether an event's pages keep their external registration links.
        EventPageLinksChanged = "event.page_links_changed",
        /// Someone moved on an event's waiting list.
        RegistrationMoved = "registration.moved",
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

impl AuditAction {
    /// Whether an entry of this action is about one edition's things (its
    /// submissions, decisions, program, settings, reminders), which its
    /// summary names ("(SCULC 2025)"). Roles, the site's content, the
    /// templates, e-mail retries and conflicts belong to no edition.
    pub fn about_an_edition(self) -> bool {
        use AuditAction::*;
        matches!(
            self,
            SubmissionAccepted
                | SubmissionRejected
                | SubmissionUndecided
                | SubmissionDeleted
                | SubmissionWithdrawn
                | EditionUpdated
                | EditionCreated
                | EditionDeleted
                | ReviewAssigned
                | ReviewUnassigned
                | ReviewSubmitted
                | ReviewAbstained
                | ReviewSettingsChanged
                | DecisionThreshold
                | AttendanceReminded
                | ProgramPublished
                | ProgramChanged
        )
    }
}

/// One entry about to be written (by `record!`).
pub struct NewEntry<'a> {
    pub actor: &'a Actor,
    pub action: AuditAction,
    pub summary: String,
}

impl NewEntry<'_> {
    /// The edition the entry is about, as its summary names it: the first
    /// "SCULC 2025" outside quoted text (a title in ‘…’ or “…”, a search
    /// in “…”, which people typed); `None` for an action about no edition.
    /// `record!` stores it with the entry; `record_in!` (the year the
    /// writer knows) and `record_about!` (its submissions' edition) take
    /// precedence.
    pub fn edition_named(&self) -> Option<i32> {
        if !self.action.about_an_edition() {
            return None;
        }
        let mut unquoted = String::with_capacity(self.summary.len());
        let mut depth = 0usize;
        for c in self.summary.chars() {
            match c {
                '‘' | '“' => depth += 1,
                '’' | '”' => depth = depth.saturating_sub(1),
                c if depth == 0 => unquoted.push(c),
                _ => {}
            }
        }
        unquoted.match_indices("SCULC ").find_map(|(at, name)| {
            let digits = unquoted.get(at + name.len()..at + name.len() + 4)?;
            let after = unquoted[at + name.len() + 4..].chars().next();
            (digits.bytes().all(|b| b.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit()))
                .then(|| digits.parse().ok())
                .flatten()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_keep_their_dotted_names() {
        assert_eq!(AuditAction::ALL.len(), 40);
        assert_eq!(AuditAction::ReviewSettingsChanged.as_str(), "review.settings_changed");
        assert_eq!(serde_json::to_value(AuditAction::SubmissionAccepted).unwrap(), "submission.accepted");
        for action in AuditAction::ALL {
            assert_eq!(LoggedAction::from_stored(action.as_str().into()), LoggedAction::Known(action));
        }
    }

    fn named(action: AuditAction, summary: &str) -> Option<i32> {
        let actor = Actor::command_line();
        NewEntry { actor: &actor, action, summary: summary.into() }.edition_named()
    }

    #[test]
    fn an_entry_is_about_the_edition_its_summary_names_outside_quotes() {
        use AuditAction::*;
        assert_eq!(
            named(SubmissionAccepted, "Accepted ‘SCULC 2019, revisited’ by Ada Lovelace (SCULC 2025)"),
            Some(2025)
        );
        assert_eq!(named(EditionCreated, "Created SCULC 2026 from the settings of SCULC 2025"), Some(2026));
        assert_eq!(
            named(ProgramChanged, "Added the session “SCULC 2024 in review” to the SCULC 2025 program"),
            Some(2025)
        );
        assert_eq!(
            named(AttendanceReminded, "Sent a reminder to 2 people matching “SCULC 1999” (SCULC 2025)"),
            Some(2025)
        );
        assert_eq!(named(EditionUpdated, "Extended SCULC 2025's deadline to confirm attendance"), Some(2025));
        assert_eq!(named(ReviewAssigned, "Assigned Rita One to S25-001 ‘Able’"), None);
        assert_eq!(
            named(EmailRetried, "Retried the e-mail ‘SCULC 2025: please confirm’ to a@example.org"),
            None
        );
        assert_eq!(named(AdminGranted, "Made SCULC 2025 Team an admin"), None);
        assert_eq!(named(EditionUpdated, "Updated SCULC 20255"), None);
    }

    #[test]
    fn an_unknown_stored_action_is_kept_as_written() {
        let logged = LoggedAction::from_stored("badge.printed".into());
        assert_eq!(logged, LoggedAction::Unknown("badge.printed".into()));
        assert_eq!(serde_json::to_value(&logged).unwrap(), "badge.printed");
        assert!("Submission.Accepted".parse::<AuditAction>().is_err());
    }
}
