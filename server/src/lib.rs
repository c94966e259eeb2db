//! colloquy: the website and conference portal of an undergraduate
//! linguistics society. `main.rs` only parses the command line; everything
//! else, including the app the tests run, is built here.

pub mod accounts;
pub mod admin;
pub mod clock;
pub mod config;
pub mod content;
pub mod csrf;
pub mod db;
pub mod error;
pub mod health;
pub mod mail;
pub mod openapi;
pub mod rate_limit;
pub mod storage;
pub mod submissions;
pub mod web;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, Request, header};
use axum::response::IntoResponse;
use axum::routing::any;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::db::Db;
use crate::error::ApiError;
use crate::mail::Mailer;
use crate::storage::Storage;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub mailer: Mailer,
    pub storage: Storage,
    /// Runs the PDF inspector, a bounded number at once.
    pub inspector: submissions::pdf::Inspector,
}

/// Opens the database, brings its schema up to date, sets up e-mail and
/// file storage.
pub async fn prepare(config: Config) -> anyhow::Result<AppState> {
    let mailer = Mailer::from_config(&config)?;
    let storage = Storage::from_config(&config)?;
    let db = Db::connect(&config).await?;
    db.migrate().await?;
    content::seed(&db).await?;
    let inspector = submissions::pdf::Inspector::new(config.pdf_inspector.clone());
    Ok(AppState { db, config: Arc::new(config), mailer, storage, inspector })
}

/// The whole site: the JSON API under `/api`, the web app everywhere else.
pub fn router(state: AppState) -> Router {
    router_with(state, Router::new())
}

/// The site with extra API routes merged in, under the same layers (tests use
/// this to reach error paths no real endpoint has yet).
pub fn router_with(state: AppState, extra: Router<AppState>) -> Router {
    let web = web::router(&state.config.web_dir);
    let (api, _) = openapi::api_router().split_for_parts();
    let api = api
        .merge(extra)
        .route("/api", any(error::api_not_found))
        .route("/api/{*rest}", any(error::api_not_found))
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(state.clone(), csrf::guard))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(state.clone());
    api.fallback_service(web)
        .layer(axum::middleware::from_fn_with_state(state, content::csp::header))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            HeaderName::from_static("x-frame-options"),
            HeaderValue::from_static("SAMEORIGIN"),
        ))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(|_panic| {
            ApiError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
        }))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &Request<_>| {
                tracing::info_span!("request", method = %request.method(), path = %request.uri().path())
            }),
        )
}

/// Serves `router` on `listener` until `shutdown` completes, then lets
/// requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    // The peer address feeds the per-client rate limits.
    axum::serve(listener, router.into_make_service_with_connect_info::<SocketAddr>())
        .with_graceful_shutdown(shutdown)
        .await
}

/// How long a graceful shutdown waits for requests in flight.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(20);
