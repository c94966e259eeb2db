//! The day's program, built from data (issue 15): admins arrange sessions
//! (talks, posters, breaks, keynotes) and place the confirmed presentations
//! in them; publishing freezes a snapshot that the edition page, the program
//! PDF (typeset here, at runtime) and the per-talk calendar files show.

pub mod admin;
pub mod ics;
pub mod pdf;
pub mod public;
pub mod schedule;
pub mod store;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use types::*;

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin::get_program))
        .routes(routes!(admin::create_session))
        .routes(routes!(admin::update_session, admin::delete_session))
        .routes(routes!(admin::place_items))
        .routes(routes!(admin::publish))
        .routes(routes!(public::my_slots))
        .routes(routes!(public::published_program))
        .routes(routes!(public::talk_calendar))
}
