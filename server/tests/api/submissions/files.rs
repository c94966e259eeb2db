use super::{applicant, json, make_pdf, stored_files, upload};
use crate::helpers::{browser, spawn_app};

#[tokio::test]
async fn the_pdf_is_served_to_its_author_only_with_safe_headers() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let pdf = make_pdf(&["my abstract"], None);
    let submission = json(upload(&app, &app.client, "naïve \"tone\".pdf", pdf.clone()).await).await;
    let url = submission["file_url"].as_str().unwrap().to_owned();

    let response = app.get(&url).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    // Whatever the file holds, a browser runs none of it as the site's, and
    // no other site can embed it.
    assert_eq!(response.headers()["content-security-policy"], "sandbox");
    assert_eq!(response.headers()["cross-origin-resource-policy"], "same-origin");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("inline; filename=\"na_ve _tone_.pdf\""), "{disposition}");
    assert!(disposition.contains("filename*=UTF-8''na%C3%AFve%20%22tone%22%2Epdf"));
    assert_eq!(response.bytes().await.unwrap().as_ref(), pdf.as_slice());

    // Another applicant, and a visitor, are told it does not exist.
    let eve = browser();
    super::sign_in_as(&app, &eve, "eve@example.edu").await;
    assert_eq!(eve.get(app.url(&url)).send().await.unwrap().status(), 404);
    let id = submission["id"].as_str().unwrap();
    let delete = eve.delete(app.url(&format!("/api/submissions/{id}"))).send().await.unwrap();
    assert_eq!(delete.status(), 404);
    assert_eq!(stored_files(&app).len(), 1);
    assert_eq!(reqwest::get(app.url(&url)).await.unwrap().status(), 401);
}

#[tokio::test]
async fn deleting_removes_the_row_and_the_file() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let submission = json(upload(&app, &app.client, "a.pdf", make_pdf(&["x y z"], None)).await).await;
    let id = submission["id"].as_str().unwrap();
    let response = app.client.delete(app.url(&format!("/api/submissions/{id}"))).send().await.unwrap();
    assert_eq!(response.status(), 204);
    assert!(stored_files(&app).is_empty());
    assert_eq!(json(app.get("/api/submissions").await).await["submissions"], serde_json::json!([]));
    assert_eq!(json(app.get("/api/session").await).await["user"]["applicant"], false);
    let again = app.client.delete(app.url(&format!("/api/submissions/{id}"))).send().await.unwrap();
    assert_eq!(again.status(), 404);
}

#[tokio::test]
async fn the_sweep_removes_files_no_row_points_to() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    json(upload(&app, &app.client, "kept.pdf", make_pdf(&["kept"], None)).await).await;
    // What a crash between storing a file and writing its row leaves behind.
    let orphan = app.state.config.data_dir.join("files/abstracts/someone/orphan.pdf");
    std::fs::create_dir_all(orphan.parent().unwrap()).unwrap();
    std::fs::write(&orphan, b"%PDF-1.5 orphan").unwrap();

    let young =
        colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::hours(1)).await.unwrap();
    assert_eq!(young, 0, "a file that may belong to an upload in progress stays");
    let removed =
        colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::ZERO).await.unwrap();
    assert_eq!(removed, 1);
    assert!(!orphan.exists());
    assert_eq!(stored_files(&app).len(), 1, "the file with a row stays");
}

#[tokio::test]
async fn an_accepted_submission_makes_its_author_a_presenter_of_the_current_edition() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let submission = json(upload(&app, &app.client, "a.pdf", make_pdf(&["accepted work"], None)).await).await;
    let user = json(app.get("/api/me").await).await;
    assert_eq!((user["applicant"].as_bool(), user["presenter"].as_bool()), (Some(true), Some(false)));

    // Until admins decide from their table, the decision is made in the database.
    let id: uuid::Uuid = submission["id"].as_str().unwrap().parse().unwrap();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE submissions SET status = 'accepted' WHERE id = $1")
            .bind(id)
            .execute(pool)
            .await
            .unwrap();
    });
    let user = json(app.get("/api/me").await).await;
    assert_eq!((user["applicant"].as_bool(), user["presenter"].as_bool()), (Some(true), Some(true)));
    assert_eq!(json(app.get("/api/submissions").await).await["submissions"][0]["status"], "accepted");

    // A new edition starts everyone afresh once it is announced: the flags
    // belong to the current one, and one still being prepared is not.
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("INSERT INTO editions (year, word_limit, max_file_bytes, contact_email) VALUES (2026, 500, 1024, 'x@example.edu')")
            .execute(pool)
            .await
            .unwrap();
    });
    let user = json(app.get("/api/me").await).await;
    assert_eq!((user["applicant"].as_bool(), user["presenter"].as_bool()), (Some(true), Some(true)));
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query("UPDATE editions SET announced_at = $1 WHERE year = 2026")
            .bind(colloquy::clock::now())
            .execute(pool)
            .await
            .unwrap();
    });
    let user = json(app.get("/api/me").await).await;
    assert_eq!((user["applicant"].as_bool(), user["presenter"].as_bool()), (Some(false), Some(false)));
}
