//! `colloquy restore --force` beside running `colloquy serve` processes:
//! refused, nothing changes, and the servers go on serving their data.
//! Once every server on the database has stopped (gracefully, or killed
//! with SIGKILL, which leaves no stale lock), the restore goes through. A
//! server on another database does not stand in the way, and a backup
//! beside live servers stays allowed.

use std::path::Path;
use std::process::{Command, Stdio};

use sqlx::Connection;

use super::{Server, colloquy, colloquy_of, run, run_on, serve_with, text};
use crate::accounts::PASSWORD;
use crate::helpers::{TestApp, TestDatabase, browser, spawn_app};
use crate::submissions::sign_in_as;

#[derive(Clone, Copy)]
enum Stop {
    Gracefully,
    Killed,
}

/// `command` (the binary on some data) serving, its log left unread.
fn serve_quietly(mut command: Command) -> Server {
    command.stderr(Stdio::null());
    serve_with(command, 1)
}

fn stop(mut server: Server, how: Stop) {
    match how {
        Stop::Gracefully => {
            let sent = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
            assert!(sent.success());
        }
        Stop::Killed => server.child.kill().unwrap(),
    }
    server.child.wait().unwrap();
}

/// The status of a sign-in at `site`.
async fn sign_in_at(site: &str, email: &str) -> u16 {
    let response = browser()
        .post(format!("{site}/api/accounts/login"))
        .json(&serde_json::json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    response.status().as_u16()
}

fn restore(app: &TestApp, backup: &Path) -> Command {
    let mut command = colloquy_of(app);
    command.arg("restore").arg(backup).arg("--force");
    command
}

async fn restore_is_refused_beside_servers_and_done_once_they_stopped(how: Stop) {
    // A backup of a site where Ada has an account...
    let source = spawn_app().await;
    sign_in_as(&source, &source.client, "ada@example.edu").await;
    let folder = tempfile::tempdir().unwrap();
    let backup = folder.path().join("backup");
    let backed_up = run({
        let mut command = colloquy_of(&source);
        command.arg("backup").arg(&backup);
        command
    })
    .await;
    assert!(backed_up.status.success(), "{}", text(&backed_up.stderr));

    // ...and a site where Grace has one, served by two `colloquy serve`
    // processes (the test's own app lets go of the database first).
    let site = spawn_app().await;
    sign_in_as(&site, &site.client, "grace@example.edu").await;
    site.state.db.close().await;
    let (first, second) = (serve_quietly(colloquy_of(&site)), serve_quietly(colloquy_of(&site)));
    // A server on another database is no concern of this restore.
    let elsewhere = TestDatabase::new().await;
    let _elsewhere = serve_quietly(colloquy(&elsewhere));

    let beside = run({
        let mut command = colloquy_of(&site);
        command.arg("backup").arg(folder.path().join("beside"));
        command
    })
    .await;
    assert!(beside.status.success(), "a backup beside live servers: {}", text(&beside.stderr));

    let refused = run(restore(&site, &backup)).await;
    assert!(!refused.status.success(), "refused beside two servers");
    let message = text(&refused.stderr);
    assert!(
        message.contains("a server is using this database") && message.contains("systemctl stop colloquy"),
        "{message}"
    );
    for server in [&first, &second] {
        assert_eq!(sign_in_at(&server.site, "grace@example.edu").await, 200, "it still serves its data");
        assert_eq!(sign_in_at(&server.site, "ada@example.edu").await, 401, "nothing was restored");
    }

    stop(first, how);
    let still = run(restore(&site, &backup)).await;
    assert!(!still.status.success(), "refused while one server still runs");
    assert_eq!(sign_in_at(&second.site, "grace@example.edu").await, 200);

    stop(second, how);
    let restored = run(restore(&site, &backup)).await;
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let after = serve_quietly(colloquy_of(&site));
    assert_eq!(sign_in_at(&after.site, "ada@example.edu").await, 200, "the backup's account");
    assert_eq!(sign_in_at(&after.site, "grace@example.edu").await, 401, "replaced");
}

#[tokio::test]
async fn restore_is_refused_while_servers_run_and_done_once_they_stopped() {
    restore_is_refused_beside_servers_and_done_once_they_stopped(Stop::Gracefully).await;
}

#[tokio::test]
async fn a_server_killed_with_sigkill_leaves_no_lock_behind() {
    restore_is_refused_beside_servers_and_done_once_they_stopped(Stop::Killed).await;
}

#[tokio::test]
async fn a_server_does_not_start_while_a_restore_holds_the_database() {
    let database = TestDatabase::new().await;
    let lock = colloquy::db::in_use::restoring(&database.config).await.unwrap();
    let refused = run({
        let mut command = colloquy(&database);
        command.args(["serve", "--listen", "127.0.0.1:0"]);
        command
    })
    .await;
    assert!(!refused.status.success());
    assert!(text(&refused.stderr).contains("a `colloquy restore` is replacing this database"));
    lock.release().await;
    let server = serve_quietly(colloquy(&database));
    assert_eq!(reqwest::get(format!("{}/api/health/live", server.site)).await.unwrap().status(), 200);
}

/// Nor does any other command that uses the database (a backup, migrate,
/// an admin grant, an edition's call, a content import): each would read or
/// write under the restore. `check` runs, and says the database is in use.
#[tokio::test]
async fn no_command_runs_on_the_database_while_a_restore_holds_it() {
    let database = TestDatabase::new().await;
    let migrated = run_on(&database, &["migrate"]).await;
    assert!(migrated.status.success(), "{}", text(&migrated.stderr));
    let check = || async { text(&run_on(&database, &["check"]).await.stdout) };
    assert!(check().await.contains("no server or command is using it"), "{}", check().await);

    let lock = colloquy::db::in_use::restoring(&database.config).await.unwrap();
    let backup_dir = tempfile::tempdir().unwrap();
    let commands: [Vec<String>; 5] = [
        vec!["backup".into(), backup_dir.path().join("b").display().to_string()],
        vec!["migrate".into()],
        vec!["admin".into(), "grant".into(), "ada@example.edu".into()],
        vec![
            "edition".into(),
            "call".into(),
            "2025".into(),
            "--from".into(),
            "2025-01-01T00:00:00Z".into(),
            "--until".into(),
            "2025-03-01T00:00:00Z".into(),
        ],
        vec!["content".into(), "import".into(), backup_dir.path().display().to_string()],
    ];
    for args in &commands {
        let refused = run_on(&database, args).await;
        assert!(!refused.status.success(), "{args:?} ran under a restore");
        assert!(
            text(&refused.stderr).contains("a `colloquy restore` is replacing this database"),
            "{args:?}: {}",
            text(&refused.stderr)
        );
    }
    assert!(!backup_dir.path().join("b").exists(), "the backup wrote nothing");
    assert!(check().await.contains("in use by"), "{}", check().await);
    lock.release().await;

    let backed_up = run_on(&database, &commands[0]).await;
    assert!(backed_up.status.success(), "{}", text(&backed_up.stderr));
}

/// PostgreSQL: the server's lock lives in a session of its own, which can
/// end under it (the database restarted, an operator's
/// `pg_terminate_backend`). If a restore takes the lock in that gap, the
/// server stops rather than write under the restored data. (On SQLite the
/// lock is the process's own file lock, which nothing can take from it.)
#[tokio::test]
async fn a_server_whose_lock_a_restore_took_stops() {
    let database = TestDatabase::new().await;
    let Some(url) = database.database_url() else { return };
    let mut server = serve_quietly(colloquy(&database));
    let pid = server.child.id();
    let mut admin = sqlx::PgConnection::connect(&url).await.unwrap();
    let ended: i64 = sqlx::query_scalar(
        "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1",
    )
    .bind(format!("colloquy serve (pid {pid})"))
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert_eq!(ended, 1, "the server's lock session");
    let lock = colloquy::db::in_use::restoring(&database.config).await.unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(std::time::Instant::now() < deadline, "the server went on serving under a restore");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    assert!(!status.success());
    lock.release().await;
}
