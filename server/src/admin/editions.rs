//! Edition settings: the call window, limits, deadlines and links of each
//! year, and creating next year's edition, so the society opens a new call
//! without a developer.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use utoipa::ToSchema;

use super::store::editions::EditionDeletion;
use crate::accounts::email::Email;
use crate::accounts::fields::FieldErrors;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::content::editions::{CONFERENCE_TIME_ZONE, Edition, plausible_year};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::uploads::MAX_UPLOAD_REQUEST_BYTES;
use crate::{AppState, clock};

pub use super::types::ValidSettings;

/// The settings an admin edits. Times are RFC 3339 (any offset) or null.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditionSettings {
    /// Before `call_closes_at` when both are set.
    #[schema(format = DateTime)]
    pub call_opens_at: Option<String>,
    #[schema(format = DateTime)]
    pub call_closes_at: Option<String>,
    #[schema(minimum = 1, maximum = 10000)]
    pub word_limit: i64,
    /// 1 KiB to 64 MiB, the largest upload the server reads.
    #[schema(minimum = 1024, maximum = 67108864)]
    pub max_file_bytes: i64,
    /// How many abstracts one author may submit, 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    pub max_submissions_per_author: i64,
    #[schema(format = DateTime)]
    pub confirm_attendance_by: Option<String>,
    #[schema(format = DateTime)]
    pub final_materials_by: Option<String>,
    /// An http(s) link, or null/empty for none.
    #[schema(
        max_length = 2000,
        pattern = r"^(|https?://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(/[A-Za-z0-9._~/-]*)?)$"
    )]
    pub confirmation_form_url: Option<String>,
    #[schema(schema_with = crate::accounts::api::email_address)]
    pub contact_email: String,
    /// 1 KiB to 64 MiB: the largest slides or poster PDF. Absent: unchanged.
    #[schema(minimum = 1024, maximum = 67108864)]
    pub max_materials_bytes: Option<i64>,
    /// Presenters answer on the site (true) or through the external form
    /// (false). Absent: unchanged.
    pub attendance_in_app: Option<bool>,
    /// 1 MiB to 1 TiB: the bytes of final materials the edition may store
    /// (current and kept older files). Absent: unchanged.
    #[schema(minimum = 1048576, maximum = 1099511627776_i64)]
    pub materials_quota_bytes: Option<i64>,
}

/// The smallest and largest storage quota for an edition's final materials.
pub const MIN_MATERIALS_QUOTA: i64 = 1 << 20;
pub const MAX_MATERIALS_QUOTA: i64 = 1 << 40;

pub const MAX_WORD_LIMIT: i64 = 10_000;
pub const MIN_FILE_BYTES: i64 = 1024;
pub const MAX_SUBMISSIONS_PER_AUTHOR: i64 = 100;

fn time(raw: &Option<String>) -> Result<Option<OffsetDateTime>, String> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(raw) => OffsetDateTime::parse(raw, &Rfc3339)
            .map(|at| Some(clock::to_stored(at)))
            .map_err(|_| "Enter a date and time such as 2026-03-21T23:59:00-07:00.".into()),
    }
}

fn form_url(raw: &Option<String>) -> Result<Option<String>, String> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(raw) => match url::Url::parse(raw) {
            Ok(url) if matches!(url.scheme(), "http" | "https") && url.host().is_some() => {
                Ok(Some(url.to_string()))
            }
            _ => Err("Enter a link that starts with https:// or http://.".into()),
        },
    }
}

impl EditionSettings {
    fn validate(&self) -> Result<ValidSettings, ApiError> {
        let mut errors = FieldErrors::default();
        let opens = errors.check("call_opens_at", time(&self.call_opens_at));
        let closes = errors.check("call_closes_at", time(&self.call_closes_at));
        if let (Some(Some(opens)), Some(Some(closes))) = (opens, closes)
            && opens >= closes
        {
            errors.check::<()>("call_closes_at", Err("The call must close after it opens.".into()));
        }
        let word_limit = errors.check(
            "word_limit",
            if (1..=MAX_WORD_LIMIT).contains(&self.word_limit) {
                Ok(self.word_limit as i32)
            } else {
                Err(format!("The word limit must be between 1 and {MAX_WORD_LIMIT}."))
            },
        );
        let max_bytes = MAX_UPLOAD_REQUEST_BYTES as i64;
        let max_file_bytes = errors.check(
            "max_file_bytes",
            if (MIN_FILE_BYTES..=max_bytes).contains(&self.max_file_bytes) {
                Ok(self.max_file_bytes)
            } else {
                Err(format!("The file size limit must be between 1 KiB and {} MiB.", max_bytes >> 20))
            },
        );
        let per_author = errors.check(
            "max_submissions_per_author",
            if (1..=MAX_SUBMISSIONS_PER_AUTHOR).contains(&self.max_submissions_per_author) {
                Ok(self.max_submissions_per_author as i32)
            } else {
                Err(format!(
                    "The number of submissions per author must be between 1 and {MAX_SUBMISSIONS_PER_AUTHOR}."
                ))
            },
        );
        let max_materials_bytes = errors.check(
            "max_materials_bytes",
            match self.max_materials_bytes {
                Some(bytes) if !(MIN_FILE_BYTES..=max_bytes).contains(&bytes) => Err(format!(
                    "The materials size limit must be between 1 KiB and {} MiB.",
                    max_bytes >> 20
                )),
                other => Ok(other.map(|bytes| bytes as i32)),
            },
        );
        let quota = errors.check(
            "materials_quota_bytes",
            match self.materials_quota_bytes {
                Some(bytes) if !(MIN_MATERIALS_QUOTA..=MAX_MATERIALS_QUOTA).contains(&bytes) => {
                    Err("The storage quota for final materials must be between 1 MiB and 1 TiB.".to_owned())
                }
                other => Ok(other),
            },
        );
        let confirm = errors.check("confirm_attendance_by", time(&self.confirm_attendance_by));
        let materials = errors.check("final_materials_by", time(&self.final_materials_by));
        let form = errors.check("confirmation_form_url", form_url(&self.confirmation_form_url));
        let contact = errors.check("contact_email", Email::parse(&self.contact_email));
        errors.finish()?;
        let missing = || ApiError::Internal(anyhow::anyhow!("a checked setting is missing"));
        Ok(ValidSettings {
            call_opens_at: opens.ok_or_else(missing)?,
            call_closes_at: closes.ok_or_else(missing)?,
            word_limit: word_limit.ok_or_else(missing)?,
            max_file_bytes: max_file_bytes.ok_or_else(missing)?,
            max_submissions_per_author: per_author.ok_or_else(missing)?,
            confirm_attendance_by: confirm.ok_or_else(missing)?,
            final_materials_by: materials.ok_or_else(missing)?,
            confirmation_form_url: form.ok_or_else(missing)?,
            contact_email: contact.ok_or_else(missing)?.as_str().to_owned(),
            max_materials_bytes: max_materials_bytes.ok_or_else(missing)?,
            attendance_in_app: self.attendance_in_app,
            materials_quota_bytes: quota.ok_or_else(missing)?,
        })
    }
}

/// Every edition, newest (the current one) first.
#[utoipa::path(
    get,
    path = "/api/admin/editions",
    tag = "admin",
    responses(
        (status = 200, description = "Every edition, newest first", body = Vec<Edition>),
    ),
    security(("session" = []))
)]
pub async fn list_editions(
    State(state): State<AppState>,
    Admin(_admin): Admin,
) -> ApiResult<Json<Vec<Edition>>> {
    Ok(Json(state.db.editions().await?))
}

/// Changes an edition's settings.
#[utoipa::path(
    put,
    path = "/api/admin/editions/{year}",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    request_body = EditionSettings,
    responses(
        (status = 200, description = "The edition after the change", body = Edition),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 422, description = "A setting is invalid", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
    Json(settings): Json<EditionSettings>,
) -> ApiResult<Json<Edition>> {
    let settings = settings.validate()?;
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionUpdated,
        summary: format!("Updated the settings of SCULC {year}"),
    };
    let updated = state.db.update_edition_audited(year, &settings, &entry).await?;
    if !updated {
        return Err(no_such_edition());
    }
    Ok(Json(state.db.edition(year).await?.ok_or_else(no_such_edition)?))
}

/// An edition's keyword list as an admin sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditionKeywords {
    /// 1 to 40 keywords, each 1 to 60 characters, unique ignoring case.
    #[schema(min_items = 1, max_items = 40)]
    pub keywords: Vec<String>,
}

pub const MAX_KEYWORDS_PER_EDITION: usize = 40;
const MAX_KEYWORD_CHARS: usize = 60;

/// The list, trimmed, or why it cannot be saved.
fn keyword_list(raw: &[String]) -> Result<Vec<String>, String> {
    if raw.is_empty() {
        return Err("Enter at least one keyword.".into());
    }
    if raw.len() > MAX_KEYWORDS_PER_EDITION {
        return Err(format!("An edition can offer at most {MAX_KEYWORDS_PER_EDITION} keywords."));
    }
    let mut list: Vec<String> = Vec::with_capacity(raw.len());
    for keyword in raw {
        let keyword = crate::text::without_bidi_controls(keyword).trim().to_owned();
        if keyword.is_empty() {
            return Err("A keyword cannot be empty.".into());
        }
        if keyword.chars().count() > MAX_KEYWORD_CHARS || keyword.chars().any(char::is_control) {
            return Err(format!(
                "Each keyword is at most {MAX_KEYWORD_CHARS} characters on one line; ‘{}’ is not.",
                keyword.chars().take(MAX_KEYWORD_CHARS).collect::<String>()
            ));
        }
        if list.iter().any(|k| k.to_lowercase() == keyword.to_lowercase()) {
            return Err(format!("‘{keyword}’ is listed twice."));
        }
        list.push(keyword);
    }
    Ok(list)
}

/// Replaces an edition's keyword list. Submissions keep the keywords they
/// chose; new choices come from the new list.
#[utoipa::path(
    put,
    path = "/api/admin/editions/{year}/keywords",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    request_body = EditionKeywords,
    responses(
        (status = 200, description = "The edition after the change", body = Edition),
        (status = 401, description = "No one is signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 422, description = "Empty, too many, too long or repeated keywords", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_edition_keywords(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
    Json(body): Json<EditionKeywords>,
) -> ApiResult<Json<Edition>> {
    let keywords = crate::accounts::fields::one("keywords", keyword_list(&body.keywords))?;
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionUpdated,
        summary: format!("Changed the keywords of SCULC {year}"),
    };
    if !state.db.set_edition_keywords_audited(year, &keywords, &entry).await? {
        return Err(no_such_edition());
    }
    Ok(Json(state.db.edition(year).await?.ok_or_else(no_such_edition)?))
}

fn no_such_edition() -> ApiError {
    ApiError::NotFound("There is no such edition.".into())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewEdition {
    /// From 2000 to two years after this calendar year.
    #[schema(minimum = 2000)]
    pub year: i32,
}

/// The same local date and time `years` later in Pacific time (so a
/// deadline of 11:59 PM stays 11:59 PM across daylight saving; 29 February
/// becomes 28 February).
fn years_later(at: OffsetDateTime, years: i32) -> Option<OffsetDateTime> {
    let zone = jiff::tz::TimeZone::get(CONFERENCE_TIME_ZONE).ok()?;
    let zoned = jiff::Timestamp::from_second(at.unix_timestamp()).ok()?.to_zoned(zone);
    let later = zoned.checked_add(jiff::Span::new().years(years)).ok()?;
    OffsetDateTime::from_unix_timestamp(later.timestamp().as_second()).ok()
}

/// Creates the next edition from the newest one. Limits, contact and form
/// link are copied; the call window and deadlines are copied shifted by the
/// difference in years (same Pacific date and time), since a conference
/// keeps its rhythm from year to year — the admin adjusts them after.
#[utoipa::path(
    post,
    path = "/api/admin/editions",
    tag = "admin",
    request_body = NewEdition,
    responses(
        (status = 201, description = "The new edition, now the current one", body = Edition),
        (status = 409, description = "The year is not after the newest edition", body = ErrorBody),
        (status = 422, description = "Not a plausible year", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn create_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Json(new): Json<NewEdition>,
) -> ApiResult<(StatusCode, Json<Edition>)> {
    crate::accounts::fields::one("year", plausible_year(new.year, clock::now()))?;
    let newest = state.db.current_edition().await?.ok_or_else(no_such_edition)?;
    let too_early = || {
        ApiError::Conflict(format!(
            "A new edition must come after SCULC {}; SCULC {} cannot be created.",
            newest.year, new.year
        ))
    };
    if new.year <= newest.year {
        return Err(too_early());
    }
    let shift = |at: Option<OffsetDateTime>| at.and_then(|at| years_later(at, new.year - newest.year));
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionCreated,
        summary: format!("Created SCULC {} from the settings of SCULC {}", new.year, newest.year),
    };
    // The condition on MAX(year) makes a concurrent creation of an older or
    // equal year insert nothing.
    let edition = Edition {
        year: new.year,
        call_opens_at: shift(newest.call_opens_at),
        call_closes_at: shift(newest.call_closes_at),
        call_open: false,
        confirm_attendance_by: shift(newest.confirm_attendance_by),
        final_materials_by: shift(newest.final_materials_by),
        ..newest.clone()
    };
    let created = state.db.create_edition_audited(&edition, &entry).await?;
    if !created {
        return Err(too_early());
    }
    // `/sculc-program.pdf` is the current edition's, which this one now is.
    state.program_pdf.forget();
    let edition = state.db.edition(new.year).await?.ok_or_else(no_such_edition)?;
    Ok((StatusCode::CREATED, Json(edition)))
}

/// Deletes an edition that has no submissions (a year typed by mistake);
/// the one before it becomes current again. Its sessions, keywords and
/// settings go with it; its published program PDF is removed from storage.
#[utoipa::path(
    delete,
    path = "/api/admin/editions/{year}",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "It has submissions, or it is the only edition", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn delete_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
) -> ApiResult<StatusCode> {
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionDeleted,
        summary: format!("Deleted SCULC {year}"),
    };
    match state.db.delete_edition_audited(year, &entry).await? {
        EditionDeletion::Deleted { program_pdf } => {
            state.program_pdf.forget();
            // A PDF left behind by a failed delete is served by nothing.
            if let Some(key) = program_pdf
                && let Err(error) = state.storage.delete(&key.as_str().into()).await
            {
                tracing::warn!(%error, key, "could not delete a deleted edition's program PDF");
            }
            Ok(StatusCode::NO_CONTENT)
        }
        EditionDeletion::NoSuchEdition => Err(no_such_edition()),
        EditionDeletion::HasSubmissions => Err(ApiError::Conflict(format!(
            "SCULC {year} has submissions, so it cannot be deleted (withdrawn ones count too)."
        ))),
        EditionDeletion::OnlyEdition => Err(ApiError::Conflict(format!(
            "SCULC {year} is the only edition; create another before deleting it."
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::{keyword_list, years_later};

    #[test]
    fn keyword_lists_are_bounded_trimmed_and_unique_ignoring_case() {
        let list = |words: &[&str]| keyword_list(&words.iter().map(|w| w.to_string()).collect::<Vec<_>>());
        assert_eq!(list(&[" Syntax ", "Phonology"]).unwrap(), ["Syntax", "Phonology"]);
        assert!(list(&[]).is_err());
        assert!(list(&["Syntax", "syntax"]).is_err());
        assert!(list(&[" "]).is_err());
        assert!(list(&[&"x".repeat(61)]).is_err());
        assert!(list(&[&"é".repeat(60)]).is_ok());
        assert!(list(&["a\nb"]).is_err());
        let forty: Vec<String> = (0..40).map(|i| format!("k{i}")).collect();
        assert!(keyword_list(&forty).is_ok());
        let forty_one: Vec<String> = (0..41).map(|i| format!("k{i}")).collect();
        assert!(keyword_list(&forty_one).is_err());
    }
    use time::macros::datetime;

    #[test]
    fn a_pacific_deadline_keeps_its_local_time_a_year_later() {
        // 11:59 PM PDT on March 21, 2025 -> 11:59 PM PDT on March 21, 2026.
        assert_eq!(years_later(datetime!(2025-03-22 06:59 UTC), 1), Some(datetime!(2026-03-22 06:59 UTC)));
        // 11:59 PM PST on March 1, 2025 (before the change) stays PST in 2026.
        assert_eq!(years_later(datetime!(2025-03-02 07:59 UTC), 1), Some(datetime!(2026-03-02 07:59 UTC)));
    }
}
