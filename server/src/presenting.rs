//! What a presenter's attendance is: their answer, its mode and format, the
//! final materials' kinds and files, and the deadline check. On the floor:
//! `submissions` shows it on the submission, `attendance` changes it, the
//! program and registration read it, and none of them may depend on a
//! feature after it for this (ARCHITECTURE.md, "Which way dependencies
//! point").

use serde::Serialize;
use time::OffsetDateTime;
use utoipa::ToSchema;

use crate::stored::stored_enum;

stored_enum! {
    pub enum Response("attendance response") {
        Confirmed = "confirmed",
        Declined = "declined",
    }
}

stored_enum! {
    /// How a presenter attends: "In person" or "Virtually (video call)".
    pub enum Mode("attendance mode") {
        InPerson = "in_person",
        Virtual = "virtual",
    }
}

stored_enum! {
    /// The spec's formats: a 15-minute talk plus 5 minutes of questions, a
    /// poster, or both.
    pub enum Format("presentation format") {
        Talk = "talk",
        Poster = "poster",
        Both = "both",
    }
}

stored_enum! {
    pub enum MaterialKind("final materials kind") {
        Slides = "slides",
        Poster = "poster",
    }
}

/// A presenter's answer for one submission.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Attendance {
    pub response: Response,
    /// Null when declined.
    pub mode: Option<Mode>,
    /// Null when declined.
    pub format: Option<Format>,
    /// Accessibility, dietary or other needs, as the presenter wrote them.
    pub needs: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub answered_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: OffsetDateTime,
}

/// A final-materials file, as its author sees the current one.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
pub struct Material {
    pub kind: MaterialKind,
    /// The name the file had on the presenter's computer.
    pub original_name: String,
    pub size_bytes: i64,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String, format = DateTime)]
    pub uploaded_at: OffsetDateTime,
}

/// Whether answers may still change at `now` (a missing deadline: always).
pub fn before(deadline: Option<OffsetDateTime>, now: OffsetDateTime) -> bool {
    deadline.is_none_or(|by| now <= by)
}

#[cfg(test)]
mod stored_tests {
    use super::*;

    /// Unknown stored values used to read as no answer, no mode or no file.
    #[test]
    fn unknown_stored_attendance_values_are_refused() {
        assert_eq!("in_person".parse::<Mode>().unwrap(), Mode::InPerson);
        assert_eq!(serde_json::to_value(Mode::InPerson).unwrap(), "in_person");
        assert!("maybe".parse::<Response>().is_err());
        assert!("in person".parse::<Mode>().is_err());
        assert!("either".parse::<Format>().is_err());
        assert!("handout".parse::<MaterialKind>().is_err());
    }
}
