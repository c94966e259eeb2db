//! Accounts: register, verify the e-mail address, sign in and out (password
//! or Google), the profile, and password reset.

pub mod api;
pub mod email;
pub mod fields;
pub mod google;
pub mod letters;
pub mod limits;
pub mod login;
pub mod password;
pub mod profile;
pub mod register;
pub mod reset;
pub mod session;
pub mod tokens;

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
        .routes(routes!(reset::forgot_password))
        .routes(routes!(reset::reset_password))
        .routes(routes!(google::providers))
        .routes(routes!(google::start))
        .routes(routes!(google::callback))
}
