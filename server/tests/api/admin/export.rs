//! The CSV export: header, UTF-8, the table's order and filter, and cells a
//! spreadsheet would run as formulas neutralised.

use super::{admin, emails, insert_submission, insert_user, json};
use crate::helpers::{TestApp, spawn_app};

const HEADER: &str = "First Name,Last Name,Email,Applicant,Presenter,Abstract Name,Title,Co-authors,Keywords,Preferred Format,\
     Upload Time (Pacific),Admin,Submissions,Code,Reviews submitted,Reviews assigned,Mean score,Recommendations,\
     Needs,Attendance,Format,Mode,Final materials,Edition";

async fn export(app: &TestApp, query: &str) -> (reqwest::header::HeaderMap, String) {
    let response = app.get(&format!("/api/admin/users.csv?{query}")).await;
    assert_eq!(response.status(), 200);
    let headers = response.headers().clone();
    (headers, String::from_utf8(response.bytes().await.unwrap().to_vec()).expect("UTF-8"))
}

fn records(body: &str) -> Vec<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(body.as_bytes());
    reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect()
}

#[tokio::test]
async fn the_export_is_the_filtered_table_in_order_and_safe_for_spreadsheets() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let zoe = insert_user(&app, "zoe@x.edu", "Zoë, \"Z\"", "Ñúñez").await;
    insert_submission(&app, zoe, "=HYPERLINK(\"http://evil\").pdf", 2025, 0).await;
    insert_submission(&app, zoe, "second.pdf", 2025, 5).await;
    insert_user(&app, "plus@x.edu", "+1", "-2").await;
    insert_user(&app, "at@x.edu", "@SUM(A1)", "\tTab").await;

    let (headers, body) = export(&app, "").await;
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert!(disposition.starts_with("attachment; filename=\"sculc-2025-users-20"), "{disposition}");
    assert!(disposition.ends_with(".csv\""), "{disposition}");
    assert_eq!(body.lines().next(), Some(HEADER));
    // RFC 4180 quoting keeps the comma and quotes inside one cell.
    assert!(body.contains("\"Zoë, \"\"Z\"\"\",Ñúñez,zoe@x.edu,yes,no,\"'=HYPERLINK(\"\"http://evil\"\").pdf\",\"'=HYPERLINK(\"\"http://evil\"\").pdf\",,,Either,2025-02-19 13:20:00 PST,no,2,S25-001,0,0,,,,,,,,SCULC 2025\n"), "{body}");

    let rows = records(&body);
    assert_eq!(rows[0], HEADER.split(',').collect::<Vec<_>>());
    // Same order as the table's default (by name): "+1 -2", "@sum(a1) tab", "ada lovelace", "zoë…".
    let table = emails(&json(app.get("/api/admin/users").await).await);
    let exported: Vec<&str> = rows[1..].iter().map(|r| r[2].as_str()).collect();
    assert_eq!(exported, table);
    let plus = &rows[1];
    assert_eq!((plus[0].as_str(), plus[1].as_str()), ("'+1", "'-2"));
    let at = &rows[2];
    assert_eq!((at[0].as_str(), at[1].as_str()), ("'@SUM(A1)", "'\tTab"));
    let ada = &rows[3];
    assert_eq!(
        ada[3..ada.len() - 1],
        ["no", "no", "", "", "", "", "", "", "yes", "0", "", "", "", "", "", "", "", "", "", ""]
            .map(str::to_owned)
    );
    assert_eq!(ada.last().unwrap(), "SCULC 2025");

    // The filter and order of the table apply; nothing is paged.
    let (_, filtered) = export(&app, "q=%C3%91%C3%BA%C3%B1ez").await;
    let filtered = records(&filtered);
    assert_eq!(filtered.len(), 2);
    assert_eq!(filtered[1][2], "zoe@x.edu");
    let (_, by_email) = export(&app, "sort=email&dir=desc").await;
    let by_email: Vec<String> = records(&by_email)[1..].iter().map(|r| r[2].clone()).collect();
    assert_eq!(by_email, ["zoe@x.edu", "plus@x.edu", "at@x.edu", "admin@example.edu"]);
    let table = emails(&json(app.get("/api/admin/users?sort=email&dir=desc&per_page=1").await).await);
    assert_eq!(by_email[..1], table[..]);
}
