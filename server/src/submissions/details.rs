//! What a submission says it is, beside its PDF: a title, the co-authors
//! (the submitter is the corresponding author), up to three keywords from
//! the edition's list and a preferred format. Parsed at the boundary, from
//! the upload's text parts or an edit's JSON, into `Details`; every bad
//! field gets its own message in one 422 answer.

use serde::{Deserialize, Serialize};
use time::Duration;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::fields::FieldErrors;
use crate::db::Db;
use crate::email::Email;
use crate::error::{ApiError, ApiResult};
use crate::rate_limit::Limit;
use crate::stored::stored_enum;

pub const MAX_TITLE_CHARS: usize = 300;
pub const MAX_COAUTHORS: usize = 10;
pub const MAX_KEYWORDS: usize = 3;
const MAX_COAUTHOR_FIELD_CHARS: usize = 200;

stored_enum! {
    /// How the author would like to present.
    pub enum PreferredFormat("preferred format") {
        Talk = "talk",
        Poster = "poster",
        Either = "either",
        Virtual = "virtual",
    }
}

impl PreferredFormat {
    /// As the author gave it in the form (stored values are read strictly,
    /// by `FromStr`).
    pub fn parse(raw: &str) -> Result<Self, String> {
        match raw.trim() {
            "talk" => Ok(Self::Talk),
            "poster" => Ok(Self::Poster),
            // Not saying is saying either.
            "either" | "" => Ok(Self::Either),
            "virtual" => Ok(Self::Virtual),
            _ => Err("Choose talk, poster, either or virtual.".into()),
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Talk => "Talk",
            Self::Poster => "Poster",
            Self::Either => "Either",
            Self::Virtual => "Virtual",
        }
    }
}

/// A co-author as the submitter typed them, before checking.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct CoauthorInput {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub institution: String,
}

/// The details as sent: the upload's text parts, or an edit's body.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct DetailsInput {
    /// 1–300 characters.
    #[serde(default)]
    pub title: String,
    /// At most 10; the submitter is the corresponding author and is not listed.
    #[serde(default)]
    pub coauthors: Vec<CoauthorInput>,
    /// At most 3, each from the edition's list.
    #[serde(default)]
    pub keywords: Vec<String>,
    /// `talk`, `poster`, `either` (also when empty or missing) or `virtual`.
    #[serde(default)]
    pub preferred_format: String,
}

/// A co-author, checked; `email` is lower-cased.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Coauthor {
    pub name: String,
    pub email: String,
    pub institution: String,
}

/// How many co-authors an author may newly name (each gets an e-mail from
/// the site) in a day: well above any real submission's, low enough that
/// nobody can use the site to e-mail strangers at will by renaming
/// co-authors over and over.
pub const NEW_COAUTHORS: Limit = Limit { scope: "new-coauthors", max: 30, window: Duration::days(1) };
pub const NEW_COAUTHORS_MESSAGE: &str = "You have named more new co-authors today than the site e-mails in a day. \
     Please try again tomorrow, or write to the organisers.";

impl Details {
    /// Takes one of `author`'s `NEW_COAUTHORS` slots for each co-author not
    /// in `already` (the addresses the submission lists now), each of whom
    /// will be e-mailed; 429 once they are used up.
    pub async fn take_coauthor_emails(&self, db: &Db, author: Uuid, already: &[String]) -> ApiResult<()> {
        let new = self.coauthors.iter().filter(|c| !already.contains(&c.email)).count();
        for _ in 0..new {
            db.take(&NEW_COAUTHORS, &author.to_string(), NEW_COAUTHORS_MESSAGE).await?;
        }
        Ok(())
    }
}

/// The details, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Details {
    pub title: String,
    pub coauthors: Vec<Coauthor>,
    /// As the edition's list spells them, in its order.
    pub keywords: Vec<String>,
    pub preferred_format: PreferredFormat,
}

/// Text others read (organisers, reviewers, the co-authors' e-mail): trimmed,
/// composed (NFC) without bidirectional controls, no control characters (so no line breaks
/// in an e-mail), within `max` characters.
fn text(raw: &str, max: usize, missing: &str, what: &str) -> Result<String, String> {
    let cleaned = crate::text::composed(raw);
    let cleaned = cleaned.trim();
    if cleaned.is_empty() {
        return Err(missing.to_owned());
    }
    if cleaned.chars().count() > max {
        return Err(format!("{what} can be at most {max} characters long."));
    }
    if cleaned.chars().any(char::is_control) {
        return Err(format!("{what} contains characters that are not allowed (such as line breaks)."));
    }
    Ok(cleaned.to_owned())
}

pub fn title(raw: &str) -> Result<String, String> {
    text(raw, MAX_TITLE_CHARS, "Please enter the title of your abstract.", "The title")
}

impl DetailsInput {
    /// Checks every field against the edition's `offered` keywords; the
    /// submitter's own address may not be listed as a co-author.
    pub fn parse(&self, offered: &[String], submitter_email: &str) -> Result<Details, ApiError> {
        let mut errors = FieldErrors::default();
        let title = errors.check("title", title(&self.title));
        let mut coauthors = Vec::new();
        if self.coauthors.len() > MAX_COAUTHORS {
            errors.check::<()>("coauthors", Err(format!("You can list at most {MAX_COAUTHORS} co-authors.")));
        } else {
            for (i, input) in self.coauthors.iter().enumerate() {
                let field = |name: &str| format!("coauthors.{i}.{name}");
                let name = errors.check(
                    &field("name"),
                    text(
                        &input.name,
                        MAX_COAUTHOR_FIELD_CHARS,
                        "Please enter the co-author's name.",
                        "A name",
                    ),
                );
                let email = errors.check(&field("email"), Email::parse(&input.email));
                let email = email.and_then(|email| {
                    let taken = self.coauthors[..i]
                        .iter()
                        .any(|other| Email::parse(&other.email).is_ok_and(|other| other == email));
                    let own = email.as_str() == submitter_email.trim().to_lowercase();
                    let problem = if own {
                        Some("You are the corresponding author: list only the other authors.")
                    } else if taken {
                        Some("This co-author is listed twice.")
                    } else {
                        None
                    };
                    errors.check(&field("email"), problem.map_or(Ok(email), |p| Err(p.to_owned())))
                });
                let institution = errors.check(
                    &field("institution"),
                    text(
                        &input.institution,
                        MAX_COAUTHOR_FIELD_CHARS,
                        "Please enter the co-author's institution.",
                        "An institution",
                    ),
                );
                coauthors.push(match (name, email, institution) {
                    (Some(name), Some(email), Some(institution)) => {
                        Some(Coauthor { name, email: email.as_str().to_owned(), institution })
                    }
                    _ => None,
                });
            }
        }
        let keywords = errors.check("keywords", keywords(&self.keywords, offered));
        let format = errors.check("preferred_format", PreferredFormat::parse(&self.preferred_format));
        errors.finish()?;
        let missing = || ApiError::Internal(anyhow::anyhow!("a checked detail is missing"));
        Ok(Details {
            title: title.ok_or_else(missing)?,
            coauthors: coauthors.into_iter().collect::<Option<Vec<_>>>().ok_or_else(missing)?,
            keywords: keywords.ok_or_else(missing)?,
            preferred_format: format.ok_or_else(missing)?,
        })
    }
}

/// The chosen keywords, spelt and ordered as the edition's list has them.
fn keywords(chosen: &[String], offered: &[String]) -> Result<Vec<String>, String> {
    let mut picked = Vec::new();
    for raw in chosen {
        let raw = raw.trim();
        match offered.iter().position(|k| k.to_lowercase() == raw.to_lowercase()) {
            Some(at) if !picked.contains(&at) => picked.push(at),
            Some(_) => {}
            None => {
                let shown: String = raw.chars().take(60).collect();
                return Err(format!("‘{shown}’ is not one of this edition's keywords."));
            }
        }
    }
    if picked.len() > MAX_KEYWORDS {
        return Err(format!("Choose at most {MAX_KEYWORDS} keywords."));
    }
    picked.sort_unstable();
    Ok(picked.into_iter().map(|at| offered[at].clone()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The form's answer may be blank (either); a stored one must be one of
    /// the four, as written (it used to be read as the form's answer).
    #[test]
    fn a_stored_preferred_format_is_read_strictly() {
        assert_eq!(PreferredFormat::parse(" ").unwrap(), PreferredFormat::Either);
        assert_eq!("virtual".parse::<PreferredFormat>().unwrap(), PreferredFormat::Virtual);
        for stored in ["", " talk", "Talk", "both"] {
            assert!(stored.parse::<PreferredFormat>().is_err(), "{stored:?}");
        }
    }

    fn offered() -> Vec<String> {
        ["Phonetics", "Syntax", "Semantics", "Language acquisition"].map(String::from).to_vec()
    }

    fn input() -> DetailsInput {
        DetailsInput {
            title: "  Tone sandhi in Southern Min ".into(),
            coauthors: vec![CoauthorInput {
                name: "Grace Hopper".into(),
                email: "Grace@Example.org".into(),
                institution: "Vassar".into(),
            }],
            keywords: vec!["syntax".into(), "Phonetics".into()],
            preferred_format: "talk".into(),
        }
    }

    fn fields(error: ApiError) -> Vec<String> {
        match error {
            ApiError::Unprocessable { fields, .. } => fields.into_keys().collect(),
            other => panic!("expected 422, got {other:?}"),
        }
    }

    #[test]
    fn good_details_are_trimmed_lower_cased_and_ordered_as_offered() {
        let details = input().parse(&offered(), "ada@example.edu").unwrap();
        assert_eq!(details.title, "Tone sandhi in Southern Min");
        assert_eq!(details.coauthors[0].email, "grace@example.org");
        assert_eq!(details.keywords, ["Phonetics", "Syntax"]);
        assert_eq!(details.preferred_format, PreferredFormat::Talk);
    }

    #[test]
    fn each_bad_field_is_named() {
        let mut bad = input();
        bad.title = " ".into();
        bad.coauthors.push(CoauthorInput { name: "".into(), email: "x".into(), institution: "".into() });
        bad.keywords = vec!["Phonology".into()];
        bad.preferred_format = "dance".into();
        assert_eq!(
            fields(bad.parse(&offered(), "ada@example.edu").unwrap_err()),
            [
                "coauthors.1.email",
                "coauthors.1.institution",
                "coauthors.1.name",
                "keywords",
                "preferred_format",
                "title"
            ]
        );
    }

    #[test]
    fn limits_hold() {
        let mut bad = input();
        bad.title = "é".repeat(301);
        bad.keywords = offered();
        bad.coauthors = (0..11)
            .map(|i| CoauthorInput {
                name: format!("A{i}"),
                email: format!("a{i}@example.org"),
                institution: "X".into(),
            })
            .collect();
        assert_eq!(
            fields(bad.parse(&offered(), "ada@example.edu").unwrap_err()),
            ["coauthors", "keywords", "title"]
        );
        let mut ok = input();
        ok.title = "é".repeat(300);
        assert!(ok.parse(&offered(), "ada@example.edu").is_ok());
    }

    #[test]
    fn a_line_break_cannot_reach_an_email_and_duplicates_or_oneself_are_refused() {
        let mut bad = input();
        bad.title = "A\r\nBcc: victim@example.org".into();
        bad.coauthors.push(bad.coauthors[0].clone());
        bad.coauthors.push(CoauthorInput {
            name: "Ada".into(),
            email: "ADA@example.edu".into(),
            institution: "X".into(),
        });
        assert_eq!(
            fields(bad.parse(&offered(), "ada@example.edu").unwrap_err()),
            ["coauthors.1.email", "coauthors.2.email", "title"]
        );
    }
}
