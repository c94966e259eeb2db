//! What certificates' handlers, store and typesetting share.

use serde::Serialize;
use time::{Date, OffsetDateTime};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::stored::stored_enum;

stored_enum! {
    /// What a certificate certifies.
    pub enum CertificateKind("certificate kind") {
        /// The person came: checked in at the event.
        Attendance = "attendance",
        /// The person presented an accepted submission.
        Presentation = "presentation",
    }
}

stored_enum! {
    /// The paper a certificate is printed for, in landscape.
    pub enum Paper("paper size") {
        /// US Letter, 11 × 8.5 inches.
        Letter = "letter",
        /// A4, 297 × 210 mm.
        A4 = "a4",
    }
}

/// How an edition's certificates are signed and printed, as its chair set
/// it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct CertificateSettings {
    /// The signatory's name (empty: none).
    pub signatory_name: String,
    /// The signatory's title (empty: none).
    pub signatory_title: String,
    /// The chair chose to print certificates without a signature.
    pub certificate_unsigned: bool,
    pub certificate_paper: Paper,
}

impl CertificateSettings {
    /// An event of a year with no edition: nobody to ask, so unsigned.
    pub fn without_edition() -> Self {
        Self {
            signatory_name: String::new(),
            signatory_title: String::new(),
            certificate_unsigned: true,
            certificate_paper: Paper::Letter,
        }
    }

    /// Whether the chair has said who signs (someone, or no one): until
    /// then no certificate of the edition is offered.
    pub fn decided(&self) -> bool {
        !self.signatory_name.is_empty() || self.certificate_unsigned
    }
}

/// A certificate as issued: what it prints, kept with its code.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IssuedCertificate {
    pub code: String,
    pub kind: CertificateKind,
    pub user_id: Uuid,
    pub name: String,
    /// The talk's title (empty for attendance).
    pub title: String,
    /// The co-authors as printed: "Grace Hopper, Alan Turing" (empty: none).
    pub coauthors: String,
    pub event_title: String,
    /// YYYY-MM-DD, Pacific.
    pub event_on: String,
    /// How the day is printed: "April 18, 2026".
    #[sqlx(skip)]
    pub event_day: String,
    /// The edition's signatory as it is now (as issued, for a certificate
    /// of no edition).
    pub signatory_name: String,
    pub signatory_title: String,
    pub issued_at: OffsetDateTime,
    /// The edition's paper as it is now.
    pub paper: Paper,
}

/// Something a member may get a certificate for, as the store finds it
/// (whether the event is over is decided by the caller's clock).
#[derive(Debug, Clone)]
pub struct Eligible {
    pub kind: CertificateKind,
    /// The registration (attendance) or submission (presentation).
    pub subject: Uuid,
    pub title: String,
    pub coauthors: Vec<String>,
    pub event_title: String,
    /// The address of the event it was at (an edition's own: `sculc-2026`),
    /// whose place the certificate prints.
    pub event_slug: String,
    /// The event's day in Pacific time.
    pub event_on: Date,
    /// The edition whose signatory signs it, if there is one.
    pub edition_year: Option<i32>,
    /// That edition's settings (unsigned when there is none).
    pub settings: CertificateSettings,
    /// The code, once issued.
    pub code: Option<String>,
}

/// A certificate the member may download.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyCertificate {
    pub kind: CertificateKind,
    /// Where to download it: `/api/me/certificates/attendance-{id}.pdf`.
    pub href: String,
    /// The event: "SCULC 2026", or a registration event's title.
    pub event_title: String,
    /// The talk's title (presentation), else null.
    pub title: Option<String>,
    /// The event's day, YYYY-MM-DD in Pacific time.
    pub event_on: String,
    /// Its verification address (`/verify/{code}`), once first downloaded.
    pub verify_path: Option<String>,
    /// Why it cannot be printed (a character the fonts lack), else null.
    pub refusal: Option<String>,
}

/// What a verification address shows: who, what, which event and when,
/// and nothing else about the person.
#[derive(Debug, Serialize, ToSchema)]
pub struct VerifiedCertificate {
    pub kind: CertificateKind,
    /// The name as printed.
    pub name: String,
    /// The talk's title (presentation), else null.
    pub title: Option<String>,
    pub event_title: String,
    /// The event's day, YYYY-MM-DD in Pacific time.
    pub event_on: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub issued_at: OffsetDateTime,
    /// Who signs it, as the certificate prints it now (null: unsigned).
    pub signatory: Option<String>,
}

/// The day as a certificate prints it: "April 18, 2026".
pub fn printed_day(day: Date) -> String {
    format!("{} {}, {}", day.month(), day.day(), day.year())
}

/// Which certificate a download's file name names:
/// `attendance-{uuid}.pdf` or `presentation-{uuid}.pdf`.
pub fn parse_file(file: &str) -> Option<(CertificateKind, Uuid)> {
    let stem = file.strip_suffix(".pdf")?;
    let (kind, id) = stem.split_once('-')?;
    let kind = CertificateKind::ALL.into_iter().find(|k| k.as_str() == kind)?;
    Some((kind, Uuid::parse_str(id).ok()?))
}

pub fn file_name(kind: CertificateKind, subject: Uuid) -> String {
    format!("{}-{subject}.pdf", kind.as_str())
}

/// A new code: ten characters of base32 (RFC 4648's alphabet, lower case)
/// from 50 random bits.
pub fn new_code() -> anyhow::Result<String> {
    const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
    let mut bytes = [0_u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| anyhow::anyhow!("no randomness for a certificate code: {e}"))?;
    let bits = u64::from_le_bytes(bytes);
    Ok((0..10).map(|i| char::from(ALPHABET[((bits >> (5 * i)) & 31) as usize])).collect())
}

/// Whether `code` could be a certificate's code (so others are not looked up).
pub fn plausible_code(code: &str) -> bool {
    code.len() == 10 && code.bytes().all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_read_back() {
        let id = Uuid::now_v7();
        assert_eq!(
            parse_file(&file_name(CertificateKind::Presentation, id)),
            Some((CertificateKind::Presentation, id))
        );
        assert_eq!(parse_file(&format!("attendance-{id}")), None);
        assert_eq!(parse_file(&format!("diploma-{id}.pdf")), None);
        assert_eq!(parse_file("attendance-nope.pdf"), None);
    }

    #[test]
    fn codes_are_ten_base32_characters_and_differ() {
        let a = new_code().unwrap();
        let b = new_code().unwrap();
        assert!(plausible_code(&a) && plausible_code(&b), "{a} {b}");
        assert_ne!(a, b);
        assert!(!plausible_code("ABCDEFGHIJ") && !plausible_code("abc") && !plausible_code("abcdefghi1"));
    }

    #[test]
    fn days_print_in_words() {
        assert_eq!(printed_day(time::macros::date!(2026 - 04 - 18)), "April 18, 2026");
    }
}
