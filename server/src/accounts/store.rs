//! Accounts' rows other than the users table itself (`db::users`):
//! sessions, e-mail tokens and Google sign-in flows.

pub mod sessions;
pub mod sign_in_flows;
pub mod tokens;
