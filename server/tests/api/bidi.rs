//! Bidirectional controls (a right-to-left override, U+202E, before
//! `fdp.exe` makes it read as "exe.pdf") are removed from the names people
//! give and the file names they upload, wherever those are shown to others.

use serde_json::json;

use crate::accounts::{PASSWORD, body, login};
use crate::helpers::spawn_app;
use crate::submissions::{applicant, json, make_pdf, upload};

#[tokio::test]
async fn names_lose_their_bidi_controls() {
    let app = spawn_app().await;
    let response = app
        .post_json(
            "/api/accounts/register",
            json!({
                "first_name": "Ada\u{202E}fdp.exe",
                "last_name": "\u{2067}Lovelace\u{2069}\u{200F}",
                "email": "ada@example.edu",
                "password": PASSWORD,
            }),
        )
        .await;
    assert_eq!(response.status(), 202);
    let token = app.token_from_email("ada@example.edu", 1, "/verify-email").await;
    let verified = app.post_json("/api/accounts/verify-email", json!({"token": token})).await;
    assert_eq!(verified.status(), 200);
    assert_eq!(login(&app, "ada@example.edu", PASSWORD).await.status(), 200);
    let me = body(app.get("/api/me").await).await;
    assert_eq!((me["first_name"].as_str(), me["last_name"].as_str()), (Some("Adafdp.exe"), Some("Lovelace")));

    // A name of nothing but controls is no name.
    let response = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "\u{202E}\u{061C}", "last_name": "Byron", "email": "b@example.edu", "password": PASSWORD}),
        )
        .await;
    assert_eq!(response.status(), 422);
    assert_eq!(body(response).await["fields"]["first_name"], json!(["Please enter your first name."]));
}

#[tokio::test]
async fn uploaded_file_names_lose_their_bidi_controls() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let response = upload(&app, &app.client, "abstract\u{202E}fdp.exe", make_pdf(&["text"], None)).await;
    assert_eq!(response.status(), 201);
    assert_eq!(json(response).await["original_name"], "abstractfdp.exe");
    let list = json(app.get("/api/submissions").await).await;
    assert_eq!(list["submissions"][0]["original_name"], "abstractfdp.exe");
}
