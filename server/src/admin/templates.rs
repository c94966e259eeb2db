//! The e-mails authors get when a submission is accepted or rejected: text
//! the admins edit, with placeholders filled in when an e-mail is written.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::audit::{Actor, AuditAction, NewEntry};
use crate::AppState;
use crate::accounts::fields::FieldErrors;
use crate::accounts::session::Admin;
use crate::content::editions::{Edition, pacific};
use crate::db::Db;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::mail::Letter;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TemplateKind {
    Acceptance,
    Rejection,
}

impl TemplateKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Acceptance => "acceptance",
            Self::Rejection => "rejection",
        }
    }

    pub(crate) fn parse(raw: &str) -> Option<Self> {
        match raw {
            "acceptance" => Some(Self::Acceptance),
            "rejection" => Some(Self::Rejection),
            _ => None,
        }
    }
}

/// Every placeholder a template may use.
pub const PLACEHOLDERS: [&str; 9] = [
    "first_name",
    "last_name",
    "year",
    "abstract_name",
    "confirm_by",
    "final_materials_by",
    "confirmation_form_url",
    "contact_email",
    "site_url",
];

pub const MAX_SUBJECT_CHARS: usize = 200;
pub const MAX_BODY_CHARS: usize = 10_000;

#[derive(Debug, Serialize, ToSchema)]
pub struct MailTemplate {
    pub kind: TemplateKind,
    pub subject: String,
    pub body: String,
    /// The placeholders the text may use, as written: `{first_name}`, …
    pub placeholders: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TemplateText {
    /// One line, not blank, at most 200 characters; placeholders as in `placeholders`.
    #[schema(max_length = 200, pattern = r"^[^\r\n]*\S[^\r\n]*$")]
    pub subject: String,
    /// Not blank, at most 10,000 characters; placeholders as in `placeholders`.
    #[schema(max_length = 10000, pattern = r"\S")]
    pub body: String,
}

/// Calls `on_name` with each `{name}` in `text` (letters, digits and `_`
/// between braces); anything else in braces is plain text.
fn each_placeholder(text: &str, mut on_name: impl FnMut(&str)) {
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        match after.find('}') {
            Some(close)
                if after[..close].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && close > 0 =>
            {
                on_name(&after[..close]);
                rest = &after[close + 1..];
            }
            _ => rest = after,
        }
    }
}

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

/// What the placeholders stand for in one e-mail.
pub struct LetterFacts<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub abstract_name: &'a str,
    pub edition: &'a Edition,
    /// The site's origin without a trailing slash.
    pub site_url: &'a str,
}

impl LetterFacts<'_> {
    fn value(&self, name: &str) -> Option<String> {
        let date = |at: Option<time::OffsetDateTime>| {
            at.map(pacific).unwrap_or_else(|| "a date to be announced".into())
        };
        Some(match name {
            "first_name" => self.first_name.to_owned(),
            "last_name" => self.last_name.to_owned(),
            "year" => self.edition.year.to_string(),
            "abstract_name" => self.abstract_name.to_owned(),
            "confirm_by" => date(self.edition.confirm_attendance_by),
            "final_materials_by" => date(self.edition.final_materials_by),
            "confirmation_form_url" => self.edition.confirmation_form_url.clone().unwrap_or_default(),
            "contact_email" => self.edition.contact_email.clone(),
            "site_url" => self.site_url.to_owned(),
            _ => return None,
        })
    }
}

/// Fills in the placeholders in one pass, so a value that itself looks like
/// a placeholder (an abstract named "{year}.pdf") stays as it is.
pub fn render(text: &str, facts: &LetterFacts<'_>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| Some((close, facts.value(&after[..close])?)));
        match value {
            Some((close, value)) => {
                out.push_str(&value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The e-mail for a decision, from its template.
pub async fn letter(db: &Db, kind: TemplateKind, facts: &LetterFacts<'_>) -> ApiResult<Letter> {
    let template = db
        .mail_template(kind)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the {} template is missing", kind.as_str())))?;
    Ok(Letter { subject: render(&template.subject, facts), body: render(&template.body, facts) })
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
    let kind =
        TemplateKind::parse(&kind).ok_or_else(|| ApiError::NotFound("There is no such template.".into()))?;
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

    fn edition() -> Edition {
        Edition {
            confirm_attendance_by: Some(time::macros::datetime!(2025-04-16 06:59 UTC)),
            confirmation_form_url: Some("https://forms.example.org/x".into()),
            ..Edition::sample()
        }
    }

    #[test]
    fn placeholders_are_filled_once_and_unknown_braces_kept() {
        let edition = edition();
        let facts = LetterFacts {
            first_name: "Ada",
            last_name: "Lovelace",
            abstract_name: "{year}.pdf",
            edition: &edition,
            site_url: "https://sculc.example.org",
        };
        assert_eq!(
            render("{first_name} {abstract_name} {confirm_by} {final_materials_by} {x} {", &facts),
            "Ada {year}.pdf April 15, 2025 at 11:59 PM PDT a date to be announced {x} {"
        );
    }

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
