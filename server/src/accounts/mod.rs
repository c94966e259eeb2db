//! Accounts: who is signed in, and (from the accounts issue on) register,
//! verify, sign in and out, password reset, Google sign-in and profile.

pub mod email;
pub mod session;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(session::get_session))
}
