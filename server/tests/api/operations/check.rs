//! `colloquy check`: one verdict per dependency, non-zero exit on a failure.

use std::net::TcpListener;

use super::{colloquy, run, text};
use crate::helpers::TestDatabase;

fn verdict<'a>(report: &'a str, what: &str) -> &'a str {
    report
        .lines()
        .find(|line| line.split_whitespace().next() == Some(what))
        .and_then(|line| line.split_whitespace().nth(1))
        .unwrap_or_else(|| panic!("no {what} line in:\n{report}"))
}

#[tokio::test]
async fn check_passes_on_a_working_setup_and_says_what_it_skipped() {
    let database = TestDatabase::new().await;
    let output = run({
        let mut command = colloquy(&database);
        command.arg("check");
        command
    })
    .await;
    let report = text(&output.stdout);
    assert!(output.status.success(), "{report}\n{}", text(&output.stderr));
    assert_eq!(verdict(&report, "configuration"), "ok");
    assert_eq!(verdict(&report, "database"), "ok");
    assert_eq!(verdict(&report, "storage"), "ok");
    assert_eq!(verdict(&report, "smtp"), "skipped");
    assert_eq!(verdict(&report, "oidc"), "skipped");
    assert!(report.contains("wrote, read back and deleted a test file"), "{report}");
    assert!(report.ends_with("All checks passed.\n"), "{report}");
    // The round trip leaves nothing behind.
    let leftovers = std::fs::read_dir(database.data_dir.path().join("files/check"))
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(leftovers, 0);
}

#[tokio::test]
async fn check_names_a_broken_storage_and_an_unreachable_smtp_server_and_fails() {
    let database = TestDatabase::new().await;
    // The file store's folder cannot be created: a plain file is in its way.
    std::fs::create_dir_all(database.data_dir.path()).unwrap();
    std::fs::write(database.data_dir.path().join("files"), b"not a folder").unwrap();
    // A port nothing listens on.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap();
    let output = run({
        let mut command = colloquy(&database);
        command.arg("check").env("COLLOQUY_SMTP_URL", format!("smtp://mailer:s3cret-pass@{closed}"));
        command
    })
    .await;
    let report = text(&output.stdout);
    assert!(!output.status.success(), "{report}");
    assert_eq!(verdict(&report, "database"), "ok", "{report}");
    assert_eq!(verdict(&report, "storage"), "FAILED", "{report}");
    assert_eq!(verdict(&report, "smtp"), "FAILED", "{report}");
    assert!(report.contains("cannot create the file store"), "{report}");
    assert!(report.contains("2 check(s) failed."), "{report}");
    assert!(!report.contains("s3cret-pass") && !text(&output.stderr).contains("s3cret-pass"), "{report}");
}
