//! Issue 22 item 13: the accessibility and dietary needs presenters write
//! when confirming reach the organisers: in the person's details, the CSV
//! export and the program builder.

use crate::program::{accepted, answer, app_with_admin, draft};

use super::{json, user_id};
use crate::helpers::TestApp;

async fn write_needs(app: &TestApp, submission: uuid::Uuid, needs: &str) {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE attendance SET needs = $1 WHERE submission_id = $2")
            .bind(needs)
            .bind(submission)
            .execute(pool)
            .await
            .unwrap();
    });
}

#[tokio::test]
async fn presenters_needs_reach_the_person_view_the_export_and_the_program_builder() {
    let app = app_with_admin().await;
    let ada = accepted(&app, "ada@example.org", "Ada", "Lovelace", "Word order").await;
    answer(&app, ada, "confirmed", Some("talk")).await;
    write_needs(&app, ada, "Step-free access\nVegetarian lunch").await;
    let eve = accepted(&app, "eve@example.org", "Eve", "Adams", "Clitics").await;
    answer(&app, eve, "confirmed", Some("poster")).await;
    write_needs(&app, eve, "=HYPERLINK(\"http://evil\")").await;
    let dan = accepted(&app, "dan@example.org", "Dan", "Brown", "Tone").await;
    answer(&app, dan, "declined", None).await;
    write_needs(&app, dan, "Old needs from before declining").await;

    // The person's details in the user table.
    let id = user_id(&app, "ada@example.org").await;
    let submissions = json(app.get(&format!("/api/admin/users/{id}/submissions")).await).await;
    assert_eq!(submissions[0]["needs"], "Step-free access\nVegetarian lunch");
    let id = user_id(&app, "dan@example.org").await;
    let submissions = json(app.get(&format!("/api/admin/users/{id}/submissions")).await).await;
    assert_eq!(submissions[0]["needs"], serde_json::Value::Null, "a declined answer's needs are not current");

    // The CSV export, one cell per person, safe for spreadsheets.
    let csv = app.get("/api/admin/users.csv").await.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    let column = header.iter().position(|h| h == "Needs").expect("a Needs column");
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let needs_of = |email: &str| rows.iter().find(|r| &r[2] == email).unwrap()[column].to_owned();
    assert_eq!(needs_of("ada@example.org"), "S25-001: Step-free access\nVegetarian lunch");
    let eve_cell = needs_of("eve@example.org");
    assert!(
        eve_cell.starts_with("S25-002: ") && eve_cell.ends_with("=HYPERLINK(\"http://evil\")"),
        "{eve_cell}"
    );
    assert_eq!(needs_of("dan@example.org"), "");

    // The program builder.
    let program = draft(&app).await;
    let unplaced = program["unplaced"].as_array().unwrap();
    let item = |title: &str| unplaced.iter().find(|i| i["title"] == title).unwrap()["needs"].clone();
    assert_eq!(item("Word order"), "Step-free access\nVegetarian lunch");
    assert_eq!(item("Clitics"), "=HYPERLINK(\"http://evil\")");
}
