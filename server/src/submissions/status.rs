//! Where a submission stands, as stored and as the API says it.

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Type};
use utoipa::ToSchema;

/// Where a submission stands. Stored as its lower-case name; both schemas
/// allow only these four (a CHECK on `submissions.status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SubmissionStatus {
    Submitted,
    Accepted,
    Rejected,
    Withdrawn,
}

impl SubmissionStatus {
    pub const ALL: [Self; 4] = [Self::Submitted, Self::Accepted, Self::Rejected, Self::Withdrawn];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Submitted => "submitted",
            Self::Accepted => "accepted",
            Self::Rejected => "rejected",
            Self::Withdrawn => "withdrawn",
        }
    }
}

/// A stored status that is none of the four.
#[derive(Debug, thiserror::Error)]
#[error("unknown submission status {0:?}")]
pub struct UnknownStatus(String);

impl FromStr for SubmissionStatus {
    type Err = UnknownStatus;

    fn from_str(stored: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|status| status.as_str() == stored)
            .ok_or_else(|| UnknownStatus(stored.into()))
    }
}

// Read as text on either database. Decoding is strict: a value
// the code does not know fails the query (a logged 500) rather than being
// taken for another status, which could show a rejected author as waiting.
impl<DB: Database> Type<DB> for SubmissionStatus
where
    String: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <String as Type<DB>>::type_info()
    }

    fn compatible(ty: &DB::TypeInfo) -> bool {
        <String as Type<DB>>::compatible(ty)
    }
}

impl<'r, DB: Database> Decode<'r, DB> for SubmissionStatus
where
    String: Decode<'r, DB>,
{
    fn decode(value: <DB as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        Ok(String::decode(value)?.parse()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back_as_itself() {
        for status in SubmissionStatus::ALL {
            assert_eq!(status.as_str().parse::<SubmissionStatus>().unwrap(), status);
        }
    }

    #[test]
    fn an_unknown_stored_status_is_an_error_not_submitted() {
        for stored in ["pending", "", "Accepted", " accepted"] {
            assert!(stored.parse::<SubmissionStatus>().is_err(), "{stored:?}");
        }
    }
}
