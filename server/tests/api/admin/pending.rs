//! The attendance filters follow every write that changes who has not
//! acted: a decision and its undoing, confirming and declining, a final
//! material uploaded, replaced and removed, a deleted submission or
//! account, and a new edition. Whether a submission is pending is kept in
//! a table by triggers (migration `20261129000901_attendance_pending`)
//! rather than computed on each read, so a write that missed it would show
//! a stale filter; each step here reads the filters through the API.

use serde_json::json;

use super::{json, make_admin, user_id};
use crate::attendance::materials::put_material;
use crate::attendance::{answer, confirming, deadline_in};
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::{make_pdf, sign_in_as, upload};

/// Who is in each filter: (not confirmed, confirmed without materials),
/// with the totals the page gives.
async fn filters(app: &TestApp, admin: &reqwest::Client) -> (Vec<String>, Vec<String>) {
    let mut found = Vec::new();
    for filter in ["not_confirmed", "without_materials"] {
        let response = admin.get(app.url(&format!("/api/admin/users?filter={filter}"))).send().await.unwrap();
        assert_eq!(response.status(), 200);
        let page = json(response).await;
        let emails = super::emails(&page);
        assert_eq!(page["total"].as_u64(), Some(emails.len() as u64), "{filter}: {page}");
        found.push(emails);
    }
    let not_confirmed = found.remove(0);
    (not_confirmed, found.remove(0))
}

fn people(emails: &[&str]) -> Vec<String> {
    emails.iter().map(|email| (*email).to_owned()).collect()
}

async fn decide(app: &TestApp, admin: &reqwest::Client, id: &str, decision: &str) {
    let response = admin
        .post(app.url(&format!("/api/admin/submissions/{id}/decision")))
        .json(&json!({"decision": decision}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

/// Signs `client` in as `email` and uploads one abstract; its id.
async fn author_with_abstract(app: &TestApp, client: &reqwest::Client, email: &str) -> String {
    sign_in_as(app, client, email).await;
    let response = upload(app, client, "Tone sandhi.pdf", make_pdf(&["tone sandhi"], None)).await;
    assert_eq!(response.status(), 201);
    json(response).await["id"].as_str().unwrap().to_owned()
}

async fn execute(app: &TestApp, statement: &str, id: &str) {
    let id: uuid::Uuid = id.parse().unwrap();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(statement).bind(id).execute(pool).await.unwrap();
    });
}

#[tokio::test]
async fn every_write_that_changes_who_has_not_acted_moves_them_in_or_out_of_the_filters() {
    let app = spawn_app().await;
    let admin = browser();
    sign_in_as(&app, &admin, "admin@example.edu").await;
    make_admin(&app, user_id(&app, "admin@example.edu").await).await;
    let ada = browser();
    let id = author_with_abstract(&app, &ada, "ada@example.edu").await;
    deadline_in(&app, "confirm_attendance_by", 24).await;
    deadline_in(&app, "final_materials_by", 24).await;
    let none = (people(&[]), people(&[]));
    let not_confirmed = (people(&["ada@example.edu"]), people(&[]));
    let without_materials = (people(&[]), people(&["ada@example.edu"]));
    assert_eq!(filters(&app, &admin).await, none, "submitted, not decided");

    // Decisions.
    decide(&app, &admin, &id, "accepted").await;
    assert_eq!(filters(&app, &admin).await, not_confirmed, "accepted");
    decide(&app, &admin, &id, "submitted").await;
    assert_eq!(filters(&app, &admin).await, none, "the decision undone");
    decide(&app, &admin, &id, "rejected").await;
    assert_eq!(filters(&app, &admin).await, none, "rejected");
    decide(&app, &admin, &id, "accepted").await;
    assert_eq!(filters(&app, &admin).await, not_confirmed, "accepted again");

    // The presenter's answers.
    let uuid = id.parse().unwrap();
    assert_eq!(answer(&app, &ada, uuid, confirming("Tone sandhi")).await.status(), 200);
    assert_eq!(filters(&app, &admin).await, without_materials, "confirmed");
    assert_eq!(answer(&app, &ada, uuid, json!({"response": "declined"})).await.status(), 200);
    assert_eq!(filters(&app, &admin).await, none, "declined");
    assert_eq!(answer(&app, &ada, uuid, confirming("Tone sandhi")).await.status(), 200);
    assert_eq!(filters(&app, &admin).await, without_materials, "confirmed again");

    // Final materials: uploaded, replaced (the older one kept, not
    // current), and the current one removed.
    let slides = || make_pdf(&["slides for the talk"], None);
    for upload in ["first", "replacing"] {
        let response = put_material(&app, &ada, uuid, "slides", "slides.pdf", slides()).await;
        assert_eq!(response.status(), 200, "{upload}");
        assert_eq!(filters(&app, &admin).await, none, "slides uploaded ({upload})");
    }
    execute(&app, "DELETE FROM final_materials WHERE submission_id = $1 AND replaced_at IS NULL", &id).await;
    assert_eq!(filters(&app, &admin).await, without_materials, "the current slides removed");
    execute(&app, "DELETE FROM attendance WHERE submission_id = $1", &id).await;
    assert_eq!(filters(&app, &admin).await, not_confirmed, "the answer removed");

    // A deleted submission, a deleted account.
    let deleted = admin.delete(app.url(&format!("/api/admin/submissions/{id}"))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    assert_eq!(filters(&app, &admin).await, none, "the submission deleted");
    let bob = browser();
    let bobs = author_with_abstract(&app, &bob, "bob@example.edu").await;
    decide(&app, &admin, &bobs, "accepted").await;
    assert_eq!(filters(&app, &admin).await, (people(&["bob@example.edu"]), people(&[])), "Bob accepted");
    let bob_id = user_id(&app, "bob@example.edu").await;
    execute(&app, "DELETE FROM users WHERE id = $1", &bob_id.to_string()).await;
    assert_eq!(filters(&app, &admin).await, none, "Bob's account deleted");

    // A new edition: last year's acceptances are not this year's business
    // (they stay in last year's filter), and they are again once it is gone.
    let carol = browser();
    let carols = author_with_abstract(&app, &carol, "carol@example.edu").await;
    decide(&app, &admin, &carols, "accepted").await;
    let carol_pending = (people(&["carol@example.edu"]), people(&[]));
    assert_eq!(filters(&app, &admin).await, carol_pending, "Carol accepted");
    // Written straight in: this test's deadlines (a day from now, each)
    // are not an order the guided form would accept a year on.
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO editions (year, word_limit, max_file_bytes, contact_email, announced_at)
             VALUES (2026, 500, 10485760, 'sculc@example.edu', $1)",
        )
        .bind(colloquy::clock::now())
        .execute(pool)
        .await
        .unwrap();
    });
    assert_eq!(filters(&app, &admin).await, none, "a new edition");
    let in_2025 =
        admin.get(app.url("/api/admin/users?filter=not_confirmed&edition=2025")).send().await.unwrap();
    assert_eq!(
        super::emails(&json(in_2025).await),
        people(&["carol@example.edu"]),
        "2025's filter, asked for"
    );
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("DELETE FROM editions WHERE year = 2026").execute(pool).await.unwrap();
    });
    assert_eq!(filters(&app, &admin).await, carol_pending, "the new edition removed");
}
