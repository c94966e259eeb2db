//! The e-mails authors get when a submission is accepted or rejected,
//! written from the admins' templates with the placeholders filled in.
//! Beneath the features that decide (admin's decisions, review's
//! threshold); admin edits the templates (`admin::templates`).

pub mod store;

use crate::AppState;
use crate::content::editions::{Edition, pacific};
use crate::db::Db;
use crate::email::Email;
use crate::error::{ApiError, ApiResult};
use crate::mail::Letter;
use crate::stored::stored_enum;
use crate::text::{display_name, greeting};

stored_enum! {
    pub enum TemplateKind("template kind") {
        Acceptance = "acceptance",
        Rejection = "rejection",
    }
}

/// Every placeholder a template may use.
pub const PLACEHOLDERS: [&str; 12] = [
    "greeting",
    "first_name",
    "last_name",
    "year",
    "abstract_name",
    "confirm_by",
    "final_materials_by",
    "confirmation_form_url",
    "contact_email",
    "site_url",
    "confirm_how",
    "materials_how",
];

/// Where presenters answer on the site (the default acceptance letter's
/// last line links it).
pub const CONGRATULATIONS_PAGE: &str = "/sculc/congratulations-page";

/// Calls `on_name` with each `{name}` in `text` (letters, digits and `_`
/// between braces); anything else in braces is plain text.
pub fn each_placeholder(text: &str, mut on_name: impl FnMut(&str)) {
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
        let edition = self.edition;
        Some(match name {
            "greeting" => greeting(self.first_name),
            "first_name" => self.first_name.to_owned(),
            "last_name" => self.last_name.to_owned(),
            "year" => self.edition.year.to_string(),
            "abstract_name" => self.abstract_name.to_owned(),
            "confirm_by" => date(self.edition.confirm_attendance_by),
            "final_materials_by" => date(self.edition.final_materials_by),
            "confirmation_form_url" => self.edition.confirmation_form_url.clone().unwrap_or_default(),
            "contact_email" => self.edition.contact_email.clone(),
            "site_url" => self.site_url.to_owned(),
            // How presenters confirm and send their materials, as the
            // edition's settings say: on the site, or the form and e-mail.
            "confirm_how" => match (&edition.confirmation_form_url, edition.attendance_in_app) {
                (_, true) => "on the site, on your congratulations page (link below)".to_owned(),
                (Some(form), false) => format!("using this form: {form}"),
                (None, false) => "using the confirmation form, which we will send you".to_owned(),
            },
            "materials_how" => {
                if edition.attendance_in_app {
                    "by uploading them on that page".to_owned()
                } else {
                    format!("by e-mail to {}", edition.contact_email)
                }
            }
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
        .letter_template(kind)
        .await?
        .ok_or_else(|| ApiError::Internal(anyhow::anyhow!("the {} template is missing", kind.as_str())))?;
    Ok(Letter { subject: render(&template.subject, facts), body: render(&template.body, facts) })
}

/// Whom a decision letter goes to: a submission's author, and its title.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Addressee {
    pub title: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
}

impl Addressee {
    /// "Ada Lovelace", or the address when the account has no name yet.
    pub fn name(&self) -> String {
        display_name(&self.first_name, &self.last_name, &self.email)
    }
}

/// The e-mail telling the author of a decision, from the admins' template;
/// none (and an error logged) when the stored address does not parse.
pub async fn letter_to_author(
    state: &AppState,
    author: &Addressee,
    kind: TemplateKind,
) -> ApiResult<Option<(Email, Letter)>> {
    let edition = state.db.current_edition().await?.ok_or_else(ApiError::not_found)?;
    let site_url = state.config.public_url().as_str().trim_end_matches('/').to_owned();
    let facts = LetterFacts {
        first_name: &author.first_name,
        last_name: &author.last_name,
        abstract_name: &author.title,
        edition: &edition,
        site_url: &site_url,
    };
    let letter = letter(&state.db, kind, &facts).await?;
    match Email::parse(&author.email) {
        Ok(to) => Ok(Some((to, letter))),
        Err(error) => {
            tracing::error!(error, "an author's stored address does not parse; no e-mail sent");
            Ok(None)
        }
    }
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
    fn an_unknown_stored_template_kind_is_refused() {
        assert_eq!("rejection".parse::<TemplateKind>().unwrap(), TemplateKind::Rejection);
        for stored in ["", "Acceptance", "accepted", "acceptance "] {
            assert!(stored.parse::<TemplateKind>().is_err(), "{stored:?}");
        }
    }
}
