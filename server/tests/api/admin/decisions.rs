//! Decisions make authors presenters (or not) and e-mail them through the
//! outbox; undo and repeated decisions send nothing; deletion removes the
//! row and the file.

use std::time::Duration;

use serde_json::{Value, json};

use super::{admin, audit_entries, insert_submission, json, set_status, user_id};
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::{make_pdf, sign_in_as, stored_files, upload, words};

const AUTHOR: &str = "author@example.edu";

/// An admin on `app.client`, and an author (Ada Lovelace) on the returned
/// client with one uploaded abstract, whose id is returned.
async fn with_submission(app: &TestApp) -> (reqwest::Client, String) {
    admin(app, "admin@example.edu").await;
    let author = browser();
    sign_in_as(app, &author, AUTHOR).await;
    let uploaded = upload(
        app,
        &author,
        "phonology.pdf",
        make_pdf(&words(50).iter().map(String::as_str).collect::<Vec<_>>(), None),
    )
    .await;
    assert_eq!(uploaded.status(), 201);
    let id = json(uploaded).await["id"].as_str().unwrap().to_owned();
    (author, id)
}

async fn decide(app: &TestApp, id: &str, decision: &str) -> reqwest::Response {
    app.post_json(&format!("/api/admin/submissions/{id}/decision"), json!({"decision": decision})).await
}

async fn flags(client: &reqwest::Client, app: &TestApp) -> (bool, bool) {
    let session: Value = client.get(app.url("/api/session")).send().await.unwrap().json().await.unwrap();
    let user = &session["user"];
    (user["applicant"].as_bool().unwrap(), user["presenter"].as_bool().unwrap())
}

/// The e-mails to the author so far, after giving background sends time.
async fn settled_emails(app: &TestApp) -> Vec<String> {
    tokio::time::sleep(Duration::from_millis(300)).await;
    app.outbox().into_iter().filter(|e| e.contains(&format!("To: {AUTHOR}"))).collect()
}

#[tokio::test]
async fn accepting_makes_a_presenter_and_sends_the_acceptance_email_once() {
    let app = spawn_app().await;
    let (author, id) = with_submission(&app).await;
    assert_eq!(flags(&author, &app).await, (true, false));
    // The verification e-mail was the first.
    assert_eq!(settled_emails(&app).await.len(), 1);

    let accepted = decide(&app, &id, "accepted").await;
    assert_eq!(accepted.status(), 200);
    let accepted = json(accepted).await;
    assert_eq!(accepted["status"], "accepted");
    assert_eq!(accepted["original_name"], "phonology.pdf");
    assert_eq!(accepted["edition_year"], 2025);
    assert_eq!(flags(&author, &app).await, (true, true));
    let emails = app.emails_to(AUTHOR, 2).await;
    let email = &emails[1];
    assert!(email.contains("Subject: Your abstract for SCULC 2025 has been accepted"), "{email}");
    assert_eq!(body(email).lines().next(), Some("Dear Ada,"), "{email}");
    assert!(email.contains("\"phonology.pdf\""), "{email}");
    assert!(email.contains("by April 15, 2025 at 11:59 PM PDT"), "{email}");
    // SCULC 2025's presenters answer on the site: no form in the letter.
    assert!(!email.contains("https://forms.example.org/"), "{email}");
    assert!(email.contains("15-minute talk"), "{email}");
    assert!(email.contains("by May 10, 2025 at 11:59 PM PDT"), "{email}");
    assert!(email.contains(&format!("{}/sculc/congratulations-page", app.address)), "{email}");

    // The same decision again: 200, nothing changes, no second e-mail.
    let again = decide(&app, &id, "accepted").await;
    assert_eq!(again.status(), 200);
    assert_eq!(json(again).await["status"], "accepted");
    assert_eq!(settled_emails(&app).await.len(), 2);
    assert_eq!(audit_entries(&app).await.iter().filter(|(a, _)| a == "submission.accepted").count(), 1);

    // The author's own list shows the decision.
    let own: Value = author.get(app.url("/api/submissions")).send().await.unwrap().json().await.unwrap();
    assert_eq!(own["submissions"][0]["status"], "accepted");
}

/// An e-mail's text as its reader sees it, after the headers.
fn body(email: &str) -> &str {
    email.split_once("\r\n\r\n").map_or(email, |(_, body)| body)
}

/// SCULC 2025's deadlines (RFC 3339) and how presenters answer.
async fn set_attendance(app: &TestApp, in_app: bool, confirm_by: &str, materials_by: &str) {
    let at = |text: &str| {
        time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap()
    };
    let (confirm_by, materials_by) = (at(confirm_by), at(materials_by));
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query(
            "UPDATE editions SET attendance_in_app = $1, confirm_attendance_by = $2, final_materials_by = $3 \
             WHERE year = 2025",
        )
        .bind(in_app)
        .bind(confirm_by)
        .bind(materials_by)
        .execute(pool)
        .await
        .unwrap();
    });
}

/// The lines of the acceptance e-mail Ada gets once SCULC 2025 has these
/// settings and her submission is accepted; it greets her by first name and
/// asks "If you need more time" once.
async fn acceptance_lines(in_app: bool, confirm_by: &str, materials_by: &str) -> (TestApp, Vec<String>) {
    let app = spawn_app().await;
    let (_, id) = with_submission(&app).await;
    set_attendance(&app, in_app, confirm_by, materials_by).await;
    assert_eq!(decide(&app, &id, "accepted").await.status(), 200);
    let emails = app.emails_to(AUTHOR, 2).await;
    assert!(emails[1].contains("Subject: Your abstract for SCULC 2025 has been accepted"), "{}", emails[1]);
    let text = body(&emails[1]);
    assert_eq!(text.lines().next(), Some("Dear Ada,"), "{text}");
    assert_eq!(text.matches("If you need more time").count(), 1, "{text}");
    let lines = text.lines().map(str::to_owned).collect();
    (app, lines)
}

fn assert_has_lines(lines: &[String], expected: &[&str]) {
    for line in expected {
        assert!(lines.iter().any(|l| l == line), "{line:?} not in {lines:#?}");
    }
}

#[tokio::test]
async fn the_acceptance_email_sends_presenters_to_the_form_and_email_with_the_editions_dates() {
    let (_, lines) = acceptance_lines(false, "2025-04-20T06:59:00Z", "2025-05-13T06:59:00Z").await;
    assert_has_lines(
        &lines,
        &[
            "1. Confirm your attendance by April 19, 2025 at 11:59 PM PDT using this form: \
             https://forms.example.org/sculc-2025-confirm-attendance",
            "3. Send your final materials by May 12, 2025 at 11:59 PM PDT by e-mail to sculc@example.edu.",
        ],
    );
}

#[tokio::test]
async fn the_acceptance_email_sends_presenters_to_their_page_when_they_answer_on_the_site() {
    let (app, lines) = acceptance_lines(true, "2025-04-22T06:59:00Z", "2025-05-14T06:59:00Z").await;
    let page =
        format!("The details are on your congratulations page: {}/sculc/congratulations-page", app.address);
    assert_has_lines(
        &lines,
        &[
            "1. Confirm your attendance by April 21, 2025 at 11:59 PM PDT on the site, on your congratulations \
             page (link below)",
            "3. Send your final materials by May 13, 2025 at 11:59 PM PDT by uploading them on that page.",
            &page,
        ],
    );
    assert!(!lines.iter().any(|l| l.contains("forms.example.org") || l.contains("by e-mail")), "{lines:#?}");
}

async fn current_confirm_by(app: &TestApp) -> Value {
    json(app.get("/api/editions/current").await).await["confirm_attendance_by"].clone()
}

#[tokio::test]
async fn accepting_after_confirm_by_asks_first_and_may_extend_the_deadline() {
    let app = spawn_app().await;
    let (_, id) = with_submission(&app).await;
    // Confirm-by passed (the seeded April 2025), materials still ahead.
    set_attendance(&app, true, "2025-04-16T06:59:00Z", "2099-01-01T08:00:00Z").await;
    let path = format!("/api/admin/submissions/{id}/decision");
    let post = |body: Value| app.post_json(&path, body);

    // Asked first: nothing is decided or sent, and the deadline is named.
    let asked = post(json!({"decision": "accepted", "ask_if_confirm_by_passed": true})).await;
    assert_eq!(asked.status(), 409);
    let refusal = json(asked).await;
    assert_eq!(refusal["code"], "confirm_by_passed");
    assert!(
        refusal["error"]
            .as_str()
            .unwrap()
            .starts_with("The deadline to confirm attendance, April 15, 2025 at 11:59 PM PDT, has passed"),
        "{refusal}"
    );
    // A new deadline in the past, or after the materials', changes nothing.
    for bad in ["2025-05-01T00:00:00Z", "2099-02-01T00:00:00Z"] {
        let response = post(
            json!({"decision": "accepted", "ask_if_confirm_by_passed": true, "extend_confirm_by_to": bad}),
        )
        .await;
        assert_eq!(response.status(), 422, "{bad}");
        assert!(json(response).await["fields"]["extend_confirm_by_to"].is_array());
    }
    assert_eq!(settled_emails(&app).await.len(), 1, "only the verification");
    assert_eq!(current_confirm_by(&app).await, "2025-04-16T06:59:00Z");

    // Extended: the edition's deadline moves (logged) and the e-mail names it.
    let now = app.state.clock.clone().scope(async { colloquy::clock::now() }).await;
    let until = colloquy::clock::to_stored(now + time::Duration::days(7));
    let until_text = until.format(&time::format_description::well_known::Rfc3339).unwrap();
    let extended = post(
        json!({"decision": "accepted", "ask_if_confirm_by_passed": true, "extend_confirm_by_to": until_text}),
    )
    .await;
    assert_eq!(extended.status(), 200);
    assert_eq!(current_confirm_by(&app).await, until_text.as_str());
    let email = &app.emails_to(AUTHOR, 2).await[1];
    let deadline = colloquy::content::editions::pacific(until);
    assert!(body(email).contains(&format!("Confirm your attendance by {deadline} on the site")), "{email}");
    let entries = audit_entries(&app).await;
    assert!(
        entries.iter().any(|(_, summary)| summary
            == &format!("Extended SCULC 2025's deadline to confirm attendance from April 15, 2025 at 11:59 PM PDT to {deadline}")),
        "{entries:?}"
    );
}

#[tokio::test]
async fn accepting_after_confirm_by_anyway_keeps_the_deadline() {
    let app = spawn_app().await;
    let (_, id) = with_submission(&app).await;
    let response = app
        .post_json(
            &format!("/api/admin/submissions/{id}/decision"),
            json!({"decision": "accepted", "ask_if_confirm_by_passed": false}),
        )
        .await;
    assert_eq!(response.status(), 200);
    assert_eq!(json(response).await["status"], "accepted");
    assert_eq!(current_confirm_by(&app).await, "2025-04-16T06:59:00Z");
}

#[tokio::test]
async fn undo_sends_nothing_and_rejecting_sends_the_rejection_email() {
    let app = spawn_app().await;
    let (author, id) = with_submission(&app).await;
    assert_eq!(decide(&app, &id, "accepted").await.status(), 200);
    app.emails_to(AUTHOR, 2).await;

    let undone = json(decide(&app, &id, "submitted").await).await;
    assert_eq!(undone["status"], "submitted");
    assert_eq!(flags(&author, &app).await, (true, false));
    assert_eq!(settled_emails(&app).await.len(), 2, "undo sends nothing");

    let rejected = json(decide(&app, &id, "rejected").await).await;
    assert_eq!(rejected["status"], "rejected");
    assert_eq!(flags(&author, &app).await, (true, false));
    let emails = app.emails_to(AUTHOR, 3).await;
    let email = &emails[2];
    assert!(
        email.contains("Subject: Your abstract for SCULC 2025\r\n")
            || email.contains("Subject: Your abstract for SCULC 2025\n"),
        "{email}"
    );
    assert!(email.contains("we regret"), "{email}");
    assert!(!email.contains("congratulations-page"), "{email}");

    // Rejected, then accepted after all: the acceptance e-mail goes out.
    assert_eq!(json(decide(&app, &id, "accepted").await).await["status"], "accepted");
    let emails = app.emails_to(AUTHOR, 4).await;
    assert!(emails[3].contains("has been accepted"));
    assert_eq!(flags(&author, &app).await, (true, true));
}

#[tokio::test]
async fn only_current_edition_submissions_that_exist_can_be_decided() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let author = user_id(&app, "admin@example.edu").await;
    let old = insert_submission(&app, author, "old.pdf", 2024, 0).await;
    let answer = decide(&app, &old.to_string(), "accepted").await;
    assert_eq!(answer.status(), 409);
    assert!(json(answer).await["error"].as_str().unwrap().contains("SCULC 2024"));

    let withdrawn = insert_submission(&app, author, "gone.pdf", 2025, 0).await;
    set_status(&app, withdrawn, "withdrawn").await;
    assert_eq!(decide(&app, &withdrawn.to_string(), "accepted").await.status(), 409);

    assert_eq!(decide(&app, &uuid::Uuid::now_v7().to_string(), "accepted").await.status(), 404);
    let current = insert_submission(&app, author, "new.pdf", 2025, 0).await;
    let bad = decide(&app, &current.to_string(), "maybe").await;
    assert_eq!(bad.status(), 422);
    assert_eq!(audit_entries(&app).await, vec![], "nothing was decided");
}

#[tokio::test]
async fn deleting_removes_the_row_and_the_file_and_is_audited() {
    let app = spawn_app().await;
    let (author, id) = with_submission(&app).await;
    assert_eq!(stored_files(&app).len(), 1);
    let deleted = app.client.delete(app.url(&format!("/api/admin/submissions/{id}"))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    assert_eq!(stored_files(&app), Vec::<String>::new());
    let own: Value = author.get(app.url("/api/submissions")).send().await.unwrap().json().await.unwrap();
    assert_eq!(own["submissions"], json!([]));
    assert_eq!(flags(&author, &app).await, (false, false));
    assert_eq!(
        audit_entries(&app).await,
        vec![(
            "submission.deleted".to_owned(),
            "Deleted ‘phonology.pdf’ by Ada Lovelace (SCULC 2025)".to_owned()
        )]
    );
    let again = app.client.delete(app.url(&format!("/api/admin/submissions/{id}"))).send().await.unwrap();
    assert_eq!(again.status(), 404);
}
