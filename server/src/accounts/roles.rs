//! What an account may do beyond its own submissions: a set of roles, each
//! granted and revoked on its own (from the user table or the command line).

use std::collections::BTreeSet;
use std::str::FromStr;

use serde::Serialize;

use crate::stored::{UnknownStored, stored_enum};

// The schemas' CHECK on `user_roles.role` allows only these.
stored_enum! {
    /// A role an account can hold.
    #[derive(PartialOrd, Ord, Hash)]
    pub enum Role("role") {
        /// Runs the conference: the user table, decisions, editions, the log.
        Admin = "admin",
        /// Reviews the abstracts assigned to them.
        Reviewer = "reviewer",
        /// Edits the public site's content (home, board, NACLO, editions'
        /// pages): sees no submissions, reviews or personal data.
        Editor = "editor",
        /// Checks people in at an event's door (a volunteer): sees the
        /// check-in screen and nothing else.
        CheckIn = "check_in",
    }
}

/// The roles an account holds, in a fixed order (as the API lists them).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Roles(BTreeSet<Role>);

impl Roles {
    pub fn has(&self, role: Role) -> bool {
        self.0.contains(&role)
    }
}

/// Read from the space-separated list `roles_of_user!` selects; strictly, so
/// a role the code does not know fails the query instead of being dropped.
impl TryFrom<String> for Roles {
    type Error = UnknownStored;

    fn try_from(stored: String) -> Result<Self, Self::Error> {
        stored.split_whitespace().map(Role::from_str).collect::<Result<_, _>>().map(Self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_read_back_from_their_stored_list() {
        let roles = Roles::try_from("admin reviewer".to_owned()).unwrap();
        assert!(roles.has(Role::Admin) && roles.has(Role::Reviewer));
        assert_eq!(Roles::try_from(String::new()).unwrap(), Roles::default());
        assert_eq!(serde_json::to_value(&roles).unwrap(), serde_json::json!(["admin", "reviewer"]));
    }

    #[test]
    fn an_unknown_stored_role_is_an_error_not_dropped() {
        for stored in ["owner", "admin owner", "Admin"] {
            assert!(Roles::try_from(stored.to_owned()).is_err(), "{stored:?}");
        }
    }
}
