//! The edition's limit of submissions per author: reached, it refuses the
//! next upload with the reason and keeps nothing of it, however many
//! uploads arrive at once; deleting or withdrawing one makes room.

use serde_json::Value;

use super::{applicant, json, make_pdf, set_submissions_per_author, stored_files, submission_count, upload};
use crate::admin::{insert_submission, user_id};
use crate::helpers::{browser, spawn_app};

fn limit_message(limit: i64) -> String {
    let abstracts = if limit == 1 { "abstract" } else { "abstracts" };
    format!(
        "You can submit at most {limit} {abstracts} to SCULC 2025. \
         To upload another, first delete or withdraw one of yours."
    )
}

async fn assert_limit_reached(response: reqwest::Response, limit: i64) {
    assert_eq!(response.status(), 409);
    let body: Value = json(response).await;
    assert_eq!(body["code"], "submission_limit", "{body}");
    assert_eq!(body["error"], limit_message(limit));
}

#[tokio::test]
async fn an_author_submits_up_to_the_editions_limit_then_is_told_why() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let edition = json(app.get("/api/editions/current").await).await;
    assert_eq!(edition["max_submissions_per_author"], 5, "the default");
    let pdf = || make_pdf(&["a short abstract"], None);
    let mut ids = Vec::new();
    for n in 0..5 {
        let response = upload(&app, &app.client, &format!("abstract {n}.pdf"), pdf()).await;
        assert_eq!(response.status(), 201, "upload {n}");
        ids.push(json(response).await["id"].as_str().unwrap().to_owned());
    }
    assert_limit_reached(upload(&app, &app.client, "one more.pdf", pdf()).await, 5).await;
    assert_eq!(submission_count(&app).await, 5);
    assert_eq!(stored_files(&app).len(), 5, "nothing kept of the refused upload");
    assert_eq!(std::fs::read_dir(app.state.config.data_dir.join("tmp")).unwrap().count(), 0);

    // The limit is the author's: someone else still submits.
    let grace = browser();
    super::sign_in_as(&app, &grace, "grace@example.edu").await;
    assert_eq!(upload(&app, &grace, "grace.pdf", pdf()).await.status(), 201);

    // Deleting one makes room for one.
    let deleted = app.client.delete(app.url(&format!("/api/submissions/{}", ids[0]))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    assert_eq!(upload(&app, &app.client, "replacement.pdf", pdf()).await.status(), 201);
    assert_limit_reached(upload(&app, &app.client, "again.pdf", pdf()).await, 5).await;

    // An admin lowers the limit: it holds at once, and says so in the singular.
    set_submissions_per_author(&app, 1).await;
    assert_limit_reached(upload(&app, &grace, "second.pdf", pdf()).await, 1).await;
}

#[tokio::test]
async fn concurrent_uploads_by_one_author_cannot_pass_the_limit() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    set_submissions_per_author(&app, 3).await;
    let pdf = make_pdf(&["a short abstract"], None);
    let responses = futures_util::future::join_all(
        (0..10).map(|_| upload(&app, &app.client, "abstract.pdf", pdf.clone())),
    )
    .await;
    let mut created = 0;
    for response in responses {
        if response.status() == 201 {
            created += 1;
        } else {
            assert_limit_reached(response, 3).await;
        }
    }
    assert_eq!(created, 3, "exactly the limit got through");
    assert_eq!(submission_count(&app).await, 3);
    assert_eq!(json(app.get("/api/submissions").await).await["submissions"].as_array().unwrap().len(), 3);
    assert_eq!(stored_files(&app).len(), 3, "the refused uploads' files are gone");
    assert_eq!(std::fs::read_dir(app.state.config.data_dir.join("tmp")).unwrap().count(), 0);
}

#[tokio::test]
async fn the_limit_counts_the_current_editions_submissions_only() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    set_submissions_per_author(&app, 1).await;
    let ada = user_id(&app, "ada@example.edu").await;
    for minutes in 0..3 {
        insert_submission(&app, ada, "last year.pdf", 2024, minutes).await;
    }
    let response = upload(&app, &app.client, "this year.pdf", make_pdf(&["new work"], None)).await;
    assert_eq!(response.status(), 201);
}
