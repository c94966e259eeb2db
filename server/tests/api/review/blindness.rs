//! Issue 22: a reviewer's declared conflict tells them nothing about who
//! wrote what, declarations and conflicts are bounded (counted under a
//! lock: parallel requests cannot pass), and names match whatever their
//! Unicode spelling, stored ones included.

use futures_util::future::join_all;
use reqwest::Client;
use serde_json::{Value, json};
use uuid::Uuid;

use super::{add_coauthor, app_with_admin, assign, put_settings, reviewer, submission_by};
use crate::admin::{audit_entries, json as body};
use crate::helpers::TestApp;

async fn declare(app: &TestApp, client: &Client, conflict: Value) -> reqwest::Response {
    client.post(app.url("/api/review/conflicts")).json(&conflict).send().await.unwrap()
}

async fn home(app: &TestApp, client: &Client) -> Value {
    body(client.get(app.url("/api/review")).send().await.unwrap()).await
}

/// A declared conflict's answer without what the reviewer typed (its id
/// and name), to compare a match with a miss.
fn shape(mut answer: Value) -> Value {
    answer["id"] = json!("…");
    answer["name"] = json!("…");
    answer
}

#[tokio::test]
async fn a_declared_conflict_answers_the_same_whether_or_not_it_names_an_author() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let (_, drafted) = submission_by(&app, "ann@example.org", "Ann", "One", "Drafted").await;
    let (_, reviewed) = submission_by(&app, "bo@example.org", "Bo", "Other", "Reviewed").await;
    add_coauthor(&app, reviewed, "Cleo Coauthor", "cleo@example.org").await;
    for submission in [drafted, reviewed] {
        super::assigned(&app, submission, rita_id).await;
    }
    let criteria = super::criteria(&app).await;
    let (drafted_code, reviewed_code) =
        (super::code_of(&app, drafted).await, super::code_of(&app, reviewed).await);
    let draft = rita
        .put(app.url(&format!("/api/review/{drafted_code}")))
        .json(&super::complete_review(&criteria, 4, "accept"));
    assert_eq!(draft.send().await.unwrap().status(), 200);
    super::submitted(&app, &rita, &reviewed_code, super::complete_review(&criteria, 5, "accept")).await;
    let before = home(&app, &rita).await;
    assert_eq!(before["assigned"], 2, "{before}");

    // The author of one, a co-author of the other, and two people who wrote nothing.
    let mut answers = Vec::new();
    for name in ["Ann One", "Cleo Coauthor", "Nobody Known", "Zed Nemo"] {
        let response = declare(&app, &rita, json!({ "name": name })).await;
        assert_eq!(response.status(), 201);
        answers.push(shape(body(response).await));
        assert_eq!(home(&app, &rita).await, before, "the list after declaring {name}");
        for code in [&drafted_code, &reviewed_code] {
            let detail = rita.get(app.url(&format!("/api/review/{code}"))).send().await.unwrap();
            assert_eq!(detail.status(), 200, "{code} after declaring {name}");
        }
    }
    assert!(answers.iter().all(|answer| *answer == answers[0]), "{answers:#?}");
    assert!(answers[0].get("withdrawn").is_none(), "{:#}", answers[0]);

    // Removing them changes nothing either.
    let listed = body(rita.get(app.url("/api/review/conflicts")).send().await.unwrap()).await;
    for conflict in listed["conflicts"].as_array().unwrap() {
        let id = conflict["id"].as_str().unwrap();
        let removed = rita.delete(app.url(&format!("/api/review/conflicts/{id}"))).send().await.unwrap();
        assert_eq!(removed.status(), 204);
        assert_eq!(home(&app, &rita).await, before);
    }

    // The admins see every declaration in the activity log, and the
    // assignments a standing one crosses, and decide.
    let entries = audit_entries(&app).await;
    for name in ["Ann One", "Cleo Coauthor", "Nobody Known", "Zed Nemo"] {
        let declared = format!("Declared a conflict with {name}");
        assert!(entries.iter().any(|(a, s)| a == "review.conflict_added" && *s == declared), "{entries:?}");
    }
    assert_eq!(declare(&app, &rita, json!({"name": "ann one"})).await.status(), 201);
    let reviewers = body(app.get("/api/admin/reviewers").await).await;
    let listed = reviewers["reviewers"].as_array().unwrap().iter().find(|r| r["id"] == json!(rita_id));
    assert_eq!(listed.unwrap()["crossed"], json!([drafted_code]), "{reviewers:#}");
    assert_eq!(home(&app, &rita).await, before);
    // New assignments go by it: an admin cannot assign her Ann One's next one.
    let (_, next) = submission_by(&app, "ann2@example.org", "Ann", "One", "Next").await;
    assert_eq!(assign(&app, next, rita_id).await.status(), 409);
}

#[tokio::test]
async fn declarations_are_bounded_per_hour_and_per_edition_under_parallel_requests() {
    let app = app_with_admin().await;
    let (rita, _) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let round = |offset: usize| {
        let requests =
            (0..30).map(|i| declare(&app, &rita, json!({ "name": format!("Person {}", offset + i) })));
        join_all(requests)
    };
    for hour in 0..3 {
        let answers = round(hour * 100).await;
        let created = answers.iter().filter(|r| r.status() == 201).count();
        // Past 20 in the hour 429; in the third hour the edition's 60 are spent first (409).
        let refused = if hour < 2 { 429 } else { 409 };
        let refused = answers.iter().filter(|r| r.status() == refused).count();
        assert_eq!((created, refused), (20, 10), "hour {hour}");
        let listed = body(rita.get(app.url("/api/review/conflicts")).send().await.unwrap()).await;
        assert_eq!(listed["conflicts"].as_array().unwrap().len(), 20);
        // Removing them gives nothing back.
        for conflict in listed["conflicts"].as_array().unwrap() {
            let id = conflict["id"].as_str().unwrap();
            rita.delete(app.url(&format!("/api/review/conflicts/{id}"))).send().await.unwrap();
        }
        app.state.clock.advance(time::Duration::hours(1) + time::Duration::seconds(1));
    }
    let spent = declare(&app, &rita, json!({"name": "One More"})).await;
    assert_eq!(spent.status(), 409);
    assert!(body(spent).await["error"].as_str().unwrap().contains("60 conflicts this edition"));
    let listed = body(rita.get(app.url("/api/review/conflicts")).send().await.unwrap()).await;
    assert_eq!(listed["conflicts"], json!([]));
}

#[tokio::test]
async fn a_reviewer_has_at_most_fifty_conflicts_whoever_adds_them_in_parallel() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    for i in 0..5 {
        assert_eq!(declare(&app, &rita, json!({ "name": format!("Own {i}") })).await.status(), 201);
    }
    let path = format!("/api/admin/reviewers/{rita_id}/conflicts");
    let answers =
        join_all((0..60).map(|i| app.post_json(&path, json!({ "email": format!("p{i}@example.org") }))))
            .await;
    let created = answers.iter().filter(|r| r.status() == 201).count();
    let refused: Vec<_> = answers.into_iter().filter(|r| r.status() == 409).collect();
    assert_eq!((created, refused.len()), (45, 15));
    let message = body(refused.into_iter().next().unwrap()).await["error"].as_str().unwrap().to_owned();
    assert_eq!(message, "A reviewer can have at most 50 conflicts. Remove one first, or ask the organisers.");
    let listed = body(rita.get(app.url("/api/review/conflicts")).send().await.unwrap()).await;
    assert_eq!(listed["conflicts"].as_array().unwrap().len(), 50);
    assert_eq!(declare(&app, &rita, json!({"name": "Own 6"})).await.status(), 409);
}

const NFC: &str = "Zo\u{eb} N\u{fa}\u{f1}ez";
const NFD_HIDDEN: &str = "Zoe\u{308}\u{200b} Nu\u{301}n\u{303}ez";

/// A submission by `author` (first name, last name) and a reviewer with an
/// admin's conflict named `conflict`: whether assigning by hand is refused.
async fn conflict_holds(author: (&str, &str), conflict: &str) -> bool {
    let app = app_with_admin().await;
    let (_, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let (_, submission) = submission_by(&app, "zn@example.org", author.0, author.1, "Vowel harmony").await;
    let added =
        app.post_json(&format!("/api/admin/reviewers/{rita_id}/conflicts"), json!({"name": conflict})).await;
    assert_eq!(added.status(), 201);
    assign(&app, submission, rita_id).await.status() == 409
}

#[tokio::test]
async fn names_match_in_any_unicode_spelling_either_way() {
    assert!(conflict_holds(("Zoe\u{308}\u{200b}", "Nu\u{301}n\u{303}ez"), NFC).await);
    assert!(conflict_holds(("Zo\u{eb}", "N\u{fa}\u{f1}ez"), NFD_HIDDEN).await);
}

#[tokio::test]
async fn conflicts_stored_with_the_old_key_are_rekeyed_at_migrate() {
    let app = app_with_admin().await;
    let (rita, rita_id) = reviewer(&app, "rita@example.org", "Rita", "Reviewer").await;
    let (_, submission) =
        submission_by(&app, "zn@example.org", "Zo\u{eb}", "N\u{fa}\u{f1}ez", "Vowel harmony").await;
    // As the older version stored it: the name as typed, its key lower-cased only.
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "INSERT INTO review_conflicts (id, reviewer_id, name, name_key, email, added_by_admin, created_at)
             VALUES ($1, $2, $3, $4, NULL, TRUE, $5)",
        )
        .bind(Uuid::now_v7())
        .bind(rita_id)
        .bind(NFD_HIDDEN)
        .bind(NFD_HIDDEN.to_lowercase())
        .bind(colloquy::clock::now())
        .execute(pool)
        .await
        .unwrap();
    });
    app.state.db.migrate().await.unwrap();
    assert_eq!(assign(&app, submission, rita_id).await.status(), 409);
    let listed = body(rita.get(app.url("/api/review/conflicts")).send().await.unwrap()).await;
    assert_eq!(listed["conflicts"][0]["name"], NFC, "stored in NFC, without the zero-width space");
    put_settings(&app, json!({"reviewers_per_submission": 1})).await;
    let plan = body(app.post_json("/api/admin/reviews/auto-assign/preview", json!(null)).await).await;
    assert_eq!(plan["assignments"], json!([]), "{plan:#}");
}
