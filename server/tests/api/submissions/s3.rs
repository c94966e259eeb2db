//! The same upload, read and delete against a real S3-compatible server
//! (`scripts/with-s3.sh` starts one and sets the standard AWS_* variables
//! and TEST_S3_BUCKET; `make test` always does).

use super::{applicant, json, make_pdf, upload};
use crate::helpers::spawn_app_with;

#[tokio::test]
async fn submissions_work_on_s3_compatible_storage() {
    let Ok(bucket) = std::env::var("TEST_S3_BUCKET") else {
        eprintln!("skipped: TEST_S3_BUCKET is not set (run through scripts/with-s3.sh, as `make test` does)");
        return;
    };
    let prefix = format!("run-{}", uuid::Uuid::now_v7());
    let app = spawn_app_with(axum::Router::new(), |config| {
        config.storage = Some(format!("s3://{bucket}/{prefix}"));
    })
    .await;
    applicant(&app, "ada@example.edu").await;
    let pdf = make_pdf(&["an abstract stored in a bucket"], None);
    let submission = json(upload(&app, &app.client, "bucket.pdf", pdf.clone()).await).await;
    assert_eq!(submission["word_count"], 6);
    assert!(!app.state.config.data_dir.join("files/abstracts").exists(), "nothing went to local files");

    let file = app.get(submission["file_url"].as_str().unwrap()).await;
    assert_eq!(file.status(), 200);
    assert_eq!(file.bytes().await.unwrap().as_ref(), pdf.as_slice());

    let id = submission["id"].as_str().unwrap();
    let deleted = app.client.delete(app.url(&format!("/api/submissions/{id}"))).send().await.unwrap();
    assert_eq!(deleted.status(), 204);
    let swept = colloquy::submissions::sweep::sweep_orphans(&app.state, time::Duration::ZERO).await.unwrap();
    assert_eq!(swept, 0, "the delete removed the object itself");
}
