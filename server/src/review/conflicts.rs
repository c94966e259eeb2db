//! Conflicts of interest: a reviewer never reviews their own submission,
//! one they co-authored (matched by e-mail), or one that names a person
//! they declared (or an admin added) by name or e-mail. Reviewers manage
//! the conflicts they declared here; admins theirs in `admin`.

use axum::extract::State;
use axum::http::StatusCode;
use uuid::Uuid;

use super::store::ConflictRow;
use super::store::writes::ConflictRemoval;
use super::types::{AddedConflict, Conflict, ConflictList, NewConflict};
use crate::AppState;
use crate::accounts::email::Email;
use crate::accounts::session::{Reviewer, SessionUser};
use crate::admin::audit::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};

const MAX_NAME_CHARS: usize = 200;

/// An author or co-author as conflicts see them.
pub struct Person<'a> {
    pub name: String,
    pub email: &'a str,
}

pub use crate::text::name_key;

/// Whether the reviewer (by e-mail and declared conflicts) may not review
/// a submission by `author` and `coauthors` (their own is checked by id).
pub fn crosses_conflict(
    reviewer_email: &str,
    conflicts: &[ConflictRow],
    author: &Person<'_>,
    coauthors: &[Person<'_>],
) -> bool {
    let reviewer_email = reviewer_email.to_lowercase();
    if coauthors.iter().any(|c| c.email.to_lowercase() == reviewer_email) {
        return true;
    }
    let people = || std::iter::once(author).chain(coauthors.iter());
    conflicts.iter().any(|conflict| {
        let by_email =
            conflict.email.as_deref().is_some_and(|email| people().any(|p| p.email.to_lowercase() == email));
        let by_name =
            conflict.name_key.as_deref().is_some_and(|key| people().any(|p| name_key(&p.name) == key));
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
    let name = input.name.as_deref().map(crate::text::without_bidi_controls);
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

/// Adds a conflict for `reviewer`, audited.
pub async fn add(
    state: &AppState,
    actor: &SessionUser,
    reviewer: (Uuid, &str),
    input: &NewConflict,
    by_admin: bool,
) -> ApiResult<AddedConflict> {
    let parsed = parse_conflict(input)?;
    let actor = Actor::admin(actor);
    let summary = if by_admin {
        format!("Added a conflict of {} with {}", reviewer.1, described(&parsed))
    } else {
        format!("Declared a conflict with {}", described(&parsed))
    };
    let entry = NewEntry { actor: &actor, action: AuditAction::ReviewConflictAdded, summary };
    let (id, withdrawn) = state.db.add_conflict(reviewer.0, &parsed, by_admin, &entry).await?;
    let conflict = Conflict {
        id,
        name: parsed.name,
        email: parsed.email.map(|e| e.as_str().to_owned()),
        added_by_admin: by_admin,
    };
    Ok(AddedConflict { conflict, withdrawn })
}

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

/// Declares a conflict with a person (by name, e-mail or both).
#[utoipa::path(
    post,
    path = "/api/review/conflicts",
    tag = "review",
    request_body = NewConflict,
    responses(
        (status = 201, description = "The conflict, and the assignments it withdrew", body = AddedConflict),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not a reviewer", body = ErrorBody),
        (status = 422, description = "Neither a name nor a valid e-mail", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn declare_conflict(
    State(state): State<AppState>,
    Reviewer(user): Reviewer,
    Json(input): Json<NewConflict>,
) -> ApiResult<(StatusCode, Json<AddedConflict>)> {
    let conflict = add(&state, &user, (user.id, &user.email), &input, false).await?;
    Ok((StatusCode::CREATED, Json(conflict)))
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
        let author = Person { name: "Ada  Lovelace".into(), email: "ada@example.org" };
        let coauthors = [Person { name: "Charles Babbage".into(), email: "cb@example.org" }];
        assert!(crosses_conflict(
            "r@example.org",
            &[conflict(Some(" ada lovelace "), None)],
            &author,
            &coauthors
        ));
        assert!(crosses_conflict(
            "r@example.org",
            &[conflict(Some("CHARLES BABBAGE"), None)],
            &author,
            &coauthors
        ));
        assert!(crosses_conflict(
            "r@example.org",
            &[conflict(None, Some("cb@example.org"))],
            &author,
            &coauthors
        ));
        assert!(crosses_conflict("CB@example.org", &[], &author, &coauthors), "a co-author");
        assert!(!crosses_conflict(
            "r@example.org",
            &[conflict(Some("Ada"), Some("a@example.org"))],
            &author,
            &coauthors
        ));
    }
}
