//! Who conflicts with whom: a conflict as typed and checked, the keys an
//! author is compared by, the comparison, and the bounds on declaring.
//! Shared by the conflicts' handlers, the store and the assignment.

use super::types::ConflictRow;
use super::types::NewConflict;
use crate::email::Email;
use crate::error::ApiError;

const MAX_NAME_CHARS: usize = 200;
/// Conflicts one reviewer may have (declared or added by admins).
pub const MAX_CONFLICTS: i64 = 50;
/// Conflicts a reviewer may declare in one edition, removed ones included.
pub const MAX_DECLARATIONS_PER_EDITION: i64 = 60;
/// Conflicts a reviewer may declare within an hour.
pub const MAX_DECLARATIONS_PER_HOUR: i64 = 20;

/// An author or co-author as conflicts see them: their name's key and
/// their e-mail in lower case, computed once per submission (not once per
/// reviewer and conflict).
#[derive(Debug, Clone)]
pub struct PersonKey {
    pub name_key: String,
    pub email: String,
}

impl PersonKey {
    pub fn new(name: &str, email: &str) -> Self {
        Self { name_key: name_key(name), email: email.to_lowercase() }
    }
}

pub use crate::text::name_key;

/// Whether the reviewer (by e-mail and `conflicts`) may not review a
/// submission by `people` (its author and co-authors; their own is also
/// checked by id).
pub fn crosses_conflict<'a>(
    reviewer_email: &str,
    conflicts: impl IntoIterator<Item = &'a ConflictRow>,
    people: &[PersonKey],
) -> bool {
    let reviewer_email = reviewer_email.to_lowercase();
    if people.iter().any(|p| p.email == reviewer_email) {
        return true;
    }
    conflicts.into_iter().any(|conflict| {
        let by_email = conflict.email.as_deref().is_some_and(|email| people.iter().any(|p| p.email == email));
        let by_name =
            conflict.name_key.as_deref().is_some_and(|key| people.iter().any(|p| p.name_key == key));
        by_email || by_name
    })
}

/// A conflict as typed: a name (1–200 characters), an e-mail, or both.
pub struct ParsedConflict {
    pub name: Option<String>,
    pub name_key: Option<String>,
    pub email: Option<Email>,
}

pub fn parse_conflict(input: &NewConflict) -> Result<ParsedConflict, ApiError> {
    let mut fields = std::collections::BTreeMap::new();
    let name = input.name.as_deref().map(crate::text::stored_name);
    let name = name.as_deref().map(str::trim).filter(|n| !n.is_empty());
    if let Some(name) = name
        && (name.chars().count() > MAX_NAME_CHARS || name.chars().any(char::is_control))
    {
        fields.insert(
            "name".to_owned(),
            vec![format!("A name can be at most {MAX_NAME_CHARS} characters, without control characters.")],
        );
    }
    let email = match input.email.as_deref().map(str::trim).filter(|e| !e.is_empty()) {
        Some(raw) => match Email::parse(raw) {
            Ok(email) => Some(email),
            Err(message) => {
                fields.insert("email".to_owned(), vec![message]);
                None
            }
        },
        None => None,
    };
    if name.is_none() && input.email.as_deref().is_none_or(|e| e.trim().is_empty()) {
        fields.insert("name".to_owned(), vec!["Give a name or an e-mail address.".into()]);
    }
    if !fields.is_empty() {
        return Err(ApiError::Unprocessable { message: "Please correct the conflict.".into(), fields });
    }
    Ok(ParsedConflict { name: name.map(str::to_owned), name_key: name.map(name_key), email })
}

/// How the activity log names a conflict: "Ada Lovelace <ada@example.org>".
pub fn described(conflict: &ParsedConflict) -> String {
    match (&conflict.name, &conflict.email) {
        (Some(name), Some(email)) => format!("{name} <{}>", email.as_str()),
        (Some(name), None) => name.clone(),
        (None, Some(email)) => email.as_str().to_owned(),
        (None, None) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use uuid::Uuid;

    use super::*;

    fn conflict(name: Option<&str>, email: Option<&str>) -> ConflictRow {
        ConflictRow {
            id: Uuid::nil(),
            reviewer_id: Uuid::nil(),
            name: name.map(str::to_owned),
            name_key: name.map(name_key),
            email: email.map(str::to_owned),
            added_by_admin: false,
        }
    }

    #[test]
    fn names_match_whatever_their_case_and_spacing_and_emails_exactly() {
        let people = [
            PersonKey::new("Ada  Lovelace", "ada@example.org"),
            PersonKey::new("Charles Babbage", "cb@example.org"),
        ];
        assert!(crosses_conflict("r@example.org", &[conflict(Some(" ada lovelace "), None)], &people));
        assert!(crosses_conflict("r@example.org", &[conflict(Some("CHARLES BABBAGE"), None)], &people));
        assert!(crosses_conflict("r@example.org", &[conflict(None, Some("cb@example.org"))], &people));
        assert!(crosses_conflict("CB@example.org", &[], &people), "a co-author");
        assert!(!crosses_conflict("r@example.org", &[conflict(Some("Ada"), Some("a@example.org"))], &people));
    }

    #[test]
    fn names_match_whatever_their_unicode_form() {
        let nfc = "Zo\u{eb} N\u{fa}\u{f1}ez";
        let nfd_with_zero_width = "Zoe\u{0308}\u{200B} Nu\u{0301}n\u{0303}ez";
        for (declared, written) in [(nfc, nfd_with_zero_width), (nfd_with_zero_width, nfc)] {
            let people = [PersonKey::new(written, "zn@example.org")];
            let parsed =
                parse_conflict(&NewConflict { name: Some(declared.into()), email: None }).ok().unwrap();
            let row = ConflictRow { name_key: parsed.name_key, ..conflict(None, None) };
            assert!(crosses_conflict("r@example.org", [&row], &people), "{declared:?} {written:?}");
            assert_eq!(parsed.name.as_deref(), Some(nfc), "stored in NFC without invisible characters");
        }
    }
}
