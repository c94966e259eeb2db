//! `/api/health`: whether this instance can serve, for load balancers and
//! operators.

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

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
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
