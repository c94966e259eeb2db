//! Content served as data: the conference editions' calls for abstracts, and
//! the public pages' content (site, board, NACLO, editions' pages), imported
//! from the files under `content/`.

pub mod api;
pub mod banner;
pub mod bundle;
pub mod calendar;
pub mod command_line;
pub mod csp;
pub mod current;
pub mod editing;
pub mod edition_dates;
pub mod editions;
pub mod folder;
pub mod limits;
pub mod model;
pub mod origin;
pub mod photos;
pub mod store;
pub mod versions;
pub mod weekdays;

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
        .routes(routes!(editing::get_overview))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(editing::get_document, editing::save_document))
                // A page up to MAX_DOCUMENT_BYTES, written out as JSON with its tag:
                // the site's usual JSON bound would refuse it before its own message.
                .layer(axum::extract::DefaultBodyLimit::max(editing::MAX_DRAFT_REQUEST_BYTES)),
        )
        .routes(routes!(editing::discard_draft))
        .routes(routes!(editing::start_term))
        .routes(routes!(editing::publish_content))
        .routes(routes!(editing::publish_document))
        .routes(routes!(editing::restore_document_version))
        .routes(routes!(editing::get_versions))
        .routes(routes!(editing::restore_content_version))
        .merge(photos::routes())
}

/// At first start (no content yet), stores the content built into the
/// binary as version 1. Later starts leave the content alone: editors
/// publish, and `colloquy content import` makes a new version. Either
/// way, versions described before the history was in words are described
/// again, and the stored embed origins are checked again (see `csp`).
pub async fn seed(db: &Db) -> anyhow::Result<()> {
    if db.seed_versions(&bundle::bundled().documents()).await? {
        tracing::info!("the content's first version is stored");
    }
    let reworded = db.reword_versions().await?;
    if reworded > 0 {
        tracing::info!(reworded, "the history's older versions are described in words");
    }
    csp::check_stored(db).await;
    Ok(())
}
