use serde_json::json;

use super::{PASSWORD, body, login, register, user_count};
use crate::helpers::{link_token, spawn_app};

#[tokio::test]
async fn registering_sends_a_verification_link_and_does_not_sign_in() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": " Ada ", "last_name": "Lovelace", "email": "Ada@Example.edu", "password": PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 202);
    assert_eq!(body(response).await["message"], "We have sent a verification e-mail to ada@example.edu.");
    assert_eq!(body(app.get("/api/session").await).await["user"], json!(null));

    let email = app.emails_to("ada@example.edu", 1).await.remove(0);
    assert!(email.contains("Subject: Verify your e-mail address"));
    assert!(email.contains("Hello,"), "{email}");
    assert!(email.contains(&format!("{}/verify-email?token=", app.address)), "{email}");
    assert!(email.contains("expires in 24 hours"));
}

#[tokio::test]
async fn invalid_fields_get_one_message_each_and_change_nothing() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "  ", "last_name": "x".repeat(101), "email": "not-an-address", "password": "short"}),
        )
        .await;
    assert_eq!(response.status(), 422);
    let body = body(response).await;
    assert_eq!(body["fields"]["first_name"], json!(["Please enter your first name."]));
    assert_eq!(body["fields"]["last_name"], json!(["Your last name can be at most 100 characters long."]));
    assert_eq!(body["fields"]["email"], json!(["'not-an-address' is not a valid e-mail address."]));
    assert_eq!(body["fields"]["password"], json!(["Your password must be at least 8 characters long."]));
    assert_eq!(user_count(&app).await, 0);

    let missing = app.post_json("/api/accounts/register", json!({"email": "ada@example.edu"})).await;
    assert_eq!(missing.status(), 422);
    assert_eq!(user_count(&app).await, 0);
}

#[tokio::test]
async fn an_address_with_an_account_gets_the_same_answer_and_its_owner_a_warning() {
    let app = spawn_app().await;
    register(&app, "ada@example.edu").await;
    let again = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Eve", "last_name": "Mallory", "email": "ADA@example.edu", "password": "another password"}),
        )
        .await;
    assert_eq!(again.status(), 202);
    assert_eq!(body(again).await["message"], "We have sent a verification e-mail to ada@example.edu.");
    assert_eq!(user_count(&app).await, 1);

    let warning = app.emails_to("ada@example.edu", 2).await.remove(1);
    assert!(warning.contains("Subject: Someone tried to sign up with your e-mail address"));
    assert!(warning.contains(&format!("{}/login", app.address)));
    assert!(warning.contains(&format!("{}/forgot-password", app.address)));
    // The first password still works: the attempt changed nothing.
    assert_eq!(login(&app, "ada@example.edu", "another password").await.status(), 401);
}

#[tokio::test]
async fn a_verification_link_works_once() {
    let app = spawn_app().await;
    let token = register(&app, "ada@example.edu").await;
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 403);

    let verified = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(verified.status(), 200);
    assert_eq!(body(verified).await["message"], "Your email address has been verified. You can sign in now.");
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 200);

    let reused = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(reused.status(), 400);
    assert_eq!(body(reused).await["code"], "token_used");

    let unknown = app.post_json("/api/accounts/verify-email", json!({"token": "made-up"})).await;
    assert_eq!(unknown.status(), 400);
    let unknown = body(unknown).await;
    assert_eq!(unknown["code"], "token_invalid");
    assert_eq!(unknown["error"], "This link is not valid.");
}

#[tokio::test]
async fn an_expired_verification_link_says_so_and_a_new_one_can_be_sent() {
    let app = spawn_app().await;
    let token = register(&app, "ada@example.edu").await;
    let past = colloquy::clock::now() - time::Duration::hours(25);
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE email_tokens SET expires_at = $1").bind(past).execute(pool).await.unwrap();
    });
    let expired = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(expired.status(), 400);
    let expired = body(expired).await;
    assert_eq!(expired["code"], "token_expired");
    assert_eq!(expired["error"], "This link has expired. Ask for a new one.");

    let resent =
        app.post_json("/api/accounts/resend-verification", json!({"email": "ada@example.edu"})).await;
    assert_eq!(resent.status(), 202);
    // Two e-mails written close together can tie on file time, so the new
    // link is told from the old one by its token, not by its place.
    let emails = app.emails_to("ada@example.edu", 2).await;
    let tokens: Vec<String> = emails.iter().filter_map(|e| link_token(e, "/verify-email")).collect();
    assert_eq!(tokens.len(), 2, "both e-mails carry a verification link");
    let fresh = tokens.into_iter().find(|t| *t != token).expect("the second e-mail has a new link");
    assert_eq!(app.post_json("/api/accounts/verify-email", json!({"token": fresh})).await.status(), 200);
}

#[tokio::test]
async fn resending_answers_the_same_for_verified_unknown_and_unverified_addresses() {
    let app = spawn_app().await;
    super::verified_account(&app, "ada@example.edu").await;
    let mut answers = Vec::new();
    for email in ["ada@example.edu", "nobody@example.edu"] {
        let response = app.post_json("/api/accounts/resend-verification", json!({"email": email})).await;
        assert_eq!(response.status(), 202);
        answers.push(body(response).await["message"].as_str().unwrap().replace(email, "EMAIL"));
    }
    assert_eq!(answers[0], answers[1]);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(app.outbox().len(), 1, "only the first verification e-mail was sent");
}

#[tokio::test]
async fn unsolicited_emails_carry_no_text_the_requester_chose() {
    let app = spawn_app().await;
    super::verified_account(&app, "owner@example.edu").await;
    let lure = json!({
        "first_name": "there. URGENT: your account is locked, confirm at https://evil.example/login",
        "last_name": "Security Team (call +1 555 0100)",
        "password": "whatever password",
    });
    let with = |email: &str| {
        let mut request = lure.clone();
        request["email"] = json!(email);
        request
    };
    // A stranger's address, registered with the lure as a name (then a new
    // link asked for), an address that has an account, and a reset.
    assert_eq!(app.post_json("/api/accounts/register", with("stranger@example.edu")).await.status(), 202);
    let resend = json!({"email": "stranger@example.edu"});
    assert_eq!(app.post_json("/api/accounts/resend-verification", resend).await.status(), 202);
    assert_eq!(app.post_json("/api/accounts/register", with("owner@example.edu")).await.status(), 202);
    let forgot = json!({"email": "stranger@example.edu"});
    assert_eq!(app.post_json("/api/accounts/forgot-password", forgot).await.status(), 202);

    let mut emails = app.emails_to("stranger@example.edu", 3).await;
    emails.extend(app.emails_to("owner@example.edu", 2).await);
    assert_eq!(emails.len(), 5);
    for email in &emails {
        for chosen in ["URGENT", "evil.example", "Security Team", "(call +1"] {
            assert!(!email.contains(chosen), "{chosen:?} reached an inbox: {email}");
        }
    }
}
