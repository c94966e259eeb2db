//! Content served as data: the conference editions (and, later, the board
//! and the pages).

pub mod editions;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(editions::get_current_edition))
}
