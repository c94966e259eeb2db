//! `/api/health`: whether this instance can serve, for load balancers,
//! orchestrators and operators.
//!
//! - `/api/health/live`: the process answers (restart it if not).
//! - `/api/health/ready`: the database and the file storage answer too
//!   (send it traffic only if so); 503 names which one does not.
//! - `/api/health`: the database check alone, as before `ready` existed.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::Json;

#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// `ok`, or `unavailable` when a dependency is down.
    pub status: String,
    /// `ok` or `unreachable`.
    pub database: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Liveness {
    /// Always `ok`: an answer at all is the news.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    /// `ok`, or `unavailable` when a dependency is down.
    pub status: Verdict,
    pub database: Verdict,
    /// The file storage (local files or the S3 bucket).
    pub storage: Verdict,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Ok,
    Unreachable,
    Unavailable,
}

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health)).routes(routes!(live)).routes(routes!(ready))
}

/// Reports whether the database answers.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "operations",
    responses(
        (status = 200, description = "Ready to serve", body = Health),
        (status = 503, description = "The database cannot be reached", body = Health),
    )
)]
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<Health>) {
    if state.db.is_reachable().await {
        let health = Health { status: "ok".into(), database: "ok".into() };
        (StatusCode::OK, Json(health))
    } else {
        let health = Health { status: "unavailable".into(), database: "unreachable".into() };
        (StatusCode::SERVICE_UNAVAILABLE, Json(health))
    }
}

/// The process is up and answering; checks nothing else.
#[utoipa::path(
    get,
    path = "/api/health/live",
    tag = "operations",
    responses((status = 200, description = "The process answers", body = Liveness))
)]
pub async fn live() -> Json<Liveness> {
    Json(Liveness { status: "ok".into() })
}

/// Whether this instance can serve: the database and the file storage both
/// answer (each within two seconds).
#[utoipa::path(
    get,
    path = "/api/health/ready",
    tag = "operations",
    responses(
        (status = 200, description = "Ready to serve", body = Readiness),
        (status = 503, description = "The database or the storage (named `unreachable`) cannot be reached", body = Readiness),
    )
)]
pub async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Readiness>) {
    let (database, storage) = tokio::join!(state.db.is_reachable(), state.storage.is_reachable());
    let verdict = |up: bool| if up { Verdict::Ok } else { Verdict::Unreachable };
    let readiness = Readiness {
        status: if database && storage { Verdict::Ok } else { Verdict::Unavailable },
        database: verdict(database),
        storage: verdict(storage),
    };
    let status = if database && storage { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(readiness))
}
