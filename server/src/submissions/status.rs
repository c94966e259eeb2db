//! Where a submission stands, as stored and as the API says it.

use crate::stored::stored_enum;

// Read strictly (`crate::stored`): a value the code does not know fails the
// query (a logged 500) rather than being taken for another status, which
// could show a rejected author as waiting.
stored_enum! {
    /// Where a submission stands. Stored as its lower-case name; both schemas
    /// allow only these four (a CHECK on `submissions.status`).
    pub enum SubmissionStatus("submission status") {
        Submitted = "submitted",
        Accepted = "accepted",
        Rejected = "rejected",
        Withdrawn = "withdrawn",
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
