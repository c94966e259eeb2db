//! A crash in the middle of uploads: the real binary killed with `kill -9`
//! while uploads are in flight, then started again on the same data.

use serde_json::Value;
use tokio::task::JoinSet;

use super::held::{temp_files, upload_held_halfway, wait_for_temp_files};
use super::process::ServerProcess;
use super::sized::{pdf_of_size, sha256_hex};
use super::{applicant, json, set_submissions_per_author};
use crate::helpers::{TestApp, spawn_app};

/// Uploads held halfway in each round: certainly in flight at the kill.
const HELD: usize = 4;
/// Whole uploads racing the kill in each round.
const RACING: usize = 12;
/// The kill comes as soon as this many of them are acknowledged.
const KILL_AFTER: usize = 4;

#[tokio::test]
async fn a_restart_after_kill_9_mid_upload_leaves_no_temp_files_and_loses_no_acknowledged_upload() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    // One author makes every upload here, far past the usual limit per author.
    set_submissions_per_author(&app, 100).await;
    let tmp = colloquy::uploads::temp::folder(&app.state.config.data_dir);
    let mut acknowledged: Vec<(Value, Vec<u8>)> = Vec::new();
    let mut server = ServerProcess::start(&app, &[]).await;
    let mut seed = 0;
    for round in 1..=3 {
        let held: Vec<_> = (0..HELD)
            .map(|_| {
                seed += 1;
                upload_held_halfway(
                    &app.client,
                    server.url("/api/submissions"),
                    &pdf_of_size(1_000_000, seed),
                )
            })
            .collect();
        wait_for_temp_files(&tmp, HELD).await;

        let mut racing = JoinSet::new();
        for n in 0..RACING {
            seed += 1;
            let pdf = pdf_of_size(300_000 + n * 150_000, seed);
            let request = server.upload(&app.client, &pdf);
            racing.spawn(async move {
                // Acknowledged: the client got the 201 and its body.
                let response = request.send().await.ok().filter(|r| r.status() == 201);
                let submission = match response {
                    Some(response) => response.json::<Value>().await.ok(),
                    None => None,
                };
                (submission, pdf)
            });
        }
        let mut acknowledged_this_round = 0;
        while acknowledged_this_round < KILL_AFTER {
            let (submission, pdf) = racing.join_next().await.expect("enough uploads succeed").unwrap();
            if let Some(submission) = submission {
                acknowledged.push((submission, pdf));
                acknowledged_this_round += 1;
            }
        }
        server.kill().await;
        while let Some(result) = racing.join_next().await {
            if let (Some(submission), pdf) = result.unwrap() {
                acknowledged.push((submission, pdf));
            }
        }
        drop(held);
        let left = temp_files(&tmp).len();
        assert!(
            left >= HELD,
            "round {round}: the crash left the temp files of the uploads in flight ({left})"
        );

        server = ServerProcess::start(&app, &[]).await;
        assert_eq!(
            temp_files(&tmp),
            Vec::<std::path::PathBuf>::new(),
            "round {round}: none is left after the restart"
        );
        assert_intact(&app, &server, &acknowledged).await;
    }
}

/// The database checks out, every acknowledged upload is listed with its
/// bytes, and every listed submission (acknowledged or not) has its whole
/// file.
async fn assert_intact(app: &TestApp, server: &ServerProcess, acknowledged: &[(Value, Vec<u8>)]) {
    if let colloquy::db::Db::Sqlite(_) = &app.state.db {
        // Checked on a new connection, as the restarted server opens them:
        // one the test held across the other process's crash recovery keeps
        // the full-text index's structure cached from before, and its check
        // then reports that index as malformed (seen in 3 of 12 runs, while
        // a new connection to the same file reported ok every time).
        use sqlx::Connection;
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(app.state.config.sqlite_path());
        let mut fresh = sqlx::SqliteConnection::connect_with(&options).await.unwrap();
        let check: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(&mut fresh).await.unwrap();
        assert_eq!(check, "ok");
    }
    let list = json(app.client.get(server.url("/api/submissions")).send().await.unwrap()).await;
    let listed = list["submissions"].as_array().unwrap();
    for (submission, _) in acknowledged {
        assert!(
            listed.iter().any(|s| s["id"] == submission["id"]),
            "acknowledged {} is listed",
            submission["id"]
        );
    }
    for submission in listed {
        let file = app.client.get(server.url(submission["file_url"].as_str().unwrap())).send().await.unwrap();
        assert_eq!(file.status(), 200, "{submission}");
        let bytes = file.bytes().await.unwrap();
        assert_eq!(submission["size_bytes"], bytes.len());
        let id: uuid::Uuid = submission["id"].as_str().unwrap().parse().unwrap();
        let recorded: String = colloquy::on_db!(&app.state.db, |pool| {
            sqlx::query_scalar("SELECT sha256 FROM submissions WHERE id = $1")
                .bind(id)
                .fetch_one(pool)
                .await
                .unwrap()
        });
        assert_eq!(recorded, sha256_hex(&bytes), "{submission}");
        if let Some((_, pdf)) = acknowledged.iter().find(|(s, _)| s["id"] == submission["id"]) {
            assert!(bytes.as_ref() == pdf.as_slice(), "{} came back changed", submission["id"]);
        }
    }
}
