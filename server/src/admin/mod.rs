//! What the society's admins run the conference with: the user table (and
//! its CSV export), decisions on submissions, the admin flag, edition
//! settings, the decision e-mails' templates and the activity log. Every
//! handler takes the `Admin` extractor: 401 for visitors, 403 for others.

pub mod audit;
pub mod command_line;
pub mod decisions;
pub mod edition_proposal;
pub mod editions;
pub mod export;
pub mod outbox;
pub mod reminders;
pub mod roles;
pub mod store;
pub mod templates;
pub mod types;
pub mod users;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use store::table;
pub use types::{AdminSubmission, MAX_PAGE, MAX_PER_PAGE, PageParams, SubmissionRow, offset};

use crate::AppState;
use crate::submissions::SubmissionStatus;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(users::list_users))
        .routes(routes!(export::export_users))
        .routes(routes!(users::user_submissions))
        .routes(routes!(roles::set_admin))
        .routes(routes!(roles::grant_role, roles::revoke_role))
        .routes(routes!(decisions::decide))
        .routes(routes!(decisions::delete_submission))
        .routes(routes!(editions::list_editions, editions::create_edition))
        .routes(routes!(editions::update_edition, editions::delete_edition))
        .routes(routes!(editions::update_edition_keywords))
        .routes(routes!(editions::get_edition_proposal))
        .routes(routes!(editions::announce_edition))
        .routes(routes!(templates::list_templates))
        .routes(routes!(templates::update_template))
        .routes(routes!(audit::list_audit))
        .routes(routes!(outbox::outbox_report))
        .routes(routes!(outbox::retry_email))
        .routes(routes!(reminders::send_reminders))
}
