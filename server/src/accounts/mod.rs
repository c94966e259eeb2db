//! Accounts: register, verify the e-mail address, sign in and out (password
//! or Google), the profile, and password reset.

pub mod api;
mod attempt;
pub mod change_password;
pub mod fields;
pub mod google;
pub mod letters;
pub mod limits;
pub mod login;
pub mod password;
pub mod profile;
pub mod register;
pub mod reset;
pub mod roles;
pub mod session;
pub mod store;
pub mod sweep;
pub mod tokens;
pub mod types;

use std::future::Future;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(session::get_session))
        .routes(routes!(profile::get_me, profile::update_me))
        .routes(routes!(register::register))
        .routes(routes!(register::verify_email))
        .routes(routes!(register::resend_verification))
        .routes(routes!(login::login))
        .routes(routes!(login::logout))
        .routes(routes!(profile::complete_profile))
        .routes(routes!(change_password::change_password))
        .routes(routes!(reset::forgot_password))
        .routes(routes!(reset::reset_password))
        .routes(routes!(google::providers))
        .routes(routes!(google::start))
        .routes(routes!(google::callback))
}

/// Runs work a request has answered for already (looking up an account,
/// making a link, sending an e-mail), under the request's clock, tracked by
/// `AppState::background` so that stopping the server waits for it;
/// failures are logged.
pub(crate) fn in_background(
    state: &AppState,
    what: &'static str,
    work: impl Future<Output = anyhow::Result<()>> + Send + 'static,
) {
    state.background.spawn(crate::clock::Clock::current().scope(async move {
        if let Err(error) = work.await {
            tracing::error!(error = format!("{error:#}"), "{what} failed");
        }
    }));
}
