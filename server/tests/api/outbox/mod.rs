//! E-mail that is never lost: the outbox table and its sender loops, with
//! the file outbox, a real SMTP server on loopback (aiosmtpd), several
//! instances racing, and `kill -9`.

mod admin;
mod crash;
pub mod race;
mod smtp;

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use colloquy::email::Email;
use colloquy::mail::{Letter, outbox};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::helpers::{TestApp, outbox_files, readable};

/// Queues `count` e-mails straight into the outbox (as a burst of sign-ups
/// would), each with its number in the subject, in one transaction.
pub async fn queue_emails(app: &TestApp, count: usize) {
    let mut tx = app.state.db.begin().await.unwrap();
    for n in 0..count {
        let to = Email::parse(&format!("reader{n}@example.edu")).unwrap();
        let letter = Letter { subject: format!("Letter {n}"), body: format!("This is letter {n}.\n") };
        outbox::enqueue(&mut tx, &to, &letter).await.unwrap();
    }
    tx.commit().await.unwrap();
}

/// The subjects of the e-mails in `dir`, sorted.
pub fn subjects_in(dir: &Path) -> Vec<String> {
    let mut subjects: Vec<String> = outbox_files(dir)
        .iter()
        .filter_map(|path| readable(&std::fs::read(path).ok()?))
        .filter_map(|email| email.lines().find_map(|l| l.strip_prefix("Subject: ").map(str::to_owned)))
        .collect();
    subjects.sort();
    subjects
}

/// Waits until the outbox has nothing left to send (nothing queued or being
/// retried), for at most `within`.
pub async fn outbox_drained(app: &TestApp, within: Duration) {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let counts = app.state.db.outbox_counts().await.unwrap();
        if counts.queued == 0 {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "the outbox still has {counts:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until `dir` holds at least `count` e-mails; returns them, decoded.
pub async fn emails_in(dir: &Path, count: usize, within: Duration) -> Vec<String> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let emails: Vec<String> =
            outbox_files(dir).iter().filter_map(|path| readable(&std::fs::read(path).ok()?)).collect();
        if emails.len() >= count {
            return emails;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{} has {} e-mail(s), not {count}: {emails:#?}",
            dir.display(),
            emails.len()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// An SMTP server on a loopback port (PyPI's aiosmtpd, through
/// `scripts/smtp_sink.py`), writing what it accepts to a folder. Stops when
/// dropped.
pub struct SmtpSink {
    _child: Child,
    pub port: u16,
    pub dir: PathBuf,
    _dir: tempfile::TempDir,
}

impl SmtpSink {
    /// None (and a note) when the tests do not run through
    /// `scripts/with-smtp.sh`, which `make test` does.
    pub async fn start(refuse: u32, code: u16) -> Option<Self> {
        let Some(command) = std::env::var("TEST_SMTP_SINK").ok().filter(|c| !c.trim().is_empty()) else {
            eprintln!(
                "skipped: TEST_SMTP_SINK is not set (run through scripts/with-smtp.sh, as `make test` does)"
            );
            return None;
        };
        let dir = tempfile::tempdir().unwrap();
        let mut parts = command.split_whitespace();
        let mut child = Command::new(parts.next().unwrap())
            .args(parts)
            .arg(dir.path())
            .args(["--refuse", &refuse.to_string(), "--code", &code.to_string()])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("the SMTP sink starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let line = tokio::time::timeout(Duration::from_secs(30), lines.next_line())
            .await
            .expect("the SMTP sink says where it listens")
            .unwrap()
            .expect("a line from the SMTP sink");
        let port = line.strip_prefix("listening on ").and_then(|p| p.parse().ok()).expect("a port");
        Some(Self { _child: child, port, dir: dir.path().to_path_buf(), _dir: dir })
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The raw messages it accepted so far.
    pub fn raw_messages(&self) -> Vec<Vec<u8>> {
        outbox_files(&self.dir).iter().filter_map(|path| std::fs::read(path).ok()).collect()
    }
}
