//! Confirming, declining and changing the answer, until the confirm-by deadline.

use serde_json::{Value, json};

use super::{accepted_author, answer, confirming, deadline_in, mine};
use crate::helpers::{browser, spawn_app};
use crate::submissions::{make_pdf, sign_in_as, upload};

#[tokio::test]
async fn an_accepted_author_confirms_declines_and_changes_their_mind_until_the_deadline() {
    let app = spawn_app().await;
    let id = accepted_author(&app, "ada@example.edu").await;
    deadline_in(&app, "confirm_attendance_by", 24).await;
    let before = mine(&app, id).await;
    assert_eq!(before["attendance"], Value::Null);
    assert_eq!(before["attendance_open"], true);
    assert_eq!(before["materials_open"], false);

    let response = answer(&app, &app.client, id, confirming("  Tone sandhi in Southern Min  ")).await;
    assert_eq!(response.status(), 200);
    let shown = mine(&app, id).await;
    assert_eq!(shown["title"], "Tone sandhi in Southern Min", "the corrected title, trimmed");
    assert_eq!(shown["attendance"]["response"], "confirmed");
    assert_eq!(shown["attendance"]["mode"], "in_person");
    assert_eq!(shown["attendance"]["format"], "talk");
    assert_eq!(shown["attendance"]["needs"], "Step-free access");
    assert_eq!(shown["materials_open"], true);
    let answered_at = shown["attendance"]["answered_at"].clone();

    let response = answer(&app, &app.client, id, json!({"response": "declined"})).await;
    assert_eq!(response.status(), 200);
    let shown = mine(&app, id).await;
    assert_eq!(shown["attendance"]["response"], "declined");
    assert_eq!(
        (shown["attendance"]["mode"].clone(), shown["attendance"]["format"].clone()),
        (Value::Null, Value::Null)
    );
    assert_eq!(shown["status"], "accepted", "the stored status stays");
    assert_eq!(shown["title"], "Tone sandhi in Southern Min", "declining keeps the title");
    assert_eq!(shown["materials_open"], false);

    let mut virtually = confirming("Tone sandhi");
    virtually["mode"] = json!("virtual");
    virtually["format"] = json!("both");
    assert_eq!(answer(&app, &app.client, id, virtually).await.status(), 200);
    let shown = mine(&app, id).await;
    assert_eq!(shown["attendance"]["response"], "confirmed");
    assert_eq!(shown["attendance"]["mode"], "virtual");
    assert_eq!(shown["attendance"]["format"], "both");
    assert_eq!(shown["attendance"]["answered_at"], answered_at, "the first answer's time stays");

    // A day later the deadline has passed: the answer stays as it was.
    app.state.clock.advance(time::Duration::hours(24) + time::Duration::seconds(1));
    let response = answer(&app, &app.client, id, json!({"response": "declined"})).await;
    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "deadline_passed");
    let contact: String = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT contact_email FROM editions WHERE year = 2025")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert!(body["error"].as_str().unwrap().contains(&contact), "{body}");
    let shown = mine(&app, id).await;
    assert_eq!(shown["attendance"]["response"], "confirmed");
    assert_eq!(shown["attendance_open"], false);
    assert_eq!(
        answer(&app, &app.client, id, confirming("Another title")).await.status(),
        409,
        "nor can the title change through it"
    );
    assert_eq!(mine(&app, id).await["title"], "Tone sandhi");
}

#[tokio::test]
async fn only_the_author_of_an_accepted_submission_may_answer() {
    let app = spawn_app().await;
    let id = accepted_author(&app, "ada@example.edu").await;

    let other = browser();
    sign_in_as(&app, &other, "grace@example.edu").await;
    let response = answer(&app, &other, id, confirming("Mine now")).await;
    assert_eq!(response.status(), 404, "another user is told it does not exist");

    let signed_out = browser();
    assert_eq!(answer(&app, &signed_out, id, confirming("Mine now")).await.status(), 401);

    let unknown = uuid::Uuid::now_v7();
    assert_eq!(answer(&app, &app.client, unknown, confirming("x")).await.status(), 404);

    // Grace answers for her own, undecided one.
    let response = upload(&app, &other, "Undecided.pdf", make_pdf(&["undecided"], None)).await;
    let undecided: uuid::Uuid =
        response.json::<Value>().await.unwrap()["id"].as_str().unwrap().parse().unwrap();
    let response = answer(&app, &other, undecided, confirming("Undecided")).await;
    assert_eq!(response.status(), 409);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "not_accepted");
    let stored: (i64, String) = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_as(
            "SELECT (SELECT COUNT(*) FROM attendance), (SELECT title FROM submissions WHERE id = $1)",
        )
        .bind(undecided)
        .fetch_one(pool)
        .await
        .unwrap()
    });
    assert_eq!(stored, (0, "Undecided.pdf".to_owned()), "nobody's answer was saved");
}

#[tokio::test]
async fn answers_that_are_not_valid_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let id = accepted_author(&app, "ada@example.edu").await;
    let bad = [
        (json!({"response": "confirmed", "format": "talk", "title": "T"}), "mode"),
        (json!({"response": "confirmed", "mode": "virtual", "title": "T"}), "format"),
        (json!({"response": "confirmed", "mode": "virtual", "format": "talk", "title": "  "}), "title"),
        (
            json!({"response": "confirmed", "mode": "virtual", "format": "talk", "title": "é".repeat(301)}),
            "title",
        ),
        (
            json!({"response": "confirmed", "mode": "virtual", "format": "talk", "title": "T", "needs": "x".repeat(2001)}),
            "needs",
        ),
    ];
    for (body, field) in bad {
        let response = answer(&app, &app.client, id, body.clone()).await;
        assert_eq!(response.status(), 422, "{body}");
        let error: Value = response.json().await.unwrap();
        assert!(error["fields"][field].is_array(), "{field}: {error}");
    }
    for body in [json!({"response": "maybe"}), json!({"response": "confirmed", "mode": "by pigeon"})] {
        assert_eq!(answer(&app, &app.client, id, body).await.status(), 422);
    }
    let shown = mine(&app, id).await;
    assert_eq!(shown["attendance"], Value::Null);
    assert_eq!(shown["title"], "Tone sandhi.pdf");
}
