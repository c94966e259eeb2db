//! Edition settings: the call window, limits, deadlines and links of each
//! year, and creating next year's edition, so the society opens a new call
//! without a developer.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use time::format_description::well_known::Rfc3339;
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

use super::edition_proposal::{Basis, call_over, next_edition};
use super::store::editions::{Announcement, EditionDeletion};
use crate::accounts::fields::FieldErrors;
use crate::accounts::session::Admin;
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::content::edition_dates::{EditionDates, parse_day};
use crate::content::editions::{Edition, plausible_year};
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::uploads::MAX_UPLOAD_REQUEST_BYTES;
use crate::{AppState, clock};

pub use super::types::ValidSettings;

/// A time as the forms send it: RFC 3339 with any offset; empty or null
/// is not set.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(value_type = String, format = DateTime)]
pub struct TimeField(String);

/// The settings an admin edits. Times are RFC 3339 (any offset) or null.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EditionSettings {
    /// Before `call_closes_at` when both are set.
    pub call_opens_at: Option<TimeField>,
    pub call_closes_at: Option<TimeField>,
    #[schema(minimum = 1, maximum = 10000)]
    pub word_limit: i64,
    /// 1 KiB to 64 MiB, the largest upload the server reads.
    #[schema(minimum = 1024, maximum = 67108864)]
    pub max_file_bytes: i64,
    /// How many abstracts one author may submit, 1 to 100.
    #[schema(minimum = 1, maximum = 100)]
    pub max_submissions_per_author: i64,
    pub confirm_attendance_by: Option<TimeField>,
    pub final_materials_by: Option<TimeField>,
    #[schema(schema_with = form_link)]
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
    /// The conference day, YYYY-MM-DD in Pacific time. Absent: unchanged;
    /// empty: not set.
    #[schema(pattern = r"^(|[0-9]{4}-[0-9]{2}-[0-9]{2})$")]
    pub conference_on: Option<String>,
    /// When applicants hear the decisions. Absent: unchanged; empty: not set.
    pub decisions_at: Option<TimeField>,
    /// The keywords submissions choose from, saved with the settings (both
    /// or neither): 1 to 40, each 1 to 60 characters, unique ignoring case.
    /// Absent: unchanged.
    #[schema(min_items = 1, max_items = 40)]
    pub keywords: Option<Vec<String>>,
}

/// The external confirmation form's link as the API documents it: an
/// http(s) link, empty or null (`form_url` checks it).
fn form_link() -> Object {
    ObjectBuilder::new()
        .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
        .description(Some("An http(s) link, or empty or null for none."))
        .max_length(Some(2000))
        .pattern(Some(r"^(|https?://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(/[A-Za-z0-9._~/-]*)?)$"))
        .build()
}

/// The smallest and largest storage quota for an edition's final materials.
pub const MIN_MATERIALS_QUOTA: i64 = 1 << 20;
pub const MAX_MATERIALS_QUOTA: i64 = 1 << 40;

pub const MAX_WORD_LIMIT: i64 = 10_000;
pub const MIN_FILE_BYTES: i64 = 1024;
pub const MAX_SUBMISSIONS_PER_AUTHOR: i64 = 100;

fn time(raw: &Option<TimeField>) -> Result<Option<OffsetDateTime>, String> {
    match raw.as_ref().map(|TimeField(raw)| raw.trim()) {
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

/// A conference day, or none for an empty value.
fn day(raw: &Option<String>) -> Result<Option<Date>, String> {
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(raw) => parse_day(raw).map(Some),
    }
}

/// Records each date of `dates` that is out of order under its field.
fn check_order(errors: &mut FieldErrors, dates: &EditionDates) {
    for problem in dates.out_of_order() {
        errors.check::<()>(problem.field, Err(problem.message));
    }
}

impl EditionSettings {
    /// The settings, checked, with the day and decisions date the request
    /// leaves out taken from `stored`; every date in order (the review
    /// deadline, from the review settings, included).
    fn validate(&self, stored: &Edition) -> Result<ValidSettings, ApiError> {
        let mut errors = FieldErrors::default();
        let opens = errors.check("call_opens_at", time(&self.call_opens_at));
        let closes = errors.check("call_closes_at", time(&self.call_closes_at));
        let conference_on = match &self.conference_on {
            None => errors.check("conference_on", stored.conference_on.as_deref().map(parse_day).transpose()),
            given => errors.check("conference_on", day(given)),
        };
        let decisions_at = match &self.decisions_at {
            None => Some(stored.decisions_at),
            given => errors.check("decisions_at", time(given)),
        };
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
        let keywords = errors.check("keywords", self.keywords.as_deref().map(keyword_list).transpose());
        // What could not be read is left out of the order (its own message
        // stands).
        let dates = EditionDates {
            call_opens_at: opens.flatten(),
            call_closes_at: closes.flatten(),
            review_deadline: stored.review_deadline,
            decisions_at: decisions_at.flatten(),
            confirm_attendance_by: confirm.flatten(),
            final_materials_by: materials.flatten(),
            conference_on: conference_on.flatten(),
        };
        check_order(&mut errors, &dates);
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
            conference_on: conference_on.ok_or_else(missing)?.map(|day| day.to_string()),
            decisions_at: decisions_at.ok_or_else(missing)?,
            keywords: keywords.ok_or_else(missing)?,
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

/// Changes an edition's settings, and its keywords when sent.
///
/// The settings and the keyword list are saved together, in one
/// transaction with one log entry: a refused setting or keyword saves
/// neither.
#[utoipa::path(
    put,
    path = "/api/admin/editions/{year}",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year")),
    request_body = EditionSettings,
    responses(
        (status = 200, description = "The edition after the change", body = Edition),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 422, description = "A setting or the keyword list is invalid", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn update_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
    Json(settings): Json<EditionSettings>,
) -> ApiResult<Json<Edition>> {
    let stored = state.db.edition(year).await?.ok_or_else(no_such_edition)?;
    let settings = settings.validate(&stored)?;
    // The form sends the list with every save: the log names the keywords
    // only when they change.
    let what = match &settings.keywords {
        Some(keywords) if *keywords != stored.keywords => "settings and keywords",
        _ => "settings",
    };
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionUpdated,
        summary: format!("Updated the {what} of SCULC {year}"),
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

/// A new edition as the guided form sends it. A date or link left out
/// takes the proposal's value (`GET /api/admin/editions/proposal`); an
/// empty one is not set. Times are RFC 3339.
#[derive(Debug, Deserialize, ToSchema)]
pub struct NewEdition {
    /// From 2000 to two years after this calendar year.
    #[schema(minimum = 2000)]
    pub year: i32,
    /// YYYY-MM-DD in Pacific time.
    #[schema(pattern = r"^(|[0-9]{4}-[0-9]{2}-[0-9]{2})$")]
    pub conference_on: Option<String>,
    pub call_opens_at: Option<TimeField>,
    pub call_closes_at: Option<TimeField>,
    pub review_deadline: Option<TimeField>,
    pub decisions_at: Option<TimeField>,
    pub confirm_attendance_by: Option<TimeField>,
    pub final_materials_by: Option<TimeField>,
    #[schema(schema_with = form_link)]
    pub confirmation_form_url: Option<String>,
    /// True once the chair has been told that the call would already be
    /// over and goes ahead (a call run elsewhere); else such a call is
    /// refused with the code `call_over` and the reason.
    #[serde(default)]
    pub call_over_confirmed: bool,
}

/// Whether to go ahead with a call that is already over.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AnnounceOptions {
    /// True once the chair has been told that the call is over.
    #[serde(default)]
    pub call_over_confirmed: bool,
}

/// Refuses, with the reason, an edition whose call would already be over,
/// unless the chair was asked and confirmed.
fn refuse_a_call_over(edition: &Edition, confirmed: bool) -> ApiResult<()> {
    match call_over(edition, clock::now()) {
        Some(reason) if !confirmed => Err(ApiError::coded(StatusCode::CONFLICT, "call_over", reason)),
        _ => Ok(()),
    }
}

/// What the guided form starts from: the first edition after the newest
/// one whose call is not over yet, its dates on the newest's weekdays, as
/// creating it with nothing but its year would make it.
#[utoipa::path(
    get,
    path = "/api/admin/editions/proposal",
    tag = "admin",
    responses((status = 200, description = "The next edition, proposed (not created)", body = Edition)),
    security(("session" = []))
)]
pub async fn get_edition_proposal(
    State(state): State<AppState>,
    Admin(_admin): Admin,
) -> ApiResult<Json<Edition>> {
    let newest = state.db.newest_edition().await?.ok_or_else(no_such_edition)?;
    Ok(Json(next_edition(&state, newest).await?))
}

/// `given`, or `proposed` when the request leaves it out.
fn given_or(
    given: &Option<TimeField>,
    proposed: Option<OffsetDateTime>,
) -> Result<Option<OffsetDateTime>, String> {
    match given {
        None => Ok(proposed),
        given => time(given),
    }
}

/// Creates the next edition from the newest one, guided: the dates the
/// form sends (else the proposal's), in order; limits, contact and
/// keywords copied. It is not announced: the public site, the banner and
/// the call do not change until an admin announces it. Its pages start as
/// a draft copied from the newest edition's, for the site editor.
#[utoipa::path(
    post,
    path = "/api/admin/editions",
    tag = "admin",
    request_body = NewEdition,
    responses(
        (status = 201, description = "The new edition, not announced yet", body = Edition),
        (status = 409, description = "The year is not after the newest edition, or its call would already be over (code `call_over`) and that was not confirmed", body = ErrorBody),
        (status = 422, description = "Not a plausible year, or a date invalid or out of order", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn create_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Json(new): Json<NewEdition>,
) -> ApiResult<(StatusCode, Json<Edition>)> {
    crate::accounts::fields::one("year", plausible_year(new.year, clock::now()))?;
    let newest = state.db.newest_edition().await?.ok_or_else(no_such_edition)?;
    let too_early = || {
        ApiError::Conflict(format!(
            "A new edition must come after SCULC {}; SCULC {} cannot be created.",
            newest.year, new.year
        ))
    };
    if new.year <= newest.year {
        return Err(too_early());
    }
    let proposal = Basis::load(&state, newest.clone()).await?.propose(new.year);
    let mut errors = FieldErrors::default();
    let conference_on = errors.check(
        "conference_on",
        match &new.conference_on {
            None => Ok(proposal.conference_on.as_deref().and_then(|day| parse_day(day).ok())),
            given => day(given),
        },
    );
    let opens = errors.check("call_opens_at", given_or(&new.call_opens_at, proposal.call_opens_at));
    let closes = errors.check("call_closes_at", given_or(&new.call_closes_at, proposal.call_closes_at));
    let review = errors.check("review_deadline", given_or(&new.review_deadline, proposal.review_deadline));
    let decisions = errors.check("decisions_at", given_or(&new.decisions_at, proposal.decisions_at));
    let confirm = errors
        .check("confirm_attendance_by", given_or(&new.confirm_attendance_by, proposal.confirm_attendance_by));
    let materials =
        errors.check("final_materials_by", given_or(&new.final_materials_by, proposal.final_materials_by));
    let form = errors.check(
        "confirmation_form_url",
        match &new.confirmation_form_url {
            None => Ok(proposal.confirmation_form_url.clone()),
            given => form_url(given),
        },
    );
    let dates = EditionDates {
        call_opens_at: opens.flatten(),
        call_closes_at: closes.flatten(),
        review_deadline: review.flatten(),
        decisions_at: decisions.flatten(),
        confirm_attendance_by: confirm.flatten(),
        final_materials_by: materials.flatten(),
        conference_on: conference_on.flatten(),
    };
    check_order(&mut errors, &dates);
    errors.finish()?;
    let checked = Edition { call_closes_at: dates.call_closes_at, ..proposal.clone() };
    refuse_a_call_over(&checked, new.call_over_confirmed)?;
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionCreated,
        summary: format!(
            "Created SCULC {} from the settings of SCULC {} (not announced yet)",
            new.year, newest.year
        ),
    };
    let edition = Edition {
        call_opens_at: dates.call_opens_at,
        call_closes_at: dates.call_closes_at,
        confirm_attendance_by: dates.confirm_attendance_by,
        final_materials_by: dates.final_materials_by,
        confirmation_form_url: form.flatten(),
        conference_on: dates.conference_on.map(|day| day.to_string()),
        decisions_at: dates.decisions_at,
        review_deadline: dates.review_deadline,
        ..proposal
    };
    let created = state.db.create_edition_audited(&edition, &entry).await?;
    if !created {
        return Err(too_early());
    }
    if let Err(error) = state.db.start_edition_draft(newest.year, new.year, dates.conference_on, &actor).await
    {
        // The edition stands; the editors can still start its pages by hand.
        tracing::warn!(error = format!("{error:#}"), year = new.year, "could not copy the edition's pages");
    }
    let edition = state.db.edition(new.year).await?.ok_or_else(no_such_edition)?;
    Ok((StatusCode::CREATED, Json(edition)))
}

/// Puts an edition on the public site: the nav lists it, the banner and
/// `/sculc` turn to it, `/sculc-program.pdf` becomes its program, and its
/// call opens when its window starts. It cannot be taken back (the site
/// has told the public); the activity log records who did it.
#[utoipa::path(
    post,
    path = "/api/admin/editions/{year}/announce",
    tag = "admin",
    params(("year" = i32, Path, description = "The edition's year"), AnnounceOptions),
    responses(
        (status = 200, description = "The edition, announced", body = Edition),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 409, description = "It is announced already, or its call is over (code `call_over`) and that was not confirmed", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn announce_edition(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
    Query(options): Query<AnnounceOptions>,
) -> ApiResult<Json<Edition>> {
    let edition = state.db.edition(year).await?.ok_or_else(no_such_edition)?;
    if edition.announced_at.is_none() {
        refuse_a_call_over(&edition, options.call_over_confirmed)?;
    }
    let actor = Actor::admin(&admin);
    let entry = NewEntry {
        actor: &actor,
        action: AuditAction::EditionUpdated,
        summary: format!("Announced SCULC {year} on the site"),
    };
    match state.db.announce_edition_audited(year, &entry).await? {
        Announcement::Announced => {}
        Announcement::AlreadyAnnounced => {
            return Err(ApiError::Conflict(format!("SCULC {year} is on the site already.")));
        }
        Announcement::NoSuchEdition => return Err(no_such_edition()),
    }
    // `/sculc-program.pdf` is the announced edition's.
    state.program_pdf.forget();
    Ok(Json(state.db.edition(year).await?.ok_or_else(no_such_edition)?))
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
    use super::keyword_list;

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
}
