//! The e-mails authors get when a submission is accepted or rejected: text
//! the admins edit. The letters written from it are `crate::letters`.

use axum::extract::State;

use crate::AppState;
use crate::accounts::fields::FieldErrors;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::letters::{PLACEHOLDERS, TemplateKind, each_placeholder};

pub use super::types::{MailTemplate, TemplateText};

pub const MAX_SUBJECT_CHARS: usize = 200;
pub const MAX_BODY_CHARS: usize = 10_000;

fn check_text(text: &str, label: &str, max: usize) -> Result<(), String> {
    if text.trim().is_empty() {
        return Err(format!("Please enter the {label}."));
    }
    if text.chars().count() > max {
        return Err(format!("The {label} is too long (at most {max} characters)."));
    }
    let mut unknown = Vec::new();
    each_placeholder(text, |name| {
        if !PLACEHOLDERS.contains(&name) && !unknown.contains(&name.to_owned()) {
            unknown.push(name.to_owned());
        }
    });
    if !unknown.is_empty() {
        let unknown: Vec<String> = unknown.iter().map(|n| format!("{{{n}}}")).collect();
        let known: Vec<String> = PLACEHOLDERS.iter().map(|p| format!("{{{p}}}")).collect();
        return Err(format!(
            "Unknown placeholder {} in the {label}. Use only {}.",
            unknown.join(", "),
            known.join(", ")
        ));
    }
    Ok(())
}

/// A template's text, checked: not empty, not too long, known placeholders.
pub fn validate(text: &TemplateText) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    let subject = check_text(&text.subject, "subject", MAX_SUBJECT_CHARS).and_then(|()| {
        // A line break would end the header it is written into.
        if text.subject.contains(['\r', '\n']) { Err("The subject must be one line.".into()) } else { Ok(()) }
    });
    errors.check("subject", subject);
    errors.check("body", check_text(&text.body, "body", MAX_BODY_CHARS));
    errors.finish()
}

/// The two decision e-mails' templates.
#[utoipa::path(
    get,
    path = "/api/admin/templates",
    tag = "admin",
    responses(
        (status = 200, description = "The acceptance and rejection templates", body = Vec<MailTemplate>),
    ),
    security(("session" = []))
)]
pub async fn list_templates(
    State(state): State<AppState>,
    Admin(_admin): Admin,
) -> ApiResult<Json<Vec<MailTemplate>>> {
    Ok(Json(state.db.mail_templates().await?))
}

/// Changes a template; the next e-mail of that kind uses the new text.
#[utoipa::path(
    put,
    path = "/api/admin/templates/{kind}",
    tag = "admin",
    params(("kind" = TemplateKind, Path, description = "acceptance or rejection")),
    request_body = TemplateText,
    responses(
        (status = 200, description = "The saved template", body = MailTemplate),
        (status = 404, description = "No such template", body = ErrorBody),
        (status = 422, description = "Empty, too long, or an unknown placeholder", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_template(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(kind): Path<String>,
    Json(text): Json<TemplateText>,
) -> ApiResult<Json<MailTemplate>> {
    let kind: TemplateKind =
        kind.parse().map_err(|_| ApiError::NotFound("There is no such template.".into()))?;
    validate(&text)?;
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::TemplateUpdated,
        summary: format!("Edited the {} e-mail", kind.as_str()),
    };
    state.db.update_template_audited(kind, &text, &entry).await?;
    let template = state.db.mail_template(kind).await?.ok_or_else(ApiError::not_found)?;
    Ok(Json(template))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_placeholders_and_empty_or_long_texts_are_refused() {
        assert!(check_text("Hello {first_name}", "body", 100).is_ok());
        assert!(check_text("a {b c} {} { x", "body", 100).is_ok());
        let error = check_text("Hello {firstname}", "body", 100).unwrap_err();
        assert!(error.contains("{firstname}"), "{error}");
        assert!(check_text("  ", "body", 100).is_err());
        assert!(check_text(&"x".repeat(101), "body", 100).is_err());
    }
}
