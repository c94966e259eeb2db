//! An event's own questions (issue 26 items 1 and 5): admins add, reword,
//! move and retire them; members, visitors and presenters answer them; the
//! admins' list and the CSV show the answers, retired questions' too.

use reqwest::Client;
use serde_json::{Value, json};
use uuid::Uuid;

use super::{SLUG, admin_list, event_at, member, presenter_confirms, view, view_at};
use crate::helpers::{TestApp, browser};
use crate::review::app_with_admin;

pub(super) async fn add_question(app: &TestApp, label: &str, required: bool) -> reqwest::Response {
    app.post_json(
        &format!("/api/admin/events/{SLUG}/questions"),
        json!({"label": label, "required": required}),
    )
    .await
}

/// The event's questions as an admin sees them: (id, label, required, retired).
pub(super) async fn admin_questions(app: &TestApp) -> Vec<(String, String, bool, bool)> {
    let event: Value = app.get(&format!("/api/admin/events/{SLUG}")).await.json().await.unwrap();
    event["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["id"].as_str().unwrap().to_owned(),
                q["label"].as_str().unwrap().to_owned(),
                q["required"].as_bool().unwrap(),
                q["retired"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn form(answers: &[(&str, &str)]) -> Value {
    let answers: Vec<Value> =
        answers.iter().map(|(id, answer)| json!({"question_id": id, "answer": answer})).collect();
    json!({"mode": "in_person", "lunch": false, "question_answers": answers})
}

async fn register(app: &TestApp, client: &Client, body: Value) -> reqwest::Response {
    client.post(app.url(&format!("/api/events/{SLUG}/registration"))).json(&body).send().await.unwrap()
}

async fn change_answers(
    app: &TestApp,
    client: &Client,
    slug: &str,
    answers: &[(&str, &str)],
) -> reqwest::Response {
    let answers: Vec<Value> =
        answers.iter().map(|(id, answer)| json!({"question_id": id, "answer": answer})).collect();
    client
        .put(app.url(&format!("/api/events/{slug}/registration/answers")))
        .json(&json!({"question_answers": answers}))
        .send()
        .await
        .unwrap()
}

async fn stored_answers(app: &TestApp) -> i64 {
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM registration_answers").fetch_one(pool).await.unwrap()
    })
}

async fn csv_rows(app: &TestApp) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let text = app.get(&format!("/api/admin/events/{SLUG}/registrations.csv")).await.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    (header, reader.records().map(Result::unwrap).collect())
}

/// The question a member must answer is named when they do not; their
/// answers read back on their card and in the admins' list; a retired
/// question leaves the form but keeps its answers in the CSV, whose cells
/// cannot run as formulas.
#[tokio::test]
async fn admins_ask_their_own_questions_members_answer_them_and_the_csv_keeps_every_answer() {
    let app = app_with_admin().await;
    // One question asked from the start, one added later.
    let starts = (time::OffsetDateTime::now_utc() + time::Duration::days(60))
        .format(&time::format_description::well_known::Rfc3339)
        .unwrap();
    let created = app
        .post_json(
            "/api/admin/events",
            json!({"slug": SLUG, "title": "SCULC 2026", "starts_at": starts, "capacity": 5,
                   "questions": [{"label": "  University or college  ", "required": true}]}),
        )
        .await;
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
    assert_eq!(add_question(&app, "T-shirt size", false).await.status(), 201);
    let questions = admin_questions(&app).await;
    assert_eq!(
        questions.iter().map(|(_, label, required, _)| (label.as_str(), *required)).collect::<Vec<_>>(),
        [("University or college", true), ("T-shirt size", false)]
    );
    let (university, shirt) = (questions[0].0.clone(), questions[1].0.clone());

    // Members read the questions with the event.
    let (ada, _) = member(&app, 1).await;
    let shown = view(&app, &ada).await;
    assert_eq!(shown["questions"][0]["label"], "University or college");
    assert_eq!(shown["questions"][0]["required"], true);
    assert_eq!(shown["questions"][1]["id"], shirt.as_str());

    // Without the required answer: refused, naming it; nothing kept.
    let refused = register(&app, &ada, form(&[(&shirt, "M")])).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["error"], "Please answer “University or college”.");
    assert_eq!(
        body["fields"][format!("questions.{university}")],
        json!(["Please answer “University or college”."])
    );
    // An answer of spaces is no answer.
    assert_eq!(register(&app, &ada, form(&[(&university, "   ")])).await.status(), 422);
    // A question the event does not ask, or an answer too long.
    let unknown = Uuid::now_v7().to_string();
    let refused = register(&app, &ada, form(&[(&university, "UCLA"), (&unknown, "?")])).await;
    assert_eq!(refused.status(), 422);
    let too_long = "x".repeat(1001);
    let refused = register(&app, &ada, form(&[(&university, &too_long)])).await;
    assert_eq!(refused.status(), 422);
    let body: Value = refused.json().await.unwrap();
    assert_eq!(body["fields"][format!("questions.{university}")], json!(["At most 1,000 characters."]));
    assert!(admin_list(&app).await.is_empty(), "nothing registered");
    assert_eq!(stored_answers(&app).await, 0, "nothing kept");

    // With it: registered, the answers read back on the card and in the list.
    let registered = register(&app, &ada, form(&[(&shirt, " M "), (&university, "=1+1")])).await;
    assert_eq!(registered.status(), 201);
    let card: Value = registered.json().await.unwrap();
    assert_eq!(
        card["mine"]["question_answers"],
        json!([{"question_id": university, "answer": "=1+1"}, {"question_id": shirt, "answer": "M"}]),
        "trimmed, in the order they are asked"
    );
    let list = admin_list(&app).await;
    assert_eq!(list[0]["question_answers"].as_array().unwrap().len(), 2);

    // Retired: gone from the form and the card, kept for the admins.
    let retired =
        app.client.delete(app.url(&format!("/api/admin/events/{SLUG}/questions/{shirt}"))).send().await;
    assert_eq!(retired.unwrap().status(), 200);
    let shown = view(&app, &ada).await;
    assert_eq!(shown["questions"].as_array().unwrap().len(), 1);
    assert_eq!(shown["mine"]["question_answers"], json!([{"question_id": university, "answer": "=1+1"}]));
    assert!(admin_questions(&app).await[1].3, "retired");
    // Answering it now is refused; so is retiring it again.
    let (grace, _) = member(&app, 2).await;
    assert_eq!(register(&app, &grace, form(&[(&university, "MIT"), (&shirt, "L")])).await.status(), 422);
    let again =
        app.client.delete(app.url(&format!("/api/admin/events/{SLUG}/questions/{shirt}"))).send().await;
    assert_eq!(again.unwrap().status(), 409);
    assert_eq!(register(&app, &grace, form(&[(&university, "MIT")])).await.status(), 201);

    // A member changes their answers until the event; the retired one stays.
    let changed = change_answers(&app, &ada, SLUG, &[(&university, "@SUM(A1)")]).await;
    assert_eq!(changed.status(), 200);
    let changed: Value = changed.json().await.unwrap();
    assert_eq!(changed["mine"]["question_answers"][0]["answer"], "@SUM(A1)");
    assert_eq!(change_answers(&app, &ada, SLUG, &[]).await.status(), 422, "still required");

    let (header, rows) = csv_rows(&app).await;
    assert_eq!(&header[11], "Event", "the fixed columns first");
    assert_eq!(&header[12], "University or college");
    assert_eq!(&header[13], "T-shirt size (retired question)");
    let ada_row = rows.iter().find(|row| &row[2] == "member1@example.edu").unwrap();
    assert_eq!(
        (&ada_row[12], &ada_row[13]),
        ("'@SUM(A1)", "M"),
        "formula made text; the retired answer kept"
    );
    let grace_row = rows.iter().find(|row| &row[2] == "member2@example.edu").unwrap();
    assert_eq!((&grace_row[12], &grace_row[13]), ("MIT", ""));

    let log: Value = app.get("/api/admin/audit").await.json().await.unwrap();
    let summaries: Vec<&str> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "event.questions_changed")
        .map(|e| e["summary"].as_str().unwrap())
        .collect();
    assert_eq!(summaries.len(), 2, "{summaries:?}");
    assert!(summaries.iter().any(|s| s.contains("Retired the question “T-shirt size” of SCULC 2026")));
}

/// Admins reword, require and move questions; an event asks ten at most.
/// Members get 403 on these endpoints, visitors 401.
#[tokio::test]
async fn admins_reword_move_and_bound_the_questions_and_no_one_else_may() {
    let app = app_with_admin().await;
    super::event_with(&app, 5, 48).await;
    for label in ["First", "Second", "Third"] {
        assert_eq!(add_question(&app, label, false).await.status(), 201);
    }
    let ids: Vec<String> = admin_questions(&app).await.into_iter().map(|(id, ..)| id).collect();
    let url = |path: &str| app.url(&format!("/api/admin/events/{SLUG}/questions{path}"));

    let reworded = app
        .client
        .put(url(&format!("/{}", ids[1])))
        .json(&json!({"label": "Second, reworded", "required": true}));
    assert_eq!(reworded.send().await.unwrap().status(), 200);
    let empty = app.client.put(url(&format!("/{}", ids[1]))).json(&json!({"label": "  ", "required": true}));
    let empty = empty.send().await.unwrap();
    assert_eq!(empty.status(), 422);
    let body: Value = empty.json().await.unwrap();
    assert_eq!(body["fields"]["label"], json!(["A question of 1 to 200 characters."]));
    assert_eq!(add_question(&app, &"x".repeat(201), false).await.status(), 422);
    let unknown = app.client.put(url(&format!("/{}", Uuid::now_v7()))).json(&json!({"label": "X"}));
    assert_eq!(unknown.send().await.unwrap().status(), 404);

    let moved = app
        .post_json(&format!("/api/admin/events/{SLUG}/questions/{}/move", ids[2]), json!({"direction": "up"}))
        .await;
    assert_eq!(moved.status(), 200);
    let first_up = app
        .post_json(&format!("/api/admin/events/{SLUG}/questions/{}/move", ids[0]), json!({"direction": "up"}))
        .await;
    assert_eq!(first_up.status(), 409);
    assert_eq!(first_up.json::<Value>().await.unwrap()["error"], "“First” is asked first already.");
    let order: Vec<(String, bool)> =
        admin_questions(&app).await.into_iter().map(|(_, label, required, _)| (label, required)).collect();
    assert_eq!(
        order,
        [("First".to_owned(), false), ("Third".to_owned(), false), ("Second, reworded".to_owned(), true)]
    );

    // Ten at once at most, also at creation.
    for n in 4..=10 {
        assert_eq!(add_question(&app, &format!("Question {n}"), false).await.status(), 201);
    }
    let eleventh = add_question(&app, "One too many", false).await;
    assert_eq!(eleventh.status(), 409);
    assert!(eleventh.text().await.unwrap().contains("retire one first"));
    let too_many: Vec<Value> = (0..11).map(|n| json!({"label": format!("Q{n}")})).collect();
    let created = app
        .post_json(
            "/api/admin/events",
            json!({"slug": "many", "title": "Many", "starts_at": "2099-01-01T00:00:00Z", "capacity": 1, "questions": too_many}),
        )
        .await;
    assert_eq!(created.status(), 422);

    // Members are refused (403), visitors asked to sign in (401).
    let (member_client, _) = member(&app, 1).await;
    let visitor = browser();
    for (client, status) in [(&member_client, 403), (&visitor, 401)] {
        let tries = [
            client.post(url("")).header("x-requested-with", "colloquy").json(&json!({"label": "Mine"})),
            client
                .put(url(&format!("/{}", ids[0])))
                .header("x-requested-with", "colloquy")
                .json(&json!({"label": "Mine"})),
            client.delete(url(&format!("/{}", ids[0]))).header("x-requested-with", "colloquy"),
            client
                .post(url(&format!("/{}/move", ids[1])))
                .header("x-requested-with", "colloquy")
                .json(&json!({"direction": "up"})),
        ];
        for request in tries {
            assert_eq!(request.send().await.unwrap().status(), status);
        }
    }
    assert_eq!(admin_questions(&app).await[0].1, "First", "nothing changed");
    let answers = visitor
        .put(app.url(&format!("/api/events/{SLUG}/registration/answers")))
        .header("x-requested-with", "colloquy")
        .json(&json!({"question_answers": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(answers.status(), 401);
    assert_eq!(
        change_answers(&app, &member_client, SLUG, &[]).await.status(),
        422,
        "a required one unanswered"
    );
    let no_registration = change_answers(&app, &member_client, SLUG, &[(&ids[1], "Yes")]).await;
    assert_eq!(no_registration.status(), 404);
}

/// A visitor's answers wait with their request and reach their
/// registration when the link is followed; a request without a required
/// answer sends no e-mail.
#[tokio::test]
async fn a_visitors_answers_survive_the_emailed_link() {
    let app = app_with_admin().await;
    super::event_with(&app, 5, 48).await;
    assert_eq!(add_question(&app, "Pronouns", true).await.status(), 201);
    let pronouns = admin_questions(&app).await[0].0.clone();
    let visitor = browser();
    let ask = |answers: Value| {
        visitor
            .post(app.url(&format!("/api/events/{SLUG}/visitors")))
            .header("x-requested-with", "colloquy")
            .json(&json!({"first_name": "Zoë", "last_name": "Visitor", "email": "zoe@example.org", "answers": answers}))
            .send()
    };
    let refused = ask(json!({"mode": "virtual", "lunch": false})).await.unwrap();
    assert_eq!(refused.status(), 422);
    assert_eq!(refused.json::<Value>().await.unwrap()["error"], "Please answer “Pronouns”.");
    assert!(super::mail_to(&app, "zoe@example.org").await.is_empty(), "no link for a refused request");

    let asked = ask(form(&[(&pronouns, "she/her")])).await.unwrap();
    assert_eq!(asked.status(), 202);
    let token = app.token_from_email("zoe@example.org", 1, "/registration/confirm").await;
    let confirmed = super::confirm_as_visitor(&app, &visitor, &token).await;
    assert_eq!(confirmed.status(), 201);
    let answer: Value = confirmed.json().await.unwrap();
    assert_eq!(answer["mine"]["question_answers"], json!([{"question_id": pronouns, "answer": "she/her"}]));
    let list = admin_list(&app).await;
    assert_eq!(list[0]["question_answers"][0]["answer"], "she/her");
    let waiting: i64 = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT COUNT(*) FROM registration_request_answers").fetch_one(pool).await.unwrap()
    });
    assert_eq!(waiting, 0, "the request's answers went with it");
}

/// A presenter registered when they confirm was never asked the event's
/// questions: a required one does not block the place, and they answer
/// later on their card.
#[tokio::test]
async fn a_presenter_registered_automatically_answers_the_questions_later() {
    let app = app_with_admin().await;
    event_at(&app, "sculc-2025", 1, 48).await;
    let added = app
        .post_json("/api/admin/events/sculc-2025/questions", json!({"label": "Badge name", "required": true}))
        .await;
    assert_eq!(added.status(), 201);
    let added: Value = added.json().await.unwrap();
    let badge = added["questions"][0]["id"].as_str().unwrap().to_owned();

    presenter_confirms(&app).await;
    let event = view_at(&app, &app.client, "sculc-2025").await;
    assert_eq!(event["mine"]["state"], "registered");
    assert_eq!(event["mine"]["question_answers"], json!([]), "unanswered, and registered all the same");
    assert_eq!(event["questions"][0]["label"], "Badge name");

    let answered = change_answers(&app, &app.client, "sculc-2025", &[(&badge, "Ada L.")]).await;
    assert_eq!(answered.status(), 200);
    let event = view_at(&app, &app.client, "sculc-2025").await;
    assert_eq!(event["mine"]["question_answers"], json!([{"question_id": badge, "answer": "Ada L."}]));
}
