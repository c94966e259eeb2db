//! Issue 37 item 3: no stranger's words to an unconfirmed address. Anyone
//! may ask to register any address; until its owner follows the link, the
//! e-mail sent there carries nothing the asker typed: no name, no answer.

use serde_json::json;

use super::questions::{add_question, admin_questions};
use super::{SLUG, confirm_as_visitor, event_with, mail_to};
use crate::helpers::{TestApp, browser};
use crate::review::app_with_admin;

const LURE: &str = "Ada - your account is locked: sign in at https://evil.example/login";
const DIETARY: &str = "Call https://evil.example/help now";
const ACCESS: &str = "Your password expires today";
const ANSWER: &str = "Reply with your bank details";

/// Asks to register `email` with the lure as first name and answers that
/// read like instructions.
async fn ask_with_lure(app: &TestApp, email: &str, last_name: &str) -> reqwest::Response {
    let question = admin_questions(app).await[0].0.clone();
    let answers = json!({
        "mode": "in_person", "lunch": true, "dietary": DIETARY, "access": ACCESS,
        "question_answers": [{"question_id": question, "answer": ANSWER}],
    });
    browser()
        .post(app.url(&format!("/api/events/{SLUG}/visitors")))
        .header("x-requested-with", "colloquy")
        .json(&json!({"first_name": LURE, "last_name": last_name, "email": email, "answers": answers}))
        .send()
        .await
        .unwrap()
}

fn assert_no_typed_words(mail: &str, also: &str) {
    for typed in [LURE, "evil.example", DIETARY, ACCESS, ANSWER, also] {
        assert!(!mail.contains(typed), "{typed:?} reached the unconfirmed address: {mail}");
    }
}

#[tokio::test]
async fn the_link_to_an_unconfirmed_address_carries_no_name_and_no_answer() {
    let app = app_with_admin().await;
    event_with(&app, 5, 48).await;
    assert_eq!(add_question(&app, "Anything else?", false).await.status(), 201);
    let asked = ask_with_lure(&app, "victim@example.org", "Lastname-Typed").await;
    assert_eq!(asked.status(), 202, "{}", asked.text().await.unwrap());

    let mail = app.emails_to("victim@example.org", 1).await;
    assert_eq!(mail.len(), 1);
    assert!(
        mail[0].contains("Subject: Confirm your registration for SCULC 2026\r\n\r\nHello,"),
        "{}",
        mail[0]
    );
    assert_no_typed_words(&mail[0], "Lastname-Typed");
    // The raw message too (headers, encodings), not only the text a reader shows.
    for raw in crate::helpers::outbox_files(&app.state.config.data_dir.join("outbox")) {
        let raw = String::from_utf8_lossy(&std::fs::read(raw).unwrap()).into_owned();
        assert_no_typed_words(&raw, "Lastname-Typed");
    }

    // Once the owner follows the link, the confirmation may greet them by
    // the name given with it: the address is theirs.
    let token = app.token_from_email("victim@example.org", 1, "/registration/confirm").await;
    assert_eq!(confirm_as_visitor(&app, &browser(), &token).await.status(), 201);
    let mail = app.emails_to("victim@example.org", 2).await;
    assert_eq!(mail_to(&app, "victim@example.org").await.len(), 2);
    assert!(mail.iter().any(|m| m.contains(&format!("\r\n\r\nDear {LURE},"))), "{mail:#?}");
}

/// A stranger who signed up with the address (never verified) chose the
/// account's name; the owner who follows a registration link takes the
/// account with the name they gave, and is never greeted by the stranger's.
#[tokio::test]
async fn a_strangers_unverified_sign_up_name_never_greets_the_owner() {
    let app = app_with_admin().await;
    event_with(&app, 5, 48).await;
    let signed_up = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": LURE, "last_name": "Stranger", "email": "owner@example.org",
                   "password": "correct horse battery staple"}),
        )
        .await;
    assert_eq!(signed_up.status(), 202, "{}", signed_up.text().await.unwrap());
    let asked = browser()
        .post(app.url(&format!("/api/events/{SLUG}/visitors")))
        .header("x-requested-with", "colloquy")
        .json(&json!({"first_name": "Grace", "last_name": "Owner", "email": "owner@example.org",
                      "answers": {"mode": "virtual", "lunch": false}}))
        .send()
        .await
        .unwrap();
    assert_eq!(asked.status(), 202);
    let token = app.token_from_email("owner@example.org", 2, "/registration/confirm").await;
    assert_eq!(confirm_as_visitor(&app, &browser(), &token).await.status(), 201);

    // The sign-up's verification, the link, the confirmation with the ticket.
    let mail = app.emails_to("owner@example.org", 3).await;
    for body in &mail {
        assert!(!body.contains(LURE) && !body.contains("evil.example"), "{body}");
    }
    assert!(mail.iter().any(|m| m.contains("\r\n\r\nDear Grace,")), "{mail:#?}");
    let (first, password): (String, Option<String>) = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_as("SELECT first_name, password_hash FROM users WHERE email = 'owner@example.org'")
            .fetch_one(pool)
            .await
            .unwrap()
    });
    assert_eq!((first.as_str(), password), ("Grace", None), "the stranger's name and password are gone");
}
