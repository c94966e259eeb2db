//! Who may call what: every review endpoint against a visitor, a user, the
//! submission's author, the reviewer assigned to it, a reviewer who is not,
//! a reviewer in conflict with it, and an admin without the reviewer role.

use reqwest::{Client, Method};
use serde_json::{Value, json};
use uuid::Uuid;

use super::{app_with_admin, assigned, code_of, complete_review, criteria, reviewer, signed_in};
use crate::admin::user_id;
use crate::helpers::browser;
use crate::submissions::{make_pdf, upload, words};

const CALLERS: [&str; 7] = [
    "visitor",
    "user",
    "author",
    "reviewer assigned",
    "reviewer not assigned",
    "conflicted reviewer",
    "admin",
];

struct Case {
    method: Method,
    path: String,
    body: Option<Value>,
    /// Per caller, in the order of `CALLERS`.
    expect: [u16; 7],
}

fn case(method: Method, path: impl Into<String>, body: Option<Value>, expect: [u16; 7]) -> Case {
    Case { method, path: path.into(), body, expect }
}

#[tokio::test]
async fn every_review_endpoint_answers_each_kind_of_caller_as_the_contract_says() {
    let app = app_with_admin().await;
    let author = signed_in(&app, "author@example.org").await;
    let lines = words(40);
    let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
    let uploaded = upload(&app, &author, "sandhi.pdf", make_pdf(&lines, None)).await;
    assert_eq!(uploaded.status(), 201, "{}", uploaded.text().await.unwrap());
    let submission: Uuid = {
        let id = colloquy::on_db!(&app.state.db, |pool| {
            sqlx::query_scalar("SELECT id FROM submissions").fetch_one(pool).await.unwrap()
        });
        id
    };
    let code = code_of(&app, submission).await;
    let user = signed_in(&app, "user@example.org").await;
    let user_id = user_id(&app, "user@example.org").await;
    let (assigned_reviewer, assigned_id) = reviewer(&app, "r1@example.org", "Rita", "One").await;
    let (unassigned, unassigned_id) = reviewer(&app, "r2@example.org", "Rolf", "Two").await;
    let (conflicted, conflicted_id) = reviewer(&app, "r3@example.org", "Rosa", "Three").await;
    assigned(&app, submission, assigned_id).await;
    assigned(&app, submission, conflicted_id).await;
    // An admin's conflict added after the assignment: from then on the
    // submission is out of reach. (One the reviewer declares changes nothing
    // she sees: `blindness.rs`.)
    let response = app
        .post_json(
            &format!("/api/admin/reviewers/{conflicted_id}/conflicts"),
            json!({ "email": "AUTHOR@example.org" }),
        )
        .await;
    assert_eq!(response.status(), 201);
    let criteria = criteria(&app).await;
    let review = complete_review(&criteria, 4, "accept");
    let settings: Value = app.get("/api/admin/review/settings").await.json().await.unwrap();
    let settings_input = json!({
        "deadline": null, "reviewers_per_submission": 2, "visibility": "after_own",
        "criteria": settings["criteria"],
    });
    let none = Uuid::now_v7();

    let (ok, created, gone, no, anon) = (200, 201, 404, 403, 401);
    // Reviewer endpoints: 401, then 403 for anyone without the role.
    let reviewer_only = |assigned: u16, other: u16| [anon, no, no, assigned, other, other, no];
    let admin_only = |answer: u16| [anon, no, no, no, no, no, answer];
    let cases = [
        case(Method::GET, "/api/review", None, reviewer_only(ok, ok)),
        case(Method::GET, format!("/api/review/{code}"), None, reviewer_only(ok, gone)),
        case(Method::PUT, format!("/api/review/{code}"), Some(json!({})), reviewer_only(ok, gone)),
        case(
            Method::POST,
            format!("/api/review/{code}/submit"),
            Some(review.clone()),
            reviewer_only(ok, gone),
        ),
        case(Method::GET, format!("/api/review/{code}/file"), None, reviewer_only(ok, gone)),
        // Submitted, so the assigned reviewer can no longer abstain.
        case(
            Method::POST,
            format!("/api/review/{code}/abstain"),
            Some(json!({"reason": "I know them"})),
            reviewer_only(409, gone),
        ),
        case(Method::GET, "/api/review/S25-999", None, reviewer_only(gone, gone)),
        case(Method::GET, "/api/review/conflicts", None, reviewer_only(ok, ok)),
        case(
            Method::POST,
            "/api/review/conflicts",
            Some(json!({"name": "Somebody Else"})),
            reviewer_only(created, created),
        ),
        case(Method::DELETE, format!("/api/review/conflicts/{none}"), None, reviewer_only(gone, gone)),
        case(Method::GET, "/api/admin/review/settings", None, admin_only(ok)),
        case(Method::PUT, "/api/admin/review/settings", Some(settings_input), admin_only(ok)),
        case(Method::GET, "/api/admin/reviewers", None, admin_only(ok)),
        case(
            Method::POST,
            format!("/api/admin/reviewers/{unassigned_id}/conflicts"),
            Some(json!({"name": "Nobody"})),
            admin_only(created),
        ),
        case(
            Method::POST,
            format!("/api/admin/reviewers/{user_id}/conflicts"),
            Some(json!({"name": "Nobody"})),
            admin_only(gone),
        ),
        case(
            Method::DELETE,
            format!("/api/admin/reviewers/{unassigned_id}/conflicts/{none}"),
            None,
            admin_only(gone),
        ),
        case(Method::GET, "/api/admin/reviews", None, admin_only(ok)),
        case(Method::GET, format!("/api/admin/reviews/{submission}"), None, admin_only(ok)),
        case(Method::GET, format!("/api/admin/reviews/{none}"), None, admin_only(gone)),
        // A user without the role cannot be assigned.
        case(
            Method::POST,
            format!("/api/admin/reviews/{submission}/assignments"),
            Some(json!({"reviewer_id": user_id})),
            admin_only(409),
        ),
        case(
            Method::DELETE,
            format!("/api/admin/reviews/{submission}/assignments/{user_id}"),
            None,
            admin_only(gone),
        ),
        case(Method::POST, "/api/admin/reviews/auto-assign/preview", None, admin_only(ok)),
        case(
            Method::POST,
            "/api/admin/reviews/auto-assign",
            Some(json!({"assignments": []})),
            admin_only(ok),
        ),
        case(
            Method::POST,
            "/api/admin/reviews/threshold/preview",
            Some(json!({"cutoff": 3})),
            admin_only(ok),
        ),
        // The preview would accept the submission: empty lists are stale.
        case(
            Method::POST,
            "/api/admin/reviews/threshold",
            Some(json!({"cutoff": 3, "accept": [], "reject": []})),
            admin_only(409),
        ),
    ];

    let visitor = browser();
    let clients: [&Client; 7] =
        [&visitor, &user, &author, &assigned_reviewer, &unassigned, &conflicted, &app.client];
    let mut wrong = Vec::new();
    for case in &cases {
        for (caller, (client, expected)) in CALLERS.iter().zip(clients.iter().zip(case.expect)) {
            let mut request = client.request(case.method.clone(), app.url(&case.path));
            if let Some(body) = &case.body {
                request = request.json(body);
            }
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            if status != expected {
                let text = response.text().await.unwrap_or_default();
                wrong.push(format!(
                    "{} {} as {caller}: {status} (expected {expected}) {text}",
                    case.method, case.path
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
