//! Certificates (issue 26 item 4). After an event (its day in Pacific time
//! has passed), each member checked in at it may download a certificate of
//! attendance, and each presenter of an accepted submission whose
//! attendance was confirmed a certificate of presentation with the talk's
//! title and co-authors. Both are typeset here (`pdf.rs`, on the site's
//! typesetting floor, `typeset`: any script its faces cover) and signed by
//! the edition's signatory,
//! whom admins set. A certificate is issued on its first download, with a
//! short random code kept with what it certifies; its verification address
//! `/verify/{code}` shows who, what, which event and when, and nothing more.
//! A name (or title) that the fonts cannot print is refused by its
//! characters, never printed as empty boxes.

pub mod pdf;
pub mod store;
pub mod types;

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::pdf::Design;
use self::store::NewCertificate;
use self::types::{
    CertificateKind, CertificateSettings, Eligible, IssuedCertificate, MyCertificate, Paper,
    VerifiedCertificate, file_name, new_code, parse_file, plausible_code, printed_day,
};
use crate::AppState;
use crate::accounts::session::{Admin, CurrentUser};
use crate::activity::{Actor, AuditAction, NewEntry};
use crate::clock;
use crate::content::edition_dates::pacific_date;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::registration::types::CheckInWindow;
use crate::text::display_name;

/// The longest signatory's name or title.
pub const MAX_SIGNATORY_CHARS: usize = 120;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(my_certificates))
        .routes(routes!(download_certificate))
        .routes(routes!(verify_certificate))
        .routes(routes!(get_signatory, set_signatory))
}

/// 422: the certificate would print empty boxes.
fn refused(unprintable: &pdf::Unprintable) -> ApiError {
    ApiError::Unprocessable { message: unprintable.message(), fields: Default::default() }
}

fn no_certificate() -> ApiError {
    ApiError::NotFound("There is no such certificate.".into())
}

/// The member's certificates whose event's day has passed; attendance only
/// for a check-in inside the event's check-in window; none of an edition
/// whose chair has not yet said who signs (unless issued already).
async fn available(state: &AppState, user_id: uuid::Uuid) -> ApiResult<Vec<Eligible>> {
    let Some(today) = pacific_date(clock::now()) else { return Ok(Vec::new()) };
    let in_window =
        |starts_at, checked_in_at| CheckInWindow::of(starts_at, &state.config).holds(checked_in_at);
    let mut eligible = state.db.certificates_eligible(user_id, in_window).await?;
    eligible.retain(|e| e.event_on < today && (e.code.is_some() || e.settings.decided()));
    Ok(eligible)
}

/// What a certificate of the event at `event_slug` prints beside what it
/// certifies: the society, and the event's place as it stands now (as its
/// signatory does), none for an event that has no registration.
async fn design(state: &AppState, paper: Paper, event_slug: &str) -> ApiResult<Design> {
    let society = crate::content::api::society_name(state).await?;
    let place = match state.db.event_by_slug(event_slug).await? {
        Some(event) => crate::registration::place::place_of(&state.db, &event).await?.location,
        None => String::new(),
    };
    Ok(Design { society, place, paper })
}

/// The verification address printed on a certificate.
fn verify_url(state: &AppState, code: &str) -> String {
    format!("{}verify/{code}", state.config.public_url())
}

/// The certificate `eligible` would be if issued now to `name`.
fn draft(eligible: &Eligible, user_id: uuid::Uuid, name: &str) -> IssuedCertificate {
    IssuedCertificate {
        code: String::new(),
        kind: eligible.kind,
        user_id,
        name: name.to_owned(),
        title: eligible.title.clone(),
        coauthors: eligible.coauthors.join(", "),
        event_title: eligible.event_title.clone(),
        event_on: eligible.event_on.to_string(),
        event_day: printed_day(eligible.event_on),
        signatory_name: eligible.settings.signatory_name.clone(),
        signatory_title: eligible.settings.signatory_title.clone(),
        issued_at: clock::now(),
        paper: eligible.settings.certificate_paper,
    }
}

/// The signed-in member's certificates, available once the event's day
/// has passed in Pacific time.
#[utoipa::path(
    get,
    path = "/api/me/certificates",
    tag = "certificates",
    responses(
        (status = 200, description = "The member's certificates", body = Vec<MyCertificate>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn my_certificates(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<Vec<MyCertificate>>> {
    let name = display_name(&user.first_name, &user.last_name, &user.email);
    let mut mine = Vec::new();
    for eligible in available(&state, user.id).await? {
        // Issued: printable as it was; not yet: as the name reads now.
        let refusal = match &eligible.code {
            Some(_) => None,
            None => {
                let design =
                    design(&state, eligible.settings.certificate_paper, &eligible.event_slug).await?;
                pdf::check(&draft(&eligible, user.id, &name), &design, &verify_url(&state, "xxxxxxxxxx"))
                    .err()
                    .map(|unprintable| unprintable.message())
            }
        };
        mine.push(MyCertificate {
            kind: eligible.kind,
            href: format!("/api/me/certificates/{}", file_name(eligible.kind, eligible.subject)),
            event_title: eligible.event_title,
            title: (eligible.kind == CertificateKind::Presentation).then_some(eligible.title),
            event_on: eligible.event_on.to_string(),
            verify_path: eligible.code.map(|code| format!("/verify/{code}")),
            refusal,
        });
    }
    Ok(Json(mine))
}

/// One of the member's certificates as a PDF. The first download issues
/// it (its code and what it prints are kept); later ones give the same
/// certificate.
#[utoipa::path(
    get,
    path = "/api/me/certificates/{file}",
    tag = "certificates",
    params(("file" = String, Path, description = "attendance-{registration id}.pdf or presentation-{submission id}.pdf")),
    responses(
        (status = 200, description = "The certificate", content_type = "application/pdf", body = Vec<u8>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such certificate of this member's, or its event's day has not passed", body = ErrorBody),
        (status = 422, description = "The fonts cannot print a character of the name or title", body = ErrorBody),
    )
)]
pub async fn download_certificate(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(file): Path<String>,
) -> ApiResult<Response> {
    let (kind, subject) = parse_file(&file).ok_or_else(no_certificate)?;
    let eligible = available(&state, user.id)
        .await?
        .into_iter()
        .find(|e| e.kind == kind && e.subject == subject)
        .ok_or_else(no_certificate)?;
    let certificate = match &eligible.code {
        Some(code) => state.db.certificate_by_code(code).await?.ok_or_else(no_certificate)?,
        None => {
            let name = display_name(&user.first_name, &user.last_name, &user.email);
            let draft = draft(&eligible, user.id, &name);
            let code = new_code()?;
            let design = design(&state, draft.paper, &eligible.event_slug).await?;
            if let Err(unprintable) = pdf::check(&draft, &design, &verify_url(&state, &code)) {
                return Err(refused(&unprintable));
            }
            let new = NewCertificate {
                code: &code,
                user_id: user.id,
                name: &name,
                eligible: &eligible,
                issued_at: draft.issued_at,
            };
            state.db.issue_certificate(&new).await?
        }
    };
    // The day as issued, even if the event has moved since.
    let issued_day =
        crate::content::edition_dates::parse_day(&certificate.event_on).unwrap_or(eligible.event_on);
    let certificate = IssuedCertificate { event_day: printed_day(issued_day), ..certificate };
    let url = verify_url(&state, &certificate.code);
    let design = design(&state, certificate.paper, &eligible.event_slug).await?;
    let bytes = tokio::task::spawn_blocking(move || pdf::render(&certificate, &design, &url))
        .await
        .map_err(|e| anyhow::anyhow!("typesetting a certificate: {e}"))??
        .map_err(|unprintable| refused(&unprintable))?;
    let name = match kind {
        CertificateKind::Attendance => "certificate-of-attendance.pdf",
        CertificateKind::Presentation => "certificate-of-presentation.pdf",
    };
    let mut response = bytes.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    headers.insert(header::CONTENT_DISPOSITION, crate::uploads::content_disposition(name));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(response)
}

/// What a certificate's verification address shows: who, what, which
/// event and when. Public: anyone holding the code may check it.
#[utoipa::path(
    get,
    path = "/api/verify/{code}",
    tag = "certificates",
    params(("code" = String, Path, description = "The code printed on the certificate")),
    responses(
        (status = 200, description = "The certificate", body = VerifiedCertificate),
        (status = 404, description = "No certificate has this code", body = ErrorBody),
    )
)]
pub async fn verify_certificate(
    State(state): State<AppState>,
    Path(code): Path<String>,
) -> ApiResult<Response> {
    let code = code.trim().to_ascii_lowercase();
    let unknown = || ApiError::NotFound("There is no certificate with this code.".into());
    if !plausible_code(&code) {
        return Err(unknown());
    }
    let c = state.db.certificate_by_code(&code).await?.ok_or_else(unknown)?;
    let verified = VerifiedCertificate {
        kind: c.kind,
        name: c.name,
        title: (c.kind == CertificateKind::Presentation).then_some(c.title),
        event_title: c.event_title,
        event_on: c.event_on,
        issued_at: c.issued_at,
        signatory: signed_by(&c.signatory_name, &c.signatory_title),
    };
    let mut response = Json(verified).into_response();
    response.headers_mut().insert("x-robots-tag", HeaderValue::from_static("noindex"));
    Ok(response)
}

/// Who signs a certificate, as its verification page says it: "Dr. Ada
/// Lovelace, Faculty Advisor"; `None` when unsigned.
fn signed_by(name: &str, title: &str) -> Option<String> {
    match (name.is_empty(), title.is_empty()) {
        (true, _) => None,
        (false, true) => Some(name.to_owned()),
        (false, false) => Some(format!("{name}, {title}")),
    }
}

/// Who signs an edition's certificates, and the paper they are printed
/// for. Until a name is set or "no signature" chosen, the edition's
/// certificates are not offered.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Signatory {
    /// "Dr. Ada Lovelace" (empty: no signature line).
    #[schema(max_length = 120)]
    pub name: String,
    /// "Faculty Advisor, Department of Linguistics" (empty: none).
    #[schema(max_length = 120)]
    pub title: String,
    /// The chair chose to print certificates without a signature.
    #[serde(default)]
    pub no_signature: bool,
    /// US Letter unless A4 is chosen.
    #[serde(default = "letter")]
    pub paper: Paper,
}

fn letter() -> Paper {
    Paper::Letter
}

impl From<CertificateSettings> for Signatory {
    fn from(settings: CertificateSettings) -> Self {
        Self {
            name: settings.signatory_name,
            title: settings.signatory_title,
            no_signature: settings.certificate_unsigned,
            paper: settings.certificate_paper,
        }
    }
}

/// Edition `year`'s certificate signatory and paper.
#[utoipa::path(
    get,
    path = "/api/admin/editions/{year}/signatory",
    tag = "certificates",
    params(("year" = i32, Path, description = "The edition's year")),
    responses(
        (status = 200, description = "The signatory", body = Signatory),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
    )
)]
pub async fn get_signatory(
    State(state): State<AppState>,
    Admin(_admin): Admin,
    Path(year): Path<i32>,
) -> ApiResult<Json<Signatory>> {
    let settings = state.db.certificate_settings(year).await?.ok_or_else(no_edition)?;
    Ok(Json(settings.into()))
}

fn no_edition() -> ApiError {
    ApiError::NotFound("There is no such edition.".into())
}

/// Sets who signs edition `year`'s certificates (or that none does) and
/// their paper. Every certificate of the edition prints the signatory as
/// set now, those issued before included.
#[utoipa::path(
    put,
    path = "/api/admin/editions/{year}/signatory",
    tag = "certificates",
    params(("year" = i32, Path, description = "The edition's year")),
    request_body = Signatory,
    responses(
        (status = 200, description = "Saved", body = Signatory),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such edition", body = ErrorBody),
        (status = 422, description = "Too long, a character the fonts cannot print, or both a name and no signature", body = ErrorBody),
    )
)]
pub async fn set_signatory(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(year): Path<i32>,
    Json(body): Json<Signatory>,
) -> ApiResult<Json<Signatory>> {
    let name = crate::text::stored_name(body.name.trim());
    let title = crate::text::stored_name(body.title.trim());
    let mut fields = std::collections::BTreeMap::new();
    for (field, value) in [("name", &name), ("title", &title)] {
        let problem = if value.chars().count() > MAX_SIGNATORY_CHARS {
            Some(format!("Keep it to {MAX_SIGNATORY_CHARS} characters."))
        } else {
            match crate::typeset::line(value, crate::typeset::Weight::Regular)? {
                Ok(_) => None,
                Err(characters) => {
                    Some(pdf::Unprintable { field: pdf::Field::Signatory, characters }.message())
                }
            }
        };
        if let Some(problem) = problem {
            fields.insert(field.to_owned(), vec![problem]);
        }
    }
    if body.no_signature && !name.is_empty() {
        let problem = "Either clear the name or print the certificates without a signature, not both.";
        fields.insert("no_signature".to_owned(), vec![problem.to_owned()]);
    }
    if !fields.is_empty() {
        return Err(ApiError::Unprocessable { message: "Check the signatory.".into(), fields });
    }
    let actor = Actor::admin(&admin);
    let summary = if !name.is_empty() {
        format!("Set SCULC {year}'s certificate signatory to “{name}”")
    } else if body.no_signature {
        format!("Chose no signature on SCULC {year}'s certificates")
    } else {
        format!("Cleared SCULC {year}'s certificate signatory")
    };
    let entry = NewEntry { actor: &actor, action: AuditAction::EditionUpdated, summary };
    let settings = CertificateSettings {
        signatory_name: name,
        signatory_title: title,
        certificate_unsigned: body.no_signature,
        certificate_paper: body.paper,
    };
    if !state.db.set_certificate_settings(year, &settings, &entry).await? {
        return Err(no_edition());
    }
    Ok(Json(settings.into()))
}
