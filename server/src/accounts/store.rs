//! Accounts' rows: the users table (`users.rs`), sessions, e-mail tokens
//! and Google sign-in flows.

pub mod sessions;
pub mod sign_in_flows;
pub mod tokens;
pub mod users;

/// The roles of the account `$user` (a table alias) as one text column,
/// for `Roles`; a macro so that queries can `concat!` it. Both databases
/// have `string_agg` (SQLite since 3.44).
#[macro_export]
macro_rules! roles_of_user {
    ($user:literal) => {
        concat!(
            "COALESCE((SELECT string_agg(r.role, ' ') FROM user_roles r WHERE r.user_id = ",
            $user,
            ".id), '')"
        )
    };
}
