//! Certificates (issue 26 item 4). After an event (its day in Pacific time
//! has passed), each member checked in at it may download a certificate of
//! attendance, and each presenter of an accepted submission whose
//! attendance was confirmed a certificate of presentation with the talk's
//! title and co-authors. Both are typeset here (`pdf.rs`, in the fonts
//! `fonts.rs` picks per run of text) and signed by the edition's signatory,
//! whom admins set. A certificate is issued on its first download, with a
//! short random code kept with what it certifies; its verification address
//! `/verify/{code}` shows who, what, which event and when, and nothing more.
//! A name (or title) that the fonts cannot print is refused by its
//! characters, never printed as empty boxes.

pub mod fonts;
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

use self::store::NewCertificate;
use self::types::{
    CertificateKind, Eligible, IssuedCertificate, MyCertificate, VerifiedCertificate, file_name, new_code,
    parse_file, plausible_code, printed_day,
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
/// for a check-in inside the event's check-in window.
async fn available(state: &AppState, user_id: uuid::Uuid) -> ApiResult<Vec<Eligible>> {
    let Some(today) = pacific_date(clock::now()) else { return Ok(Vec::new()) };
    let in_window =
        |starts_at, checked_in_at| CheckInWindow::of(starts_at, &state.config).holds(checked_in_at);
    let mut eligible = state.db.certificates_eligible(user_id, in_window).await?;
    eligible.retain(|e| e.event_on < today);
    Ok(eligible)
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
        signatory_name: eligible.signatory.0.clone(),
        signatory_title: eligible.signatory.1.clone(),
        issued_at: clock::now(),
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
            None => pdf::check(&draft(&eligible, user.id, &name), &verify_url(&state, "xxxxxxxxxx"))
                .err()
                .map(|unprintable| unprintable.message()),
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
            if let Err(unprintable) = pdf::check(&draft, &verify_url(&state, &code)) {
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
    let bytes = tokio::task::spawn_blocking(move || pdf::render(&certificate, &url))
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
    };
    let mut response = Json(verified).into_response();
    response.headers_mut().insert("x-robots-tag", HeaderValue::from_static("noindex"));
    Ok(response)
}

/// Who signs an edition's certificates.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Signatory {
    /// "Dr. Ada Lovelace" (empty: no signature line).
    #[schema(max_length = 120)]
    pub name: String,
    /// "Faculty Advisor, Department of Linguistics" (empty: none).
    #[schema(max_length = 120)]
    pub title: String,
}

/// Edition `year`'s certificate signatory.
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
    let (name, title) = state.db.edition_signatory(year).await?.ok_or_else(no_edition)?;
    Ok(Json(Signatory { name, title }))
}

fn no_edition() -> ApiError {
    ApiError::NotFound("There is no such edition.".into())
}

/// Sets who signs edition `year`'s certificates. Certificates issued
/// before keep the signatory they were issued with.
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
        (status = 422, description = "Too long, or a character the fonts cannot print", body = ErrorBody),
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
            match fonts::runs(value, fonts::Face::Sans)? {
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
    if !fields.is_empty() {
        return Err(ApiError::Unprocessable { message: "Check the signatory.".into(), fields });
    }
    let actor = Actor::admin(&admin);
    let summary = if name.is_empty() {
        format!("Cleared SCULC {year}'s certificate signatory")
    } else {
        format!("Set SCULC {year}'s certificate signatory to “{name}”")
    };
    let entry = NewEntry { actor: &actor, action: AuditAction::EditionUpdated, summary };
    if !state.db.set_edition_signatory(year, &name, &title, &entry).await? {
        return Err(no_edition());
    }
    Ok(Json(Signatory { name, title }))
}
