//! Every admin endpoint answers 401 to visitors, 403 to signed-in
//! non-admins and 2xx to admins.

use reqwest::Method;
use serde_json::{Value, json};

use super::{admin, give_role, insert_submission, insert_user, user_id};
use crate::helpers::{TestApp, browser, spawn_app};
use crate::submissions::sign_in_as;

struct Call {
    method: Method,
    path: String,
    body: Option<Value>,
    ok: u16,
}

async fn send(app: &TestApp, client: &reqwest::Client, call: &Call) -> reqwest::Response {
    let mut request = client.request(call.method.clone(), app.url(&call.path));
    if let Some(body) = &call.body {
        request = request.json(body);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn every_admin_endpoint_is_for_admins_only() {
    let app = spawn_app().await;
    let admin_id = admin(&app, "admin@example.edu").await;
    let author = insert_user(&app, "author@example.edu", "Grace", "Hopper").await;
    let to_decide = insert_submission(&app, author, "phonology.pdf", 2025, 1).await;
    let to_delete = insert_submission(&app, author, "syntax.pdf", 2025, 2).await;
    let other = insert_user(&app, "other@example.edu", "Alan", "Turing").await;
    let settings = json!({
        "call_opens_at": null, "call_closes_at": "2025-03-22T06:59:00Z", "word_limit": 500,
        "max_file_bytes": 10485760, "max_submissions_per_author": 5, "confirm_attendance_by": null,
        "final_materials_by": null,
        "confirmation_form_url": "https://forms.example.org/x", "contact_email": "sculc@example.edu"
    });
    let template = json!({"subject": "Accepted for {year}", "body": "Dear {first_name}"});
    let calls = [
        (Method::GET, "/api/admin/users?q=a&sort=email&dir=desc".to_owned(), None, 200),
        (Method::GET, "/api/admin/users.csv".to_owned(), None, 200),
        (Method::GET, format!("/api/admin/users/{author}/submissions"), None, 200),
        (Method::PUT, format!("/api/admin/users/{other}/admin"), Some(json!({"admin": true})), 200),
        (Method::PUT, format!("/api/admin/users/{other}/roles/reviewer"), None, 200),
        (Method::DELETE, format!("/api/admin/users/{other}/roles/reviewer"), None, 200),
        (
            Method::POST,
            format!("/api/admin/submissions/{to_decide}/decision"),
            Some(json!({"decision": "accepted"})),
            200,
        ),
        (Method::DELETE, format!("/api/admin/submissions/{to_delete}"), None, 204),
        (Method::GET, "/api/admin/editions".to_owned(), None, 200),
        (Method::PUT, "/api/admin/editions/2025".to_owned(), Some(settings), 200),
        (
            Method::POST,
            "/api/admin/editions".to_owned(),
            Some(json!({"year": 2026, "call_over_confirmed": true})),
            201,
        ),
        (Method::GET, "/api/admin/templates".to_owned(), None, 200),
        (Method::PUT, "/api/admin/templates/acceptance".to_owned(), Some(template), 200),
        (Method::GET, "/api/admin/audit".to_owned(), None, 200),
    ]
    .map(|(method, path, body, ok)| Call { method, path, body, ok });

    let visitor = browser();
    let user = browser();
    sign_in_as(&app, &user, "user@example.edu").await;
    // A reviewer is no admin: reviewing is blind, the admin pages are not.
    let reviewer = browser();
    sign_in_as(&app, &reviewer, "reviewer@example.edu").await;
    give_role(&app, user_id(&app, "reviewer@example.edu").await, "reviewer").await;
    for call in &calls {
        let answer = send(&app, &visitor, call).await;
        assert_eq!(answer.status(), 401, "visitor: {} {}", call.method, call.path);
        let body: Value = answer.json().await.unwrap();
        assert_eq!(body["error"], "You need to sign in first.");
        let answer = send(&app, &user, call).await;
        assert_eq!(answer.status(), 403, "non-admin: {} {}", call.method, call.path);
        let answer = send(&app, &reviewer, call).await;
        assert_eq!(answer.status(), 403, "reviewer: {} {}", call.method, call.path);
    }
    // Nothing a refused request asked for happened.
    assert_eq!(super::audit_entries(&app).await, vec![]);

    for call in &calls {
        let answer = send(&app, &app.client, call).await;
        let status = answer.status().as_u16();
        assert_eq!(status, call.ok, "admin: {} {}: {}", call.method, call.path, answer.text().await.unwrap());
    }
    // The admin flag is read on every request: once revoked, 403 at once.
    let revoked = app
        .client
        .put(app.url(&format!("/api/admin/users/{admin_id}/admin")))
        .json(&json!({"admin": false}))
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), 200);
    assert_eq!(app.get("/api/admin/users").await.status(), 403);
}

#[tokio::test]
async fn malformed_ids_are_not_found_in_the_error_shape() {
    let app = spawn_app().await;
    admin(&app, "admin@example.edu").await;
    let calls = [
        (Method::GET, "/api/admin/users/not-an-id/submissions", None),
        (Method::PUT, "/api/admin/users/42/admin", Some(json!({"admin": true}))),
        (Method::PUT, "/api/admin/users/42/roles/reviewer", None),
        (Method::POST, "/api/admin/submissions/x/decision", Some(json!({"decision": "accepted"}))),
        (Method::DELETE, "/api/admin/submissions/x", None),
        (Method::PUT, "/api/admin/editions/next", Some(json!({}))),
    ];
    for (method, path, body) in calls {
        let call = Call { method, path: path.to_owned(), body, ok: 404 };
        let answer = send(&app, &app.client, &call).await;
        assert_eq!(answer.status(), 404, "{} {}", call.method, call.path);
        let body: Value = answer.json().await.expect("a JSON error body");
        assert!(body["error"].is_string(), "{} {}: {body}", call.method, call.path);
    }
}
