//! The user table's CSV export carries each author's review figures.

use super::{
    app_with_admin, assigned, code_of, complete_review, criteria, reviewer, submission_by, submitted,
};

#[tokio::test]
async fn the_csv_export_has_the_review_columns() {
    let app = app_with_admin().await;
    let (first, first_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (second, second_id) = reviewer(&app, "r2@example.org", "Rolf", "Two").await;
    let (_, submission) = submission_by(&app, "a@example.org", "Ann", "Able", "Abstract").await;
    assigned(&app, submission, first_id).await;
    assigned(&app, submission, second_id).await;
    let code = code_of(&app, submission).await;
    let criteria = criteria(&app).await;
    submitted(&app, &first, &code, complete_review(&criteria, 4, "accept")).await;
    submitted(&app, &second, &code, complete_review(&criteria, 3, "weak_reject")).await;

    let response = app.get("/api/admin/users.csv?q=a%40example.org").await;
    assert_eq!(response.status(), 200);
    let body = response.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(body.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(
        header[13..18],
        ["Code", "Reviews submitted", "Reviews assigned", "Mean score", "Recommendations"]
    );
    let rows: Vec<Vec<String>> =
        reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect();
    assert_eq!(rows.len(), 1, "{body}");
    assert_eq!(rows[0][2], "a@example.org");
    assert_eq!(rows[0][13..18], [code.as_str(), "2", "2", "3.50", "accept 1; weak reject 1"]);
}
