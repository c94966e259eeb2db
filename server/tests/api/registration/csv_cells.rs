//! Issue 37 item 7: the registrations CSV under a spreadsheet of any
//! locale. A cell `x;=1+1;` written unquoted is three cells where `;`
//! separates, the second a formula; a cell with a `;` or `,` is quoted now,
//! and a formula character after a separator is made text as one at the
//! start is.

use serde_json::json;

use super::{SLUG, event_with, member, register};
use crate::review::app_with_admin;

/// The cells of `text` read with `separator` by a reader that honours
/// quotes, and by one that splits every line at each separator.
fn cells(text: &str, separator: u8) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(separator)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let quoted = reader.records().flat_map(|row| row.unwrap().iter().map(str::to_owned).collect::<Vec<_>>());
    let naive = text
        .split(['\n', '\r'])
        .flat_map(|line| line.split(char::from(separator)))
        .map(|cell| cell.trim_matches('"').to_owned());
    quoted.chain(naive).collect()
}

#[tokio::test]
async fn no_cell_reads_as_a_formula_with_a_comma_or_a_semicolon_separator() {
    let app = app_with_admin().await;
    event_with(&app, 5, 48).await;
    let (client, _) = member(&app, 1).await;
    let answers =
        json!({"mode": "in_person", "lunch": true, "dietary": "x;=1+1;", "access": "a,@SUM(A1),-2+3"});
    assert_eq!(register(&app, &client, answers).await.status(), 201);

    let response = app.get(&format!("/api/admin/events/{SLUG}/registrations.csv")).await;
    assert_eq!(response.status(), 200);
    let text = response.text().await.unwrap();
    for separator in [b',', b';'] {
        let cells = cells(&text, separator);
        assert!(cells.len() > 3, "{cells:?}");
        for cell in &cells {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "{cell:?} reads as a formula with {:?}: {text}",
                char::from(separator)
            );
        }
    }
    // Read with the comma it was written with, each answer is one cell, as typed but for the marks.
    let row = csv::Reader::from_reader(text.as_bytes()).records().next().unwrap().unwrap();
    assert_eq!((&row[7], &row[8]), ("x;'=1+1;", "a,'@SUM(A1),'-2+3"), "{text}");
}
