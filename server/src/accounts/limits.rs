//! The accounts' rate limits and their messages, in one place. SECURITY.md
//! ("Rate limits") says why each is what it is.
//!
//! A whole campus may come from one address (a NAT, or a proxy missing from
//! `COLLOQUY_TRUSTED_PROXIES`), so the brute-force protection is carried by
//! the account, and an address's limits are sized for a crowd and count
//! only failures: a password attempt holds its slots while the password is
//! checked, and gives them back unless it failed (`login::PasswordAttempt`).

use time::Duration;

use crate::rate_limit::Limit;

/// Failed password attempts on one account from everywhere (sign-in, change
/// password). OWASP ASVS 2.2.1 allows at most 100 an hour. A window starts
/// at the first failure after the last window ended, so windows never
/// overlap and any hour meets at most five of them (starts at least 15
/// minutes apart, within the 75 minutes before the hour's end): at most
/// 5 × 20 = 100 failures in any hour, however they are timed.
pub const LOGIN_ACCOUNT: Limit = Limit { scope: "login-account", max: 20, window: Duration::minutes(15) };
/// Failed password attempts on one account from one client: one stranger
/// alone cannot use up the account's ceiling (it takes four addresses), so
/// the owner elsewhere is not locked out by one network's guesses.
pub const LOGIN_ACCOUNT_CLIENT: Limit =
    Limit { scope: "login-account-client", max: 5, window: Duration::minutes(15) };
pub const LOGIN_ACCOUNT_MESSAGE: &str =
    "Too many failed sign-in attempts on this account. Please wait 15 minutes and try again.";

/// Failed password attempts from one client on any account: a campus of
/// typos fits many times over; one machine spraying guesses over many
/// accounts does not.
pub const LOGIN_CLIENT: Limit = Limit { scope: "login-client", max: 200, window: Duration::minutes(15) };
pub const LOGIN_CLIENT_MESSAGE: &str =
    "Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.";

/// Sign-ups and e-mail requests (verification, password reset) per client:
/// a workshop signing up together from one network fits.
pub const MAIL_CLIENT: Limit = Limit { scope: "mail-client", max: 200, window: Duration::hours(1) };
pub const MAIL_CLIENT_MESSAGE: &str =
    "Too many requests from your network. Please wait an hour and try again.";

/// E-mails sent to one inbox at one client's request, and to one inbox in
/// all. Past either, requests are answered as usual but nothing more is
/// sent, so nobody can flood an inbox through the site, and one stranger
/// alone cannot use up the owner's share (it takes four addresses).
pub const MAIL_CLIENT_INBOX: Limit = Limit { scope: "mail-client-inbox", max: 3, window: Duration::hours(1) };
pub const MAIL_INBOX: Limit = Limit { scope: "mail-inbox", max: 10, window: Duration::hours(1) };

/// Google sign-ins started per client: each one stores a flow (which
/// expires) and may ask the provider for its metadata (cached for an
/// hour), so the count bounds what one machine can store. Sized for a
/// campus: a lecture hall pressing "Sign in with Google" together from one
/// address fits; at 30 a room of students was turned away.
pub const GOOGLE_START: Limit = Limit { scope: "google-start", max: 200, window: Duration::minutes(15) };
