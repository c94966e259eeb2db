//! The activity log as admins read it. The log itself (its actions, who
//! acted, the writer) is `crate::activity`, beneath every feature.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use super::{PageParams, offset};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::LoggedAction;
use crate::error::{ApiResult, ErrorBody, Json, Query};

/// One line of the activity log.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: Uuid,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub at: OffsetDateTime,
    /// Empty for the command line.
    pub actor_email: String,
    /// The admin's name, or "command line".
    pub actor_name: String,
    /// What was done, e.g. `submission.accepted`: one of the actions this
    /// version knows (`AuditAction`), or, for an entry another version
    /// wrote, the name it was stored with. A plain string in the schema: a
    /// `oneOf` of the known names and any string matches both for a known
    /// name, which `oneOf` forbids.
    #[schema(value_type = String, example = "submission.accepted")]
    pub action: LoggedAction,
    /// What happened, for people: "Accepted ‘phonology.pdf’ by Ada Lovelace (SCULC 2025)".
    pub summary: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuditPage {
    pub entries: Vec<AuditEntry>,
    pub total: i64,
    pub page: i64,
    pub per_page: i64,
    /// Entries left out because they say who reviews one of the reading
    /// admin's own submissions (another admin decides on those).
    pub about_own_submissions: i64,
}

/// Which entries of the activity log, as the query string gives it.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    /// Only the entries about this edition's things (its submissions,
    /// decisions, reviews, program, settings, reminders); absent: every
    /// entry, including those about no edition (roles, the site's content,
    /// templates).
    pub edition: Option<i32>,
}

/// The activity log, newest first.
///
/// Every stored entry is listed, an action this version does not know as it was stored, so a page has as
/// many entries as `total` says it should.
#[utoipa::path(
    get,
    path = "/api/admin/audit",
    tag = "admin",
    params(PageParams, AuditParams),
    responses(
        (status = 200, description = "A page of the activity log", body = AuditPage),
        (status = 400, description = "Bad paging", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn list_audit(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Query(paged): Query<PageParams>,
    Query(which): Query<AuditParams>,
) -> ApiResult<Json<AuditPage>> {
    let (page, per_page) = paged.checked()?;
    let (rows, total, about_own_submissions) =
        state.db.audit_page(admin.id, &admin.email, which.edition, per_page, offset(page, per_page)).await?;
    let entries = rows
        .into_iter()
        .map(|row| AuditEntry {
            action: LoggedAction::from_stored(row.action),
            id: row.id,
            at: row.at,
            actor_email: row.actor_email,
            actor_name: row.actor_name,
            summary: row.summary,
        })
        .collect();
    Ok(Json(AuditPage { entries, total, page, per_page, about_own_submissions }))
}
