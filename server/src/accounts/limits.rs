//! The accounts' rate limits and their messages, in one place.

use time::Duration;

use crate::rate_limit::Limit;

/// Password attempts (sign-in, change password) from one client on one
/// account. Counted per client so that a stranger's guesses do not lock the
/// owner out from where they sign in.
pub const LOGIN_ACCOUNT_CLIENT: Limit =
    Limit { scope: "login-account-client", max: 5, window: Duration::minutes(15) };
/// Password attempts on one account from everywhere: the ceiling for guesses
/// spread over many clients.
pub const LOGIN_ACCOUNT: Limit = Limit { scope: "login-account", max: 50, window: Duration::minutes(15) };
/// Password attempts from one client on any account.
pub const LOGIN_CLIENT: Limit = Limit { scope: "login-client", max: 20, window: Duration::minutes(15) };
pub const LOGIN_MESSAGE: &str = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

/// Sign-ups and e-mail requests (verification, password reset) per client.
pub const MAIL_CLIENT: Limit = Limit { scope: "mail-client", max: 20, window: Duration::hours(1) };
pub const MAIL_CLIENT_MESSAGE: &str =
    "Too many requests from your network. Please wait an hour and try again.";

/// E-mails sent to one address; past it, requests are answered as usual but
/// nothing more is sent, so nobody can flood an inbox through the site.
pub const MAIL_ADDRESS: Limit = Limit { scope: "mail-address", max: 5, window: Duration::hours(1) };

/// Google sign-ins started per client: each one stores a flow and may ask
/// the provider for its metadata.
pub const GOOGLE_START: Limit = Limit { scope: "google-start", max: 30, window: Duration::minutes(15) };
