//! The code a submission is known by (reviewers, the program, the admin
//! table, the author's list): `S25-014` is number 14 of edition 2025. It
//! says nothing about the author or the upload time. Written and read here
//! only.

use std::fmt;

/// A submission's year and number within it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct SubmissionCode {
    pub edition_year: i32,
    pub number: i32,
}

impl fmt::Display for SubmissionCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S{:02}-{:03}", self.edition_year.rem_euclid(100), self.number)
    }
}

impl SubmissionCode {
    /// Reads a code of edition `year`; anything else (another edition, a
    /// spelling that is not how the code is written) is None.
    pub fn parse(raw: &str, year: i32) -> Option<Self> {
        let rest = raw.strip_prefix('S')?;
        let (_, number) = rest.split_once('-')?;
        if number.is_empty() || number.len() > 9 || !number.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let code = Self { edition_year: year, number: number.parse().ok()? };
        (code.number > 0 && code.to_string() == raw).then_some(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_written_and_read_back_in_one_spelling() {
        let code = SubmissionCode { edition_year: 2025, number: 14 };
        assert_eq!(code.to_string(), "S25-014");
        assert_eq!(SubmissionCode::parse("S25-014", 2025), Some(code));
        assert_eq!(SubmissionCode { edition_year: 2025, number: 1234 }.to_string(), "S25-1234");
        assert_eq!(SubmissionCode { edition_year: 2100, number: 1 }.to_string(), "S00-001");
        for wrong in
            ["S25-14", "s25-014", "S24-014", "S25-0014", "S25-000", "S25--14", "S25-", "25-014", "S25-01a"]
        {
            assert_eq!(SubmissionCode::parse(wrong, 2025), None, "{wrong}");
        }
    }
}
