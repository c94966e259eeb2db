//! Upload, read and delete against a real S3-compatible server
//! (`scripts/with-s3.sh` starts moto, `scripts/with-s3s-fs.sh` s3s-fs; each
//! sets the standard AWS_* variables and TEST_S3_BUCKET, and `make test`
//! runs these tests against both).

use futures_util::future::join_all;
use serde_json::Value;

use super::process::ServerProcess;
use super::s3_server::{FaultyS3, S3};
use super::sized::{pdf_of_size, sha256_hex};
use super::{applicant, json, make_pdf, set_submissions_per_author, upload};
use crate::helpers::{TestApp, spawn_app, spawn_app_with};

/// A prefix of the bucket for one test. Short: s3s-fs keeps a multipart
/// upload's state in a file whose name holds the key in base64, and file
/// names end at 255 bytes (keys up to about 120 bytes work).
fn fresh_prefix() -> String {
    let id = uuid::Uuid::now_v7().simple().to_string();
    // The last digits of a UUIDv7 are random; the first are the time.
    format!("run-{}", &id[20..])
}

async fn app_on_s3(s3: &S3, prefix: &str) -> TestApp {
    let storage = format!("s3://{}/{prefix}", s3.bucket);
    spawn_app_with(axum::Router::new(), |config| config.storage = Some(storage)).await
}

async fn recorded_sha256(app: &TestApp, submission: &Value) -> String {
    let id: uuid::Uuid = submission["id"].as_str().unwrap().parse().unwrap();
    colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT sha256 FROM submissions WHERE id = $1")
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap()
    })
}

#[tokio::test]
async fn submissions_work_on_s3_compatible_storage() {
    let Some(s3) = S3::from_env() else { return };
    let prefix = fresh_prefix();
    let app = app_on_s3(&s3, &prefix).await;
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
    assert!(s3.objects(&prefix).await.is_empty());
}

#[tokio::test]
async fn files_of_every_size_up_to_the_limit_are_stored_whole() {
    let Some(s3) = S3::from_env() else { return };
    let prefix = fresh_prefix();
    let app = app_on_s3(&s3, &prefix).await;
    applicant(&app, "ada@example.edu").await;
    let edition = json(app.get("/api/editions/current").await).await;
    let limit = edition["max_file_bytes"].as_u64().unwrap() as usize;
    // Under one part (one PUT), either side of one part and exactly one
    // part (a multipart upload of one part), over one part, and the most an
    // applicant may send (exactly two parts).
    let part = colloquy::storage::PART_BYTES;
    set_submissions_per_author(&app, 10).await;
    let files: Vec<Vec<u8>> = [100_000, 300_000, part - 1, part, part + 1, 6_000_000, limit]
        .iter()
        .zip(1..)
        .map(|(&size, seed)| pdf_of_size(size, seed))
        .collect();

    // All at once, as applicants send them.
    let responses =
        join_all(files.iter().map(|pdf| upload(&app, &app.client, "sized.pdf", pdf.clone()))).await;
    for (pdf, response) in files.iter().zip(responses) {
        let status = response.status();
        let submission = json(response).await;
        assert_eq!(status, 201, "{} bytes: {submission}", pdf.len());
        assert_eq!(submission["size_bytes"], pdf.len());
        let file = app.get(submission["file_url"].as_str().unwrap()).await;
        assert_eq!(file.status(), 200);
        let stored = file.bytes().await.unwrap();
        assert!(
            stored.as_ref() == pdf.as_slice(),
            "{} bytes came back as {} different bytes",
            pdf.len(),
            stored.len()
        );
        assert_eq!(recorded_sha256(&app, &submission).await, sha256_hex(&stored), "{} bytes", pdf.len());
    }
    assert_eq!(s3.objects(&prefix).await.len(), files.len());
    if let Some(uploads) = s3.uploads_in_progress(&prefix).await {
        assert_eq!(uploads, Vec::<String>::new(), "every multipart upload was completed");
    }

    // A byte over the limit is refused and nothing more is stored.
    let over = upload(&app, &app.client, "over.pdf", pdf_of_size(limit + 1, 9)).await;
    assert_eq!(over.status(), 413);
    assert_eq!(s3.objects(&prefix).await.len(), files.len());
}

#[tokio::test]
async fn a_failed_upload_to_s3_is_aborted_and_leaves_nothing_behind() {
    let Some(s3) = S3::from_env() else { return };
    let proxy = FaultyS3::start(&s3).await;
    let prefix = fresh_prefix();
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let storage = format!("s3://{}/{prefix}", s3.bucket);
    let env = [("COLLOQUY_STORAGE", storage.as_str()), ("AWS_ENDPOINT_URL", proxy.endpoint.as_str())];
    let server = ServerProcess::start(&app, &env).await;
    let pdf = pdf_of_size(6_000_000, 7);

    // The first part fails while the second (the last) is on its way, then
    // the second while the first is. The part on its way reaches the store
    // late (after an abort, if one was sent meanwhile): S3 may keep a part
    // that arrives after the abort, so the server lets it land first.
    for (refused, late) in [(1, 2), (2, 1)] {
        proxy.refuse_part(refused);
        proxy.delay_part_until_abort(late);
        let response = server.upload(&app.client, &pdf).send().await.unwrap();
        assert_eq!(response.status(), 500, "part {refused} refused");
        let body = response.text().await.unwrap();
        assert!(!body.contains("BadDigest") && !body.contains(&prefix), "no internals in the answer: {body}");
    }
    let begun = proxy.begun();
    assert_eq!(begun.len(), 2, "each attempt began a multipart upload: {begun:?}");
    for (key, upload_id) in &begun {
        assert_eq!(s3.parts_kept(key, upload_id).await, 0, "upload {upload_id} of {key} was aborted");
    }
    if let Some(uploads) = s3.uploads_in_progress(&prefix).await {
        assert_eq!(uploads, Vec::<String>::new(), "no multipart upload is left in progress");
    }
    assert!(s3.objects(&prefix).await.is_empty());
    let list = json(app.client.get(server.url("/api/submissions")).send().await.unwrap()).await;
    assert_eq!(list["submissions"], serde_json::json!([]));

    // Once the store takes parts again, so does the server.
    proxy.refuse_part(0);
    proxy.delay_part_until_abort(0);
    let response = server.upload(&app.client, &pdf).send().await.unwrap();
    assert_eq!(response.status(), 201);
    assert_eq!(s3.objects(&prefix).await.len(), 1);
}

#[tokio::test]
async fn a_file_being_stored_when_its_client_leaves_is_stored_whole_not_left_half_done() {
    let Some(s3) = S3::from_env() else { return };
    let proxy = FaultyS3::start(&s3).await;
    let prefix = fresh_prefix();
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let storage = format!("s3://{}/{prefix}", s3.bucket);
    let env = [("COLLOQUY_STORAGE", storage.as_str()), ("AWS_ENDPOINT_URL", proxy.endpoint.as_str())];
    let server = ServerProcess::start(&app, &env).await;

    proxy.hold_part(1);
    let leaving = tokio::spawn(server.upload(&app.client, &pdf_of_size(6_000_000, 11)).send());
    proxy.part_held().await;
    // The applicant closes the tab while the file is on its way to the bucket.
    leaving.abort();
    // The server cannot be watched noticing (it drops the request at once);
    // give it a moment.
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    proxy.release();

    let mut stored = Vec::new();
    for _ in 0..300 {
        stored = s3.objects(&prefix).await;
        if !stored.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(stored.len(), 1, "the copy went on to the end");
    if let Some(uploads) = s3.uploads_in_progress(&prefix).await {
        assert_eq!(uploads, Vec::<String>::new(), "no multipart upload is left in progress");
    }
    // Its row was never written (the answer had no one to go to): the sweep
    // takes the file an hour later.
}
