//! CSV files for spreadsheets, shared by every export (the user table,
//! an event's registrations): cells a spreadsheet cannot run as formulas,
//! times in the conference's zone, and the download's headers.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use time::OffsetDateTime;

use crate::content::editions::CONFERENCE_TIME_ZONE;

/// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab
/// or carriage return before one) as a formula; a leading `'` makes it text.
pub fn safe_cell(value: &str) -> String {
    match value.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{value}"),
        _ => value.to_owned(),
    }
}

fn zoned(at: OffsetDateTime) -> Option<jiff::Zoned> {
    let zone = jiff::tz::TimeZone::get(CONFERENCE_TIME_ZONE).ok()?;
    Some(jiff::Timestamp::from_second(at.unix_timestamp()).ok()?.to_zoned(zone))
}

/// "2025-03-21 23:59:00 PDT": sortable in a spreadsheet, and says its zone.
pub fn pacific_time(at: OffsetDateTime) -> String {
    zoned(at).map(|z| z.strftime("%Y-%m-%d %H:%M:%S %Z").to_string()).unwrap_or_else(|| at.to_string())
}

/// "2025-03-21", for a file's name.
pub fn pacific_date(at: OffsetDateTime) -> String {
    zoned(at).map(|z| z.strftime("%Y-%m-%d").to_string()).unwrap_or_else(|| at.date().to_string())
}

/// A CSV download named `filename` (ASCII, chosen by the server).
pub fn csv_attachment(filename: &str, body: Vec<u8>) -> Response {
    let disposition = format!("attachment; filename=\"{filename}\"");
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8")),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition).unwrap_or(HeaderValue::from_static("attachment")),
            ),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn formula_cells_are_neutralised_and_others_kept() {
        for risky in ["=1+1", "+1", "-1", "@SUM(A1)", "\t=1", "\r=1"] {
            assert_eq!(safe_cell(risky), format!("'{risky}"));
        }
        assert_eq!(safe_cell("Ada"), "Ada");
        assert_eq!(safe_cell("a=b"), "a=b");
        assert_eq!(safe_cell(""), "");
    }

    #[test]
    fn upload_times_read_as_pacific() {
        assert_eq!(pacific_time(datetime!(2025-03-22 06:59 UTC)), "2025-03-21 23:59:00 PDT");
        assert_eq!(pacific_date(datetime!(2025-03-22 06:59 UTC)), "2025-03-21");
    }
}
