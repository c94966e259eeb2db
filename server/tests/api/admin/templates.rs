//! The decision e-mails' templates: checked when saved, and what the next
//! e-mail says.

use serde_json::{Value, json};

use super::{admin, audit_entries, insert_submission, insert_user, json, put_json};
use crate::helpers::{TestApp, spawn_app};

async fn templates(app: &TestApp) -> Value {
    let response = app.get("/api/admin/templates").await;
    assert_eq!(response.status(), 200);
    json(response).await
}

#[tokio::test]
async fn the_templates_start_with_the_next_steps_and_list_their_placeholders() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let all = templates(&app).await;
    let kinds: Vec<&str> = all.as_array().unwrap().iter().map(|t| t["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["acceptance", "rejection"]);
    let acceptance = &all[0];
    for needed in [
        "{greeting}",
        "{confirm_by} {confirm_how}",
        "{final_materials_by} {materials_how}.",
        "15-minute talk",
        "5 minutes of questions",
        "{final_materials_by}",
        "{site_url}/sculc/congratulations-page",
    ] {
        assert!(acceptance["body"].as_str().unwrap().contains(needed), "{needed}");
    }
    let placeholders: Vec<&str> =
        acceptance["placeholders"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert_eq!(
        placeholders,
        [
            "{greeting}",
            "{first_name}",
            "{last_name}",
            "{year}",
            "{abstract_name}",
            "{confirm_by}",
            "{final_materials_by}",
            "{confirmation_form_url}",
            "{contact_email}",
            "{site_url}",
            "{confirm_how}",
            "{materials_how}"
        ]
    );
}

#[tokio::test]
async fn invalid_templates_are_refused_by_field_and_nothing_changes() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let before = templates(&app).await;
    let cases = [
        (json!({"subject": "", "body": "Hello"}), "subject"),
        (json!({"subject": "Hi", "body": "   "}), "body"),
        (json!({"subject": "Hi {name}", "body": "Hello"}), "subject"),
        (json!({"subject": "Hi", "body": "Hello {first_name} {abstract}"}), "body"),
        (json!({"subject": "x".repeat(201), "body": "Hello"}), "subject"),
        (json!({"subject": "Hi", "body": "x".repeat(10_001)}), "body"),
        (json!({"subject": "Hi\r\nBcc: someone@example.com", "body": "Hello"}), "subject"),
    ];
    for (body, field) in cases {
        let response = put_json(&app, "/api/admin/templates/acceptance", body.clone()).await;
        assert_eq!(response.status(), 422, "{body}");
        let error = json(response).await;
        assert!(error["fields"][field].is_array(), "{field}: {error}");
    }
    let unknown_placeholder = json(
        put_json(&app, "/api/admin/templates/rejection", json!({"subject": "Hi", "body": "{abstract}"}))
            .await,
    )
    .await;
    assert!(unknown_placeholder["fields"]["body"][0].as_str().unwrap().contains("{abstract}"));
    let longest = put_json(
        &app,
        "/api/admin/templates/rejection",
        json!({"subject": "x".repeat(200), "body": "y".repeat(10_000)}),
    )
    .await;
    assert_eq!(longest.status(), 200, "the limits themselves are allowed");
    let unknown =
        put_json(&app, "/api/admin/templates/welcome", json!({"subject": "Hi", "body": "Hello"})).await;
    assert_eq!(unknown.status(), 404);
    assert_eq!(templates(&app).await[0], before[0], "the acceptance template is unchanged");
}

#[tokio::test]
async fn an_edited_template_is_what_the_next_email_says() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let saved = put_json(
        &app,
        "/api/admin/templates/acceptance",
        json!({
            "subject": "Welcome to SCULC {year}, {first_name}!",
            "body": "Your abstract {abstract_name} is in, {first_name} {last_name}. Confirm by {confirm_by} at {confirmation_form_url}; questions to {contact_email}. {site_url}"
        }),
    )
    .await;
    assert_eq!(saved.status(), 200);
    let saved = json(saved).await;
    assert_eq!(saved["kind"], "acceptance");
    assert_eq!(saved["subject"], "Welcome to SCULC {year}, {first_name}!");
    assert_eq!(templates(&app).await[0]["subject"], "Welcome to SCULC {year}, {first_name}!");
    assert_eq!(
        audit_entries(&app).await,
        vec![("template.updated".to_owned(), "Edited the acceptance e-mail".to_owned())]
    );

    let grace = insert_user(&app, "grace@example.edu", "Grace", "Hopper").await;
    let id = insert_submission(&app, grace, "{year} tones.pdf", 2025, 0).await;
    let decided = app
        .post_json(&format!("/api/admin/submissions/{id}/decision"), json!({"decision": "accepted"}))
        .await;
    assert_eq!(decided.status(), 200);
    let email = &app.emails_to("grace@example.edu", 1).await[0];
    assert!(email.contains("Subject: Welcome to SCULC 2025, Grace!"), "{email}");
    assert!(
        email.contains(&format!(
            "Your abstract {{year}} tones.pdf is in, Grace Hopper. Confirm by April 15, 2025 at 11:59 PM PDT at \
             https://forms.example.org/sculc-2025-confirm-attendance; questions to sculc@example.edu. {}",
            app.address
        )),
        "{email}"
    );
}
