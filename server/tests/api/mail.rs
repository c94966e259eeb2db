//! E-mails are proper MIME: names in any script reach a mail client intact.

use mail_parser::{MessageParser, MimeHeaders};
use serde_json::{Value, json};

use crate::accounts::PASSWORD;
use crate::admin::{admin, insert_submission, put_json, user_id};
use crate::helpers::{outbox_files, spawn_app_with};

const AUTHOR: &str = "zoe@example.edu";

#[tokio::test]
async fn an_acceptance_email_to_a_non_ascii_name_is_utf8_mime_that_a_parser_reads_back() {
    let app = spawn_app_with(Default::default(), |config| {
        config.mail_from = "Société de Linguistique <no-reply@example.edu>".into();
    })
    .await;
    // The name comes from the registration form, as a real author's would.
    let registered = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Zoë", "last_name": "Ñúñez", "email": AUTHOR, "password": PASSWORD}),
        )
        .await;
    assert_eq!(registered.status(), 202);
    let token = app.token_from_email(AUTHOR, 1, "/verify-email").await;
    let verified = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(verified.status(), 200);

    // The admin puts the author's first name in the subject, so the subject
    // carries non-ASCII letters too.
    admin(&app, "admin@example.edu").await;
    let templates: Value = app.get("/api/admin/templates").await.json().await.unwrap();
    let acceptance = templates
        .as_array()
        .unwrap()
        .iter()
        .find(|template| template["kind"] == "acceptance")
        .expect("an acceptance template");
    let saved = put_json(
        &app,
        "/api/admin/templates/acceptance",
        json!({"subject": "¡Enhorabuena, {first_name}! SCULC {year}", "body": acceptance["body"]}),
    )
    .await;
    assert_eq!(saved.status(), 200);
    let author = user_id(&app, AUTHOR).await;
    let id = insert_submission(&app, author, "Fonología del español.pdf", 2025, 0).await;
    let decided = app
        .post_json(&format!("/api/admin/submissions/{id}/decision"), json!({"decision": "accepted"}))
        .await;
    assert_eq!(decided.status(), 200);
    app.emails_to(AUTHOR, 2).await;

    let raw = outbox_files(&app.state.config.data_dir.join("outbox"))
        .iter()
        .map(|path| std::fs::read(path).unwrap())
        .find(|raw| String::from_utf8_lossy(raw).contains("Fonolog"))
        .expect("the acceptance e-mail is in the outbox");
    // 7-bit clean on the wire: every non-ASCII letter is encoded.
    assert!(raw.is_ascii(), "{}", String::from_utf8_lossy(&raw));

    let email = MessageParser::default().parse(&raw).expect("a MIME message");
    assert_eq!(email.mime_version().as_text().map(str::trim), Some("1.0"));
    let content_type = email.content_type().expect("a Content-Type");
    assert_eq!((content_type.ctype(), content_type.subtype()), ("text", Some("plain")));
    assert_eq!(content_type.attribute("charset").map(str::to_lowercase).as_deref(), Some("utf-8"));
    assert!(
        matches!(email.content_transfer_encoding(), Some("quoted-printable" | "base64")),
        "{:?}",
        email.content_transfer_encoding()
    );
    assert_eq!(email.subject(), Some("¡Enhorabuena, Zoë! SCULC 2025"));
    let from = email.from().and_then(|from| from.first()).expect("a sender");
    assert_eq!(from.name(), Some("Société de Linguistique"));
    assert_eq!(from.address(), Some("no-reply@example.edu"));
    let body = email.body_text(0).expect("a text body");
    assert!(body.starts_with("Dear Zoë,"), "{body}");
    assert!(body.contains("\"Fonología del español.pdf\""), "{body}");
}
