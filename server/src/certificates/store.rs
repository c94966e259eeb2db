//! Certificates' SQL: what a member may get a certificate for, issuing one
//! once, reading one by its code, and an edition's signatory.

use time::OffsetDateTime;
use uuid::Uuid;

use super::types::{CertificateKind, Eligible, IssuedCertificate};
use crate::activity::{NewEntry, record_in};
use crate::content::edition_dates::{pacific_date, parse_day};
use crate::db::Db;
use crate::on_db;

const CERTIFICATE_COLUMNS: &str = "code, kind, user_id, name, title, coauthors, event_title, event_on, \
     signatory_name, signatory_title, issued_at";

/// A registration checked in: its id, the event's address, title and
/// start, when it was checked in, and the code of its certificate if issued.
type AttendanceRow = (Uuid, String, String, OffsetDateTime, OffsetDateTime, Option<String>);
/// A presentation: the submission, its title, its edition, the edition's
/// day, its registration event's start, the certificate's code, the
/// signatory.
type PresentationRow =
    (Uuid, String, i32, Option<String>, Option<OffsetDateTime>, Option<String>, String, String);

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
                "SELECT s.id, s.title, s.edition_year, ed.conference_on, ev.starts_at, c.code,
                        ed.signatory_name, ed.signatory_title
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
            let signatory = self.edition_signatory(year).await?.unwrap_or_default();
            eligible.push(Eligible {
                kind: CertificateKind::Attendance,
                subject: registration,
                title: String::new(),
                coauthors: Vec::new(),
                event_title,
                event_on,
                signatory,
                code,
            });
        }
        for (submission, title, year, conference_on, event_starts, code, name, role) in presented {
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
                event_on,
                signatory: (name, role),
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
                     coauthors, event_title, event_on, signatory_name, signatory_title, issued_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
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
            .bind(&e.signatory.0)
            .bind(&e.signatory.1)
            .bind(new.issued_at)
            .execute(pool)
            .await?;
            sqlx::query_as(&format!("SELECT {CERTIFICATE_COLUMNS} FROM certificates WHERE {column} = $1"))
                .bind(e.subject)
                .fetch_one(pool)
                .await
        })
    }

    pub async fn certificate_by_code(&self, code: &str) -> sqlx::Result<Option<IssuedCertificate>> {
        on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {CERTIFICATE_COLUMNS} FROM certificates WHERE code = $1"))
                .bind(code)
                .fetch_optional(pool)
                .await
        })
    }

    /// Edition `year`'s signatory (name, title); `None` when there is no
    /// such edition.
    pub async fn edition_signatory(&self, year: i32) -> sqlx::Result<Option<(String, String)>> {
        on_db!(self, |pool| {
            sqlx::query_as("SELECT signatory_name, signatory_title FROM editions WHERE year = $1")
                .bind(year)
                .fetch_optional(pool)
                .await
        })
    }

    /// Sets edition `year`'s signatory, logged; false when there is no such
    /// edition.
    pub async fn set_edition_signatory(
        &self,
        year: i32,
        name: &str,
        title: &str,
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<bool> {
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            let changed =
                sqlx::query("UPDATE editions SET signatory_name = $1, signatory_title = $2 WHERE year = $3")
                    .bind(name)
                    .bind(title)
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
