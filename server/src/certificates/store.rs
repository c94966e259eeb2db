//! Certificates' SQL: what a member may get a certificate for, issuing one
//! once, reading one by its code, and an edition's signatory.

use time::OffsetDateTime;
use uuid::Uuid;

use super::types::{CertificateKind, CertificateSettings, Eligible, IssuedCertificate};
use crate::activity::{NewEntry, record_in};
use crate::content::edition_dates::{pacific_date, parse_day};
use crate::db::Db;
use crate::on_db;

/// A certificate as issued, with its edition's signatory and paper as they
/// are now (as issued, for one of no edition).
const CERTIFICATE_SELECT: &str = "SELECT c.code, c.kind, c.user_id, c.name, c.title, c.coauthors, \
     c.event_title, c.event_on, \
     CASE WHEN ed.year IS NULL THEN c.signatory_name ELSE ed.signatory_name END AS signatory_name, \
     CASE WHEN ed.year IS NULL THEN c.signatory_title ELSE ed.signatory_title END AS signatory_title, \
     c.issued_at, COALESCE(ed.certificate_paper, 'letter') AS paper \
     FROM certificates c LEFT JOIN editions ed ON ed.year = c.edition_year";

const SETTINGS_COLUMNS: &str = "signatory_name, signatory_title, certificate_unsigned, certificate_paper";

/// A registration checked in: its id, the event's address, title and
/// start, when it was checked in, and the code of its certificate if issued.
type AttendanceRow = (Uuid, String, String, OffsetDateTime, OffsetDateTime, Option<String>);
/// A presentation: the submission, its title, its edition, the edition's
/// day, its registration event's start, the certificate's code.
type PresentationRow = (Uuid, String, i32, Option<String>, Option<OffsetDateTime>, Option<String>);

/// What a certificate about to be issued prints.
pub struct NewCertificate<'a> {
    pub code: &'a str,
    pub user_id: Uuid,
    pub name: &'a str,
    pub eligible: &'a Eligible,
    pub issued_at: OffsetDateTime,
}

impl Db {
    /// Everything `user_id` may have a certificate for, whenever its event
    /// is (the caller keeps those whose day has passed): each registration
    /// checked in inside its check-in window (`in_window`, of the event's
    /// start and the check-in's time), and each accepted submission whose
    /// presenter confirmed attendance, in an edition with a day.
    pub async fn certificates_eligible(
        &self,
        user_id: Uuid,
        in_window: impl Fn(OffsetDateTime, OffsetDateTime) -> bool,
    ) -> sqlx::Result<Vec<Eligible>> {
        let (attended, presented, coauthors) = on_db!(self, |pool| {
            let attended: Vec<AttendanceRow> = sqlx::query_as(
                "SELECT r.id, e.slug, e.title, e.starts_at, r.checked_in_at, c.code
                 FROM registrations r
                 JOIN events e ON e.id = r.event_id
                 LEFT JOIN certificates c ON c.registration_id = r.id
                 WHERE r.user_id = $1 AND r.checked_in_at IS NOT NULL
                 ORDER BY e.starts_at, r.id",
            )
            .bind(user_id)
            .fetch_all(pool)
            .await?;
            let presented: Vec<PresentationRow> = sqlx::query_as(
                "SELECT s.id, s.title, s.edition_year, ed.conference_on, ev.starts_at, c.code
                 FROM submissions s
                 JOIN attendance a ON a.submission_id = s.id
                 JOIN editions ed ON ed.year = s.edition_year
                 LEFT JOIN events ev ON ev.slug = 'sculc-' || s.edition_year
                 LEFT JOIN certificates c ON c.submission_id = s.id
                 WHERE s.user_id = $1 AND s.status = 'accepted' AND a.response = 'confirmed'
                 ORDER BY s.edition_year, s.number",
            )
            .bind(user_id)
            .fetch_all(pool)
            .await?;
            let coauthors: Vec<(Uuid, String)> = sqlx::query_as(
                "SELECT c.submission_id, c.name FROM submission_coauthors c
                 JOIN submissions s ON s.id = c.submission_id
                 WHERE s.user_id = $1 AND s.status = 'accepted'
                 ORDER BY c.submission_id, c.position",
            )
            .bind(user_id)
            .fetch_all(pool)
            .await?;
            (attended, presented, coauthors)
        });
        let mut eligible = Vec::new();
        for (registration, slug, event_title, starts_at, checked_in_at, code) in attended {
            // A check-in outside the window (an admin's override, or one
            // made before the window existed) certifies nothing.
            if !in_window(starts_at, checked_in_at) {
                continue;
            }
            let Some(event_on) = pacific_date(starts_at) else { continue };
            // An edition's own event (`sculc-2026`) is signed for that
            // edition; any other event for the edition of its year.
            let year = slug.strip_prefix("sculc-").and_then(|y| y.parse().ok()).unwrap_or(event_on.year());
            let settings = self.certificate_settings(year).await?;
            eligible.push(Eligible {
                kind: CertificateKind::Attendance,
                subject: registration,
                title: String::new(),
                coauthors: Vec::new(),
                event_title,
                event_slug: slug,
                event_on,
                edition_year: settings.is_some().then_some(year),
                settings: settings.unwrap_or_else(CertificateSettings::without_edition),
                code,
            });
        }
        for (submission, title, year, conference_on, event_starts, code) in presented {
            let day = conference_on.as_deref().and_then(|day| parse_day(day).ok());
            let Some(event_on) = day.or_else(|| event_starts.and_then(pacific_date)) else { continue };
            eligible.push(Eligible {
                kind: CertificateKind::Presentation,
                subject: submission,
                title,
                coauthors: coauthors
                    .iter()
                    .filter(|(s, _)| *s == submission)
                    .map(|(_, n)| n.clone())
                    .collect(),
                event_title: format!("SCULC {year}"),
                event_slug: crate::registration::types::edition_slug(year),
                event_on,
                edition_year: Some(year),
                settings: self
                    .certificate_settings(year)
                    .await?
                    .unwrap_or_else(CertificateSettings::without_edition),
                code,
            });
        }
        Ok(eligible)
    }

    /// Issues the certificate, unless one was issued for its subject
    /// already (two downloads at once: the first wins); either way, the
    /// certificate for the subject.
    pub async fn issue_certificate(&self, new: &NewCertificate<'_>) -> sqlx::Result<IssuedCertificate> {
        let e = new.eligible;
        let (registration, submission) = match e.kind {
            CertificateKind::Attendance => (Some(e.subject), None),
            CertificateKind::Presentation => (None, Some(e.subject)),
        };
        let column = match e.kind {
            CertificateKind::Attendance => "registration_id",
            CertificateKind::Presentation => "submission_id",
        };
        on_db!(self, |pool| {
            sqlx::query(
                "INSERT INTO certificates (code, kind, user_id, registration_id, submission_id, name, title,
                     coauthors, event_title, event_on, signatory_name, signatory_title, issued_at,
                     edition_year)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
                 ON CONFLICT DO NOTHING",
            )
            .bind(new.code)
            .bind(e.kind.as_str())
            .bind(new.user_id)
            .bind(registration)
            .bind(submission)
            .bind(new.name)
            .bind(&e.title)
            .bind(e.coauthors.join(", "))
            .bind(&e.event_title)
            .bind(e.event_on.to_string())
            .bind(&e.settings.signatory_name)
            .bind(&e.settings.signatory_title)
            .bind(new.issued_at)
            .bind(e.edition_year)
            .execute(pool)
            .await?;
            sqlx::query_as(&format!("{CERTIFICATE_SELECT} WHERE c.{column} = $1"))
                .bind(e.subject)
                .fetch_one(pool)
                .await
        })
    }

    pub async fn certificate_by_code(&self, code: &str) -> sqlx::Result<Option<IssuedCertificate>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("{CERTIFICATE_SELECT} WHERE c.code = $1"))
                .bind(code)
                .fetch_optional(pool)
                .await
        })
    }

    /// Edition `year`'s certificate settings; `None` when there is no such
    /// edition.
    pub async fn certificate_settings(&self, year: i32) -> sqlx::Result<Option<CertificateSettings>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {SETTINGS_COLUMNS} FROM editions WHERE year = $1"))
                .bind(year)
                .fetch_optional(pool)
                .await
        })
    }

    /// Sets edition `year`'s certificate settings, logged; false when there
    /// is no such edition.
    pub async fn set_certificate_settings(
        &self,
        year: i32,
        settings: &CertificateSettings,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<bool> {
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            let changed = sqlx::query(
                "UPDATE editions SET signatory_name = $1, signatory_title = $2, certificate_unsigned = $3,
                     certificate_paper = $4
                 WHERE year = $5",
            )
            .bind(&settings.signatory_name)
            .bind(&settings.signatory_title)
            .bind(settings.certificate_unsigned)
            .bind(settings.certificate_paper.as_str())
            .bind(year)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if changed == 0 {
                return Ok(false);
            }
            record_in!(&mut *tx, entry, year)?;
            tx.commit().await?;
        });
        Ok(true)
    }
}
