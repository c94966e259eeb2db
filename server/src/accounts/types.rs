//! Accounts' own types, shared by the handlers and the store: who is
//! signed in, and how long a session lasts.

use serde::Serialize;
use time::Duration;
use utoipa::ToSchema;
use uuid::Uuid;

use super::roles::{Role, Roles};

/// A session lasts this long after its last use.
pub const IDLE_LIFETIME: Duration = Duration::days(30);

/// A session ends this long after signing in, even if it is used every day:
/// a stolen session id does not stay good for ever.
pub const ABSOLUTE_LIFETIME: Duration = Duration::days(90);

/// Sessions are extended at most this often, so reads stay reads.
pub(crate) const EXTEND_AFTER: Duration = Duration::hours(1);

/// The signed-in person, as the web app sees them.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct SessionUser {
    pub id: Uuid,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[sqlx(try_from = "String")]
    #[schema(value_type = Vec<Role>)]
    pub roles: Roles,
    /// Has a submission in the current edition.
    pub applicant: bool,
    /// Has an accepted submission in the current edition.
    pub presenter: bool,
    /// Has names and a password (a new Google account has no password yet).
    pub profile_complete: bool,
    /// Has a password to sign in with (else completing the profile sets one).
    pub has_password: bool,
}
