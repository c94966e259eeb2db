//! colloquy: the website and conference portal of an undergraduate
//! linguistics society. `main.rs` only parses the command line; everything
//! else, including the app the tests run, is built here.

#![forbid(unsafe_code)]

pub mod accounts;
pub mod activity;
pub mod admin;
pub mod attendance;
pub mod backup;
pub mod certificates;
pub mod check;
pub mod client_ip;
pub mod clock;
pub mod config;
pub mod connections;
pub mod content;
pub mod csrf;
pub mod db;
pub mod email;
pub mod error;
pub mod health;
pub mod home;
pub mod hooks;
pub mod images;
pub mod letters;
pub mod logging;
pub mod mail;
pub mod metrics;
pub mod openapi;
mod openapi_errors;
pub mod presenting;
pub mod program;
pub mod rate_limit;
pub mod registration;
pub mod request_body;
pub mod review;
pub mod serve;
pub mod spreadsheet;
pub mod storage;
pub mod stored;
pub mod submissions;
pub mod text;
pub mod typeset;
pub mod unread_body;
pub mod uploads;
pub mod web;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, Request, header};
use axum::response::IntoResponse;
use axum::routing::any;
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnFailure, TraceLayer};

use crate::client_ip::ClientIp;
use crate::config::Config;
pub use crate::connections::Limits;
use crate::db::Db;
use crate::error::ApiError;
use crate::mail::Mailer;
use crate::request_body::BodyTimeouts;
use crate::storage::Storage;

/// The largest JSON body any endpoint reads (an e-mail template of 10,000
/// characters is the largest there is); uploads have their own limit.
pub const MAX_JSON_BYTES: usize = 256 << 10;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<Config>,
    pub mailer: Mailer,
    pub storage: Storage,
    /// The time as this app sees it (tests move it on).
    pub clock: clock::Clock,
    /// What the OpenID provider published, fetched at most once an hour.
    pub oidc_provider: accounts::google::ProviderCache,
    /// Runs the PDF inspector, a bounded number at once.
    pub inspector: uploads::pdf::Inspector,
    /// Hashes and checks passwords on a bounded pool of threads.
    pub passwords: accounts::password::Passwords,
    /// What `COLLOQUY_METRICS_LISTEN` serves.
    pub metrics: metrics::Metrics,
    /// The published program's PDF, as last read.
    pub program_pdf: Arc<program::public::ProgramPdfCache>,
    /// Work a request answered for before doing it (an e-mail's link, the
    /// look-up that decides whether to send it): `serve` waits for it
    /// before stopping, so a 202 is not lost to a restart.
    pub background: tokio_util::task::TaskTracker,
    /// The later features' parts of workflows that an earlier one starts.
    pub hooks: hooks::Hooks,
}

/// Whether a starting server migrates the schema itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Migrations {
    /// One machine: every start brings the schema up to date.
    Run,
    /// Several instances (`serve --no-migrate`): the operator runs
    /// `colloquy migrate` once, and a server refuses any other schema.
    Require,
}

/// Opens the database, brings its schema up to date, sets up e-mail and
/// file storage.
pub async fn prepare(config: Config) -> anyhow::Result<AppState> {
    prepare_with(config, Migrations::Run).await
}

/// As `prepare`, migrating or only checking the schema.
pub async fn prepare_with(config: Config, migrations: Migrations) -> anyhow::Result<AppState> {
    let metrics = metrics::Metrics::default();
    let mailer = Mailer::from_config(&config)?;
    let storage = Storage::from_config(&config)?;
    // Temp files no live process holds are those of uploads a crash cut off.
    if let Err(error) = uploads::temp::remove_abandoned(&config.data_dir, Duration::ZERO).await {
        tracing::warn!(%error, "could not remove the temp files of interrupted uploads");
    }
    let db = Db::connect(&config).await?;
    match migrations {
        Migrations::Run => db.migrate().await?,
        Migrations::Require => db.require_current_schema().await?,
    }
    content::seed(&db).await?;
    let inspector = uploads::pdf::Inspector::new(config.pdf_inspector.clone());
    let passwords = accounts::password::Passwords::from_config(&config);
    Ok(AppState {
        db,
        config: Arc::new(config),
        mailer,
        storage,
        clock: clock::Clock::default(),
        oidc_provider: accounts::google::ProviderCache::default(),
        inspector,
        passwords,
        metrics,
        program_pdf: Arc::default(),
        background: tokio_util::task::TaskTracker::new(),
        hooks: hooks::Hooks { details_changed: review::store::withdraw::DETAILS_CHANGED },
    })
}

/// The whole site: the JSON API under `/api`, the web app everywhere else.
pub fn router(state: AppState) -> web::front::Site {
    router_with(state, Router::new())
}

/// The site with extra API routes merged in, under the same layers (tests use
/// this to reach error paths no real endpoint has yet).
pub fn router_with(state: AppState, extra: Router<AppState>) -> web::front::Site {
    // The published program's PDF, when there is one, before the app's files.
    let edition_pages: web::pages::EditionPages = {
        let state = state.clone();
        Arc::new(move |year, slug| {
            let state = state.clone();
            Box::pin(async move { content::api::edition_has_page(&state, year, &slug).await })
        })
    };
    let web = program::public::with_program_pdf(state.clone(), web::router(&state, edition_pages));
    let (api, _) = openapi::api_router().split_for_parts();
    let body_timeouts =
        BodyTimeouts { idle: state.config.idle_timeout(), deadline: state.config.body_deadline() };
    let clock = state.clock.clone();
    // The layers only the API needs stay on its routes: the web app's files
    // are precompressed, read no body and no clock, and every layer a file
    // passes through costs each of the thousands of requests a second a
    // page's assets make (bench/README.md, `make bench-http`).
    let api = api
        .merge(extra)
        .route("/api", any(error::api_not_found))
        .route("/api/{*rest}", any(error::api_not_found))
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_JSON_BYTES))
        .layer(axum::middleware::from_fn_with_state(state.clone(), csrf::guard))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        .with_state(state.clone())
        .layer(axum::middleware::from_fn_with_state(body_timeouts, request_body::limit))
        .layer(CompressionLayer::new())
        // Outside everything that may ask for the time.
        .layer(axum::middleware::from_fn_with_state(clock, clock::in_request));
    let trusted_proxies = state.config.trusted_proxies.clone();
    let page_policy = content::csp::PagePolicy::new(state.db.clone());
    let request_metrics = state.metrics.clone();
    let mut site = api.fallback_service(
        web.layer(axum::middleware::from_fn_with_state(page_policy.clone(), content::csp::header)),
    );
    for (name, value) in web::front::security_headers() {
        site = site.layer(SetResponseHeaderLayer::if_not_present(name, value));
    }
    let site = site
        .layer(CatchPanicLayer::custom(|_panic| {
            ApiError::Internal(anyhow::anyhow!("a request handler panicked")).into_response()
        }))
        // Inside the routing, so the route template is known; outside the
        // panic catcher, so a panic counts as the 500 it becomes.
        .layer(axum::middleware::from_fn_with_state(request_metrics, metrics::record))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request<_>| {
                    let client =
                        request.extensions().get::<ClientIp>().map(ToString::to_string).unwrap_or_default();
                    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), %client)
                })
                // A 500's cause is logged at ERROR where it happens (ApiError);
                // a 503 from a full hashing queue is load, not a fault, and a
                // flood of them must not bury real errors.
                .on_failure(DefaultOnFailure::new().level(tracing::Level::WARN)),
        )
        .layer(axum::middleware::from_fn_with_state(trusted_proxies, client_ip::identify));
    let elsewhere = web::front::Elsewhere {
        shell_policy: Arc::new(move || page_policy.fresh()),
        claimed: program::public::answers,
    };
    web::front::in_front(&state, site, elsewhere)
}

/// Serves `router` on `listener` until `shutdown` completes, then lets
/// requests in flight finish (see `connections` for the limits).
pub async fn serve(
    listener: TcpListener,
    router: web::front::Site,
    limits: Limits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    connections::serve(listener, router, limits, shutdown).await
}

/// How long a graceful shutdown waits for requests in flight.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(20);
