//! `serve --no-migrate`: several instances never race to migrate; the
//! operator runs `colloquy migrate` once, and a server refuses any schema
//! but its own.

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Duration;

use super::{colloquy, run, run_on, text};
use crate::helpers::{TestDatabase, repo_root};

#[tokio::test]
async fn serve_no_migrate_refuses_an_unmigrated_database_and_serves_once_migrated() {
    let database = TestDatabase::new().await;
    let refused = run({
        let mut command = colloquy(&database);
        command.args(["serve", "--no-migrate", "--listen", "127.0.0.1:0"]);
        command
    })
    .await;
    assert!(!refused.status.success());
    let message = text(&refused.stderr);
    assert!(message.contains("has no schema yet; run `colloquy migrate` once"), "{message}");
    assert!(!text(&refused.stdout).contains("serving"), "it never served");

    let migrated = run_on(&database, &["migrate"]).await;
    assert!(migrated.status.success(), "{}", text(&migrated.stderr));

    let mut server = colloquy(&database)
        .args(["serve", "--no-migrate", "--listen", "127.0.0.1:0"])
        .current_dir(repo_root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let address = line.trim().strip_prefix("colloquy is serving the site at ").expect(&line).to_owned();
    let ready = reqwest::get(format!("{address}/api/health/ready")).await.unwrap();
    assert_eq!(ready.status(), 200);
    server.kill().unwrap();
    let _ = server.wait();
}

#[tokio::test]
async fn serve_no_migrate_refuses_a_schema_with_a_migration_missing() {
    let database = TestDatabase::new().await;
    let state = colloquy::prepare(database.config.clone()).await.unwrap();
    // As if this binary had a migration the database has not had yet.
    colloquy::on_db!(&state.db, |pool| {
        sqlx::query(
            "DELETE FROM _sqlx_migrations WHERE version = (SELECT MAX(version) FROM _sqlx_migrations)",
        )
        .execute(pool)
        .await
        .unwrap();
    });
    state.db.close().await;
    let refused = tokio::time::timeout(
        Duration::from_secs(60),
        run({
            let mut command = colloquy(&database);
            command.args(["serve", "--no-migrate", "--listen", "127.0.0.1:0"]);
            command
        }),
    )
    .await
    .expect("it stops at once instead of serving");
    assert!(!refused.status.success());
    let message = text(&refused.stderr);
    assert!(message.contains("schema is out of date (1 migration(s) not applied)"), "{message}");
}
