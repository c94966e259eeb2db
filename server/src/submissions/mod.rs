//! Abstract submissions: upload (streamed, checked), the applicant's list,
//! the private file, delete or (once decided) withdraw, and the sweep that
//! keeps storage and rows in step.

pub mod code;
pub mod details;
pub mod edit;
pub mod files;
pub mod letters;
pub mod status;
pub mod store;
pub mod sweep;
pub mod types;
pub mod upload;
pub mod withdraw;

use object_store::path::Path as ObjectPath;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;

/// The answer to an admin deciding on a submission they submitted or
/// co-author (`Db::is_author_of`): another admin decides.
pub const OWN_SUBMISSION: &str = "Another admin decides on your own submission.";

pub use code::SubmissionCode;
pub use details::{Coauthor, PreferredFormat};
pub use status::SubmissionStatus;
pub use types::{Deletion, NewSubmission, Submission, SubmissionList, SubmissionRow};

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(files::list_submissions, upload::upload_submission))
        .routes(routes!(files::delete_submission))
        .routes(routes!(withdraw::withdraw_submission))
        .routes(routes!(edit::update_details))
        .routes(routes!(files::submission_file))
        .layer(axum::extract::DefaultBodyLimit::max(crate::uploads::MAX_UPLOAD_REQUEST_BYTES))
}

/// Where a submission's file lives: derived from ids only, never from
/// anything the client sent.
pub fn storage_key(user_id: Uuid, submission_id: Uuid) -> ObjectPath {
    ObjectPath::from(format!("abstracts/{user_id}/{submission_id}.pdf"))
}
