//! Content served as data: the conference editions' calls for abstracts, and
//! the public pages' content (site, board, NACLO, editions' pages), imported
//! from the files under `content/`.

pub mod api;
pub mod bundle;
pub mod calendar;
pub mod command_line;
pub mod csp;
pub mod current;
pub mod editions;
pub mod model;
pub mod store;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::db::Db;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(api::get_current_edition))
        .routes(routes!(api::get_site))
        .routes(routes!(api::get_board))
        .routes(routes!(api::get_naclo))
        .routes(routes!(api::get_edition))
        .routes(routes!(api::get_calendar))
}

/// At first start (no content yet), stores the content built into the
/// binary. Later starts leave the content alone: `colloquy content import`
/// replaces it.
pub async fn seed(db: &Db) -> anyhow::Result<()> {
    let bundle = bundle::bundled();
    if db.seed_content(&bundle).await? {
        tracing::info!("stored the bundled content (first start)");
    }
    Ok(())
}
