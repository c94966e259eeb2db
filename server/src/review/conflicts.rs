//! Conflicts of interest: a reviewer never reviews their own submission,
//! one they co-authored (matched by e-mail), or one that names a person
//! they declared (or an admin added) by name or e-mail. Reviewers manage
//! the conflicts they declared here; admins theirs in `admin`.

use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use super::store::ConflictRow;
use super::store::conflicts::{AddedBy, ConflictAdd};
use super::store::writes::ConflictRemoval;
use super::types::{AddedConflict, Conflict, ConflictList, NewConflict};
use crate::AppState;
use crate::accounts::email::Email;
use crate::accounts::session::{Reviewer, SessionUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

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

/// Adds a conflict for `reviewer` (an admin's, or the reviewer's own
/// declaration in edition `year`), audited, within its bounds. Returns the
/// conflict and the codes withdrawn (always none for a declaration).
pub async fn add(
    state: &AppState,
    actor: &SessionUser,
    reviewer: (Uuid, &str),
    input: &NewConflict,
    by: AddedBy,
) -> ApiResult<AddedConflict> {
    let parsed = parse_conflict(input)?;
    let actor = Actor::admin(actor);
    let summary = match by {
        AddedBy::Admin => format!("Added a conflict of {} with {}", reviewer.1, described(&parsed)),
        AddedBy::Reviewer { .. } => format!("Declared a conflict with {}", described(&parsed)),
    };
    let entry = NewEntry { actor: &actor, action: AuditAction::ReviewConflictAdded, summary };
    let (id, withdrawn) = match state.db.add_conflict(reviewer.0, &parsed, by, &entry).await? {
        ConflictAdd::Added(id, withdrawn) => (id, withdrawn),
        ConflictAdd::TooMany => {
            return Err(ApiError::Conflict(format!(
                "A reviewer can have at most {MAX_CONFLICTS} conflicts. Remove one first, or ask the organisers."
            )));
        }
        ConflictAdd::EditionSpent => {
            return Err(ApiError::Conflict(format!(
                "You have declared {MAX_DECLARATIONS_PER_EDITION} conflicts this edition, the most there can be. \
                 Please write to the organisers."
            )));
        }
        ConflictAdd::TooFast => return Err(ApiError::TooManyRequests(TOO_FAST.into())),
    };
    let conflict = Conflict {
        id,
        name: parsed.name,
        email: parsed.email.map(|e| e.as_str().to_owned()),
        added_by_admin: matches!(by, AddedBy::Admin),
    };
    Ok(AddedConflict { conflict, withdrawn })
}

const TOO_FAST: &str = "You have declared many conflicts within the hour. Please wait before declaring more.";

/// Removes a conflict of `reviewer`, audited; a reviewer may remove only
/// the ones they declared.
pub async fn remove(
    state: &AppState,
    actor: &SessionUser,
    reviewer_id: Uuid,
    conflict_id: Uuid,
    by_admin: bool,
) -> ApiResult<StatusCode> {
    let actor = Actor::admin(actor);
    match state.db.remove_conflict(reviewer_id, conflict_id, by_admin, &actor).await? {
        ConflictRemoval::Removed => Ok(StatusCode::NO_CONTENT),
        ConflictRemoval::NotFound => Err(ApiError::NotFound("There is no such conflict.".into())),
        ConflictRemoval::AdminsOnly => Err(ApiError::Forbidden),
    }
}

/// The conflicts the signed-in reviewer has (declared or added by admins).
#[utoipa::path(
    get,
    path = "/api/review/conflicts",
    tag = "review",
    responses(
        (status = 200, description = "The reviewer's conflicts", body = ConflictList),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn own_conflicts(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
) -> ApiResult<Json<ConflictList>> {
    let rows = state.db.conflicts_of(user.id).await?;
    Ok(Json(ConflictList { conflicts: rows.iter().map(Conflict::from).collect() }))
}

/// Declares a conflict with a person (by name, e-mail or both). It changes
/// nothing the reviewer sees: their assignments stay as they are until an
/// admin, who sees the assignments it crosses, withdraws them; so the
/// answer cannot tell whether the person wrote one of them.
#[utoipa::path(
    post,
    path = "/api/review/conflicts",
    tag = "review",
    request_body = NewConflict,
    responses(
        (status = 201, description = "The conflict as declared: the same answer whether or not it names an author", body = Conflict),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 404, description = "There is no edition", body = ErrorBody),
        (status = 409, description = "The reviewer's conflicts or this edition's declarations are at their bound", body = ErrorBody),
        (status = 422, description = "Neither a name nor a valid e-mail", body = ErrorBody),
        (status = 429, description = "Too many declarations within the hour", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn declare_conflict(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Json(input): Json<NewConflict>,
) -> ApiResult<(StatusCode, Json<Conflict>)> {
    let year = state.db.current_edition_year().await?.ok_or_else(ApiError::not_found)?;
    let added = add(&state, &user, (user.id, &user.email), &input, AddedBy::Reviewer { year }).await?;
    Ok((StatusCode::CREATED, Json(added.conflict)))
}

/// Removes a conflict the reviewer declared (not one an admin added).
#[utoipa::path(
    delete,
    path = "/api/review/conflicts/{id}",
    tag = "review",
    params(("id" = Uuid, Path, description = "The conflict")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer, or the conflict was added by an admin", body = ErrorBody),
        (status = 404, description = "No such conflict of yours", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn remove_own_conflict(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    remove(&state, &user, user.id, id, false).await
}

#[cfg(test)]
mod tests {
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
