//! Issue 25 item 1: the user table, its search, sorts, filters, CSV and
//! reminders show any edition (`?edition=`), the current one by default.
//! Creating SCULC 2026 changes nothing about how 2025 reads: its
//! applicants, presenters, abstracts and answers are kept per edition.

use serde_json::{Value, json};

use super::attendance::{accept, answer, material};
use super::{admin, create_next_edition, insert_submission, insert_user, json as body_json};
use crate::helpers::{TestApp, spawn_app};

/// SCULC 2026, as an admin creates it with the guided form.
async fn create_2026(app: &TestApp) {
    assert_eq!(create_next_edition(app, &app.client).await, 2026);
}

const SORTS: [&str; 7] = ["name", "email", "applicant", "presenter", "abstract_name", "uploaded_at", "admin"];

/// Every answer of the table for one edition (`""`: none asked for), by
/// what was asked: each sort both ways, a search by title and by name,
/// both filters, and one person's row.
async fn table_answers(app: &TestApp, edition: &str) -> Vec<(String, Value)> {
    let mut asked: Vec<String> = Vec::new();
    for sort in SORTS {
        for dir in ["asc", "desc"] {
            asked.push(format!("sort={sort}&dir={dir}"));
        }
    }
    asked.extend(
        ["q=tone", "q=tone&sort=abstract_name", "q=lovelace", "q=ben%40example.edu", "filter=not_confirmed"]
            .map(str::to_owned),
    );
    asked.push("filter=without_materials".to_owned());
    let mut answers = Vec::new();
    for query in asked {
        let response = app.get(&format!("/api/admin/users?{query}{edition}")).await;
        assert_eq!(response.status(), 200, "{query}{edition}");
        answers.push((query, body_json(response).await));
    }
    answers
}

async fn csv(app: &TestApp, edition: &str) -> (String, Vec<u8>) {
    let response = app.get(&format!("/api/admin/users.csv?sort=email{edition}")).await;
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    (disposition, response.bytes().await.unwrap().to_vec())
}

fn flags_of<'a>(page: &'a Value, email: &str) -> (&'a Value, &'a Value, &'a Value) {
    let row = page["users"].as_array().unwrap().iter().find(|u| u["email"] == email).unwrap();
    (&row["applicant"], &row["presenter"], &row["first_submission"]["title"])
}

#[tokio::test]
async fn an_edition_created_for_2026_leaves_every_answer_for_2025_unchanged() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    // Ada: two abstracts, the first accepted and confirmed with no
    // materials; Ben: accepted, no answer; Cleo: accepted, confirmed with
    // slides; Dan: submitted only; Eve: nothing; Finn: only in 2024.
    let ada = insert_user(&app, "ada@example.edu", "Ada", "Lovelace").await;
    let tones = insert_submission(&app, ada, "Tone sandhi in Min", 2025, 0).await;
    insert_submission(&app, ada, "Vowel harmony", 2025, 5).await;
    let ben = insert_user(&app, "ben@example.edu", "Ben", "Okafor").await;
    let bens = insert_submission(&app, ben, "Clicks", 2025, 2).await;
    let cleo = insert_user(&app, "cleo@example.edu", "Cleo", "Ruiz").await;
    let cleos = insert_submission(&app, cleo, "Tone and stress", 2025, 3).await;
    let dan = insert_user(&app, "dan@example.edu", "Dan", "Kim").await;
    insert_submission(&app, dan, "Evidentials", 2025, 4).await;
    insert_user(&app, "eve@example.edu", "Eve", "Ng").await;
    let finn = insert_user(&app, "finn@example.edu", "Finn", "Berg").await;
    insert_submission(&app, finn, "Tone in 2024", 2024, 1).await;
    for id in [tones, bens, cleos] {
        accept(&app, id).await;
    }
    answer(&app, tones, Some(("in_person", "talk"))).await;
    answer(&app, cleos, Some(("virtual", "poster"))).await;
    material(&app, cleos, "slides", false).await;

    let before = table_answers(&app, "").await;
    let before_2025 = table_answers(&app, "&edition=2025").await;
    assert_eq!(before, before_2025, "2025 asked for by name reads as the current edition");
    let (disposition, csv_before) = csv(&app, "").await;
    assert!(disposition.contains("filename=\"sculc-2025-users-"), "{disposition}");
    let (_, csv_before_2025) = csv(&app, "&edition=2025").await;
    assert_eq!(csv_before, csv_before_2025);
    let page = &before[0].1;
    assert_eq!(page["edition_year"], 2025);
    assert_eq!(flags_of(page, "ada@example.edu"), (&json!(true), &json!(true), &json!("Tone sandhi in Min")));
    assert_eq!(flags_of(page, "finn@example.edu"), (&json!(false), &json!(false), &Value::Null));

    create_2026(&app).await;

    // 2025, asked for, reads exactly as it did: rows, flags, totals, every
    // sort, the searches, both filters, and the CSV's bytes.
    let after_2025 = table_answers(&app, "&edition=2025").await;
    for ((query, was), (_, is)) in before.iter().zip(&after_2025) {
        assert_eq!(was, is, "2025's answer to {query} changed once 2026 existed");
    }
    let (disposition, csv_after_2025) = csv(&app, "&edition=2025").await;
    assert!(disposition.contains("filename=\"sculc-2025-users-"), "{disposition}");
    assert_eq!(String::from_utf8(csv_after_2025).unwrap(), String::from_utf8(csv_before).unwrap());
    let earlier = body_json(app.get("/api/admin/users?edition=2024").await).await;
    assert_eq!(flags_of(&earlier, "finn@example.edu"), (&json!(true), &json!(false), &json!("Tone in 2024")));
    assert_eq!(flags_of(&earlier, "ada@example.edu"), (&json!(false), &json!(false), &Value::Null));

    // The current edition is now 2026, empty of submissions: everyone is
    // listed, no one applied, no one is pending.
    let now = body_json(app.get("/api/admin/users").await).await;
    assert_eq!(now["edition_year"], 2026);
    assert_eq!(now["total"], before[0].1["total"]);
    assert!(
        now["users"].as_array().unwrap().iter().all(|u| u["applicant"] == false && u["presenter"] == false)
    );
    for filter in ["not_confirmed", "without_materials"] {
        let pending = body_json(app.get(&format!("/api/admin/users?filter={filter}")).await).await;
        assert_eq!(pending["total"], 0, "{filter}");
    }
    assert_eq!(body_json(app.get("/api/admin/users?q=tone").await).await["total"], 0);
    let (disposition, csv_2026) = csv(&app, "").await;
    assert!(disposition.contains("filename=\"sculc-2026-users-"), "{disposition}");
    let csv_2026 = String::from_utf8(csv_2026).unwrap();
    assert!(csv_2026.lines().skip(1).all(|line| line.contains(",no,no,") && line.ends_with(",SCULC 2026")));

    // A submission into 2026 shows in 2026 and not in 2025.
    insert_submission(&app, ada, "Tone sandhi again", 2026, 60).await;
    let now = body_json(app.get("/api/admin/users?q=again").await).await;
    assert_eq!(now["total"], 1);
    assert_eq!(flags_of(&now, "ada@example.edu"), (&json!(true), &json!(false), &json!("Tone sandhi again")));
    assert_eq!(body_json(app.get("/api/admin/users?q=again&edition=2025").await).await["total"], 0);
    let after_upload = table_answers(&app, "&edition=2025").await;
    assert_eq!(before, after_upload, "2025 reads as before a 2026 submission");
}

#[tokio::test]
async fn an_edition_that_does_not_exist_is_a_404_that_names_it() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    for path in ["/api/admin/users?edition=2031", "/api/admin/users.csv?edition=2031"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(body_json(response).await["error"], "There is no SCULC 2031.", "{path}");
    }
    let reminders =
        app.post_json("/api/admin/reminders", json!({"filter": "not_confirmed", "edition": 2031})).await;
    assert_eq!(reminders.status(), 404);
    assert_eq!(body_json(reminders).await["error"], "There is no SCULC 2031.");
    let bad = app.get("/api/admin/users?edition=twenty").await;
    assert_eq!(bad.status(), 400);
}

#[tokio::test]
async fn the_reminder_button_reminds_the_chosen_editions_presenters_of_its_deadlines() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let ben = insert_user(&app, "ben@example.edu", "Ben", "Okafor").await;
    let bens = insert_submission(&app, ben, "Clicks", 2025, 2).await;
    accept(&app, bens).await;
    create_2026(&app).await;

    let none = app.post_json("/api/admin/reminders", json!({"filter": "not_confirmed"})).await;
    assert_eq!(body_json(none).await["sent"], 0, "no one is pending in 2026");
    let sent =
        app.post_json("/api/admin/reminders", json!({"filter": "not_confirmed", "edition": 2025})).await;
    assert_eq!(sent.status(), 200);
    assert_eq!(body_json(sent).await["sent"], 1);
    let subjects: Vec<String> = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT subject FROM outbox WHERE recipient = 'ben@example.edu'")
            .fetch_all(pool)
            .await
            .unwrap()
    });
    assert!(
        subjects.iter().any(|subject| subject == "SCULC 2025: please confirm your attendance"),
        "{subjects:?}"
    );
}
