//! The one-click reminder: an e-mail now to every person in one of the
//! table's attendance filters (and its search), recorded in the activity
//! log.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;

use super::users::{TableParams, chosen_edition, table_query};
use crate::AppState;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::attendance::pending::AttendanceFilter;
use crate::attendance::reminders::letter;
use crate::email::Email;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::mail::Letter;
use crate::rate_limit::Limit;

/// A reminder e-mails a whole group: a few an hour is plenty, and a stuck
/// button or a script cannot flood presenters' inboxes.
pub const REMINDERS: Limit = Limit { scope: "admin-reminders", max: 5, window: Duration::hours(1) };

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReminderRequest {
    /// Who is reminded: the people in this filter of the table.
    pub filter: AttendanceFilter,
    /// The table's search (at most 200 characters); empty or absent: all.
    #[schema(max_length = 200)]
    pub q: Option<String>,
    /// The edition whose presenters are reminded, by year (absent: the
    /// current edition); the letter names its deadlines.
    pub edition: Option<i32>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RemindersSent {
    /// How many people were e-mailed (one e-mail each).
    pub sent: i64,
}

/// E-mails one reminder to each person in the filter right now, naming the
/// confirm-by and final-materials deadlines.
#[utoipa::path(
    post,
    path = "/api/admin/reminders",
    tag = "admin",
    request_body = ReminderRequest,
    responses(
        (status = 200, description = "The reminders are queued", body = RemindersSent),
        (status = 400, description = "A search that is too long", body = ErrorBody),
        (status = 404, description = "No such edition, or none at all", body = ErrorBody),
        (status = 429, description = "Too many reminders this hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn send_reminders(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Json(request): Json<ReminderRequest>,
) -> ApiResult<Json<RemindersSent>> {
    let filter = request.filter;
    let edition = chosen_edition(&state, request.edition).await?;
    let params = TableParams {
        q: request.q,
        sort: None,
        dir: None,
        filter: Some(filter),
        edition: Some(edition.year),
    };
    let query = table_query(&state, params).await?;
    state
        .db
        .take(
            &REMINDERS,
            &admin.id.to_string(),
            "You have sent reminders 5 times in the last hour; please wait before sending more.",
        )
        .await?;
    let site_url = state.config.public_url().as_str().to_owned();
    let people = state.db.admin_table_all(&query).await?;
    let letters: Vec<(Email, Letter)> = people
        .iter()
        .filter_map(|person| match Email::parse(&person.email) {
            Ok(to) => Some((to, letter(&edition, filter, &person.first_name, &site_url))),
            Err(error) => {
                tracing::error!(error, "a presenter's stored address does not parse; no reminder");
                None
            }
        })
        .collect();
    let sent = letters.len() as i64;
    if sent == 0 {
        return Ok(Json(RemindersSent { sent }));
    }
    let who = match filter {
        AttendanceFilter::NotConfirmed => "accepted but not confirmed",
        AttendanceFilter::WithoutMaterials => "confirmed without final materials",
    };
    let people = if sent == 1 { "1 person".to_owned() } else { format!("{sent} people") };
    let search = query.search.trim();
    let matching = if search.is_empty() { String::new() } else { format!(" matching “{search}”") };
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::AttendanceReminded,
        summary: format!("Sent a reminder to {people} {who}{matching} (SCULC {})", edition.year),
    };
    state.db.queue_letters_audited(&letters, &entry).await?;
    state.mailer.wake();
    Ok(Json(RemindersSent { sent }))
}
