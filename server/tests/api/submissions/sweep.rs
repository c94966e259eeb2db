//! The sweep: temp files of interrupted uploads (at start and in every
//! round), and one instance at a time for orphaned files.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use colloquy::submissions::sweep::{Swept, sweep};
use colloquy::uploads::temp;

use super::held::{temp_files, upload_held_halfway, wait_for_temp_files};
use super::process::ServerProcess;
use super::sized::pdf_of_size;
use super::{applicant, json, stored_files};
use crate::helpers::{spawn_app, spawn_app_with};

/// Sets a file's modification time `ago` into the past.
fn age(path: &Path, ago: Duration) {
    let file = std::fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - ago).unwrap();
}

/// A temp file as a crashed upload leaves it: nobody holds it.
fn abandoned_temp_file(tmp: &Path) -> PathBuf {
    std::fs::create_dir_all(tmp).unwrap();
    let path = tmp.join(format!("{}.upload", uuid::Uuid::now_v7()));
    std::fs::write(&path, b"%PDF-1.5 half an abstract").unwrap();
    path
}

const TWO_HOURS: Duration = Duration::from_secs(2 * 60 * 60);

#[tokio::test]
async fn the_sweep_removes_old_temp_files_no_upload_holds() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let tmp = temp::folder(&app.state.config.data_dir);
    let pdf = pdf_of_size(400_000, 1);
    let live = upload_held_halfway(&app.client, app.url("/api/submissions"), &pdf);
    wait_for_temp_files(&tmp, 1).await;
    let live_file = temp_files(&tmp).pop().unwrap();
    // Its client has been silent for two hours: still an upload in progress.
    age(&live_file, TWO_HOURS);
    let old = abandoned_temp_file(&tmp);
    age(&old, TWO_HOURS);
    // Maybe another process's upload between making its file and locking it.
    let recent = abandoned_temp_file(&tmp);

    let swept = sweep(&app.state, "this-instance").await.unwrap();
    assert_eq!(swept.temp_files, 1);
    assert!(!old.exists());
    assert!(recent.exists() && live_file.exists());

    let response = live.finish().await;
    assert_eq!(response.status(), 201, "the upload in progress was not hit");
    let submission = json(response).await;
    let file = app.get(submission["file_url"].as_str().unwrap()).await;
    assert!(file.bytes().await.unwrap().as_ref() == pdf.as_slice());
}

#[tokio::test]
async fn a_server_starting_beside_a_live_upload_removes_only_abandoned_temp_files() {
    let app = spawn_app().await;
    applicant(&app, "ada@example.edu").await;
    let tmp = temp::folder(&app.state.config.data_dir);
    let first = ServerProcess::start(&app, &[]).await;
    let pdf = pdf_of_size(400_000, 2);
    let live = upload_held_halfway(&app.client, first.url("/api/submissions"), &pdf);
    wait_for_temp_files(&tmp, 1).await;
    let live_file = temp_files(&tmp).pop().unwrap();
    // Left a second ago by a process that was killed.
    let abandoned = abandoned_temp_file(&tmp);

    let second = ServerProcess::start(&app, &[]).await;
    assert!(!abandoned.exists(), "the start removed the abandoned temp file");
    assert!(live_file.exists(), "and left the other process's upload alone");

    let response = live.finish().await;
    assert_eq!(response.status(), 201);
    let submission = json(response).await;
    let file = app.client.get(second.url(submission["file_url"].as_str().unwrap())).send().await.unwrap();
    assert!(file.bytes().await.unwrap().as_ref() == pdf.as_slice());
}

#[tokio::test]
async fn one_instance_at_a_time_sweeps_orphaned_files() {
    let a = spawn_app().await;
    let shared = a.state.config.clone();
    let b = spawn_app_with(axum::Router::new(), |config| {
        config.data_dir = shared.data_dir.clone();
        config.database_url = shared.database_url.clone();
    })
    .await;
    let orphan = a.state.config.data_dir.join("files/abstracts/someone/orphan.pdf");
    std::fs::create_dir_all(orphan.parent().unwrap()).unwrap();
    std::fs::write(&orphan, b"%PDF-1.5 orphan").unwrap();
    age(&orphan, TWO_HOURS);

    // Ten instances' sweeps at the same moment, on two app states.
    let mut racing = tokio::task::JoinSet::new();
    for n in 0..10 {
        let state = if n % 2 == 0 { a.state.clone() } else { b.state.clone() };
        racing.spawn(async move { (n, sweep(&state, &format!("instance-{n}")).await.unwrap()) });
    }
    let results = racing.join_all().await;
    let winners: Vec<_> = results.iter().filter(|(_, swept)| swept.orphans.is_some()).collect();
    assert_eq!(winners.len(), 1, "exactly one holds the lease: {results:?}");
    let (winner, swept) = winners[0];
    assert_eq!(swept.orphans, Some(1));
    assert!(!orphan.exists());
    assert!(stored_files(&a).is_empty());

    // The holder keeps it from round to round; the others keep out.
    let winner_state = if winner % 2 == 0 { &a.state } else { &b.state };
    let again = sweep(winner_state, &format!("instance-{winner}")).await.unwrap();
    assert_eq!(again, Swept { temp_files: 0, orphans: Some(0) });
    let other = format!("instance-{}", (winner + 1) % 10);
    assert_eq!(sweep(&b.state, &other).await.unwrap().orphans, None);

    // When the holder stops renewing it (it stopped), the lease runs out and
    // another instance takes over.
    colloquy::on_db!(&a.state.db, |pool| {
        sqlx::query("UPDATE leases SET expires_at = $1")
            .bind(colloquy::clock::now() - time::Duration::seconds(1))
            .execute(pool)
            .await
            .unwrap();
    });
    assert_eq!(sweep(&b.state, &other).await.unwrap().orphans, Some(0));
    assert_eq!(sweep(winner_state, &format!("instance-{winner}")).await.unwrap().orphans, None);
}
