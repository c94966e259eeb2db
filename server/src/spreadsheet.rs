//! CSV files for spreadsheets, shared by every export (the user table,
//! an event's registrations): cells a spreadsheet cannot run as formulas,
//! whatever separator its locale reads, times in the conference's zone, and
//! the download's headers.

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use time::OffsetDateTime;

use crate::content::editions::CONFERENCE_TIME_ZONE;

/// Whether a cell starting with `c` could be read as a formula: `=`, `+`,
/// `-`, `@`, a tab or a carriage return (OWASP's list), and the full-width
/// forms some East Asian spreadsheets accept as well.
fn starts_formula(c: char) -> bool {
    matches!(c, '=' | '+' | '-' | '@' | '\t' | '\r' | '\u{FF1D}' | '\u{FF0B}' | '\u{FF0D}' | '\u{FF20}')
}

/// Where a spreadsheet may start a new cell or row, in some locale or in a
/// reader that ignores quotes: `x;=1+1` is two cells where `;` separates.
fn separates(c: char) -> bool {
    matches!(c, ',' | ';' | '\t' | '\r' | '\n')
}

/// The cell as text a spreadsheet will not run: a `'` (which makes it text)
/// before any formula character that starts the cell or follows a
/// separator. Written through `CsvBody`, which quotes a cell holding one.
pub fn safe_cell(value: &str) -> String {
    let mut safe = String::with_capacity(value.len() + 1);
    let mut cell_starts = true;
    for c in value.chars() {
        if cell_starts && starts_formula(c) {
            safe.push('\'');
        }
        safe.push(c);
        cell_starts = separates(c);
    }
    safe
}

/// A CSV file being written (RFC 4180, `,`-separated). A cell is quoted
/// when it holds a separator of any locale (`,` or `;`), a quote, a tab or
/// a line break, so it stays one cell whichever a spreadsheet reads; the
/// csv crate quotes only for the separator it writes with.
#[derive(Debug, Default)]
pub struct CsvBody(Vec<u8>);

impl CsvBody {
    pub fn write_record<S: AsRef<str>>(&mut self, cells: impl IntoIterator<Item = S>) {
        for (n, cell) in cells.into_iter().enumerate() {
            if n > 0 {
                self.0.push(b',');
            }
            let cell = cell.as_ref();
            if cell.contains([',', ';', '"', '\t', '\r', '\n']) {
                self.0.push(b'"');
                self.0.extend_from_slice(cell.replace('"', "\"\"").as_bytes());
                self.0.push(b'"');
            } else {
                self.0.extend_from_slice(cell.as_bytes());
            }
        }
        self.0.push(b'\n');
    }

    pub fn into_bytes(self) -> Vec<u8> {
        self.0
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
        for risky in ["=1+1", "+1", "-1", "@SUM(A1)", "\rx", "\u{FF1D}1+1"] {
            assert_eq!(safe_cell(risky), format!("'{risky}"));
        }
        assert_eq!(safe_cell("\t=1"), "'\t'=1");
        assert_eq!(safe_cell("\r=1"), "'\r'=1");
        assert_eq!(safe_cell("Ada"), "Ada");
        assert_eq!(safe_cell("a=b"), "a=b");
        assert_eq!(safe_cell(""), "");
    }

    #[test]
    fn a_formula_after_a_separator_is_neutralised_too() {
        assert_eq!(safe_cell("x;=1+1;"), "x;'=1+1;");
        assert_eq!(safe_cell("a,@b,c"), "a,'@b,c");
        assert_eq!(safe_cell("one\n-two"), "one\n'-two");
        assert_eq!(safe_cell("Smith; Jones"), "Smith; Jones");
    }

    #[test]
    fn a_cell_with_a_separator_of_any_locale_is_quoted() {
        let mut body = CsvBody::default();
        body.write_record(["x;=1+1;", "Ada", "a,b", "say \"hi\"", "two\nlines"]);
        body.write_record([""; 2]);
        let text = String::from_utf8(body.into_bytes()).unwrap();
        assert_eq!(text, "\"x;=1+1;\",Ada,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\n,\n");
        let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(text.as_bytes());
        let row = reader.records().next().unwrap().unwrap();
        assert_eq!(row.iter().collect::<Vec<_>>(), ["x;=1+1;", "Ada", "a,b", "say \"hi\"", "two\nlines"]);
    }

    #[test]
    fn upload_times_read_as_pacific() {
        assert_eq!(pacific_time(datetime!(2025-03-22 06:59 UTC)), "2025-03-21 23:59:00 PDT");
        assert_eq!(pacific_date(datetime!(2025-03-22 06:59 UTC)), "2025-03-21");
    }
}
