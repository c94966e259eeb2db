//! What an operator runs and watches: backup and restore, `check`,
//! `serve --no-migrate`, metrics and JSON logs, through the real binary.

mod backup;
mod backup_safety;
mod check;
mod metrics;
mod no_migrate;
mod restore_live;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};

use secrecy::ExposeSecret;

use crate::helpers::{TestApp, TestDatabase, repo_root};

/// The binary on `database` (its data folder, and its PostgreSQL database
/// if any), as an operator runs it beside a live server.
pub fn colloquy(database: &TestDatabase) -> Command {
    colloquy_on(database.data_dir.path(), database.database_url())
}

pub fn colloquy_on(data_dir: &Path, database_url: Option<String>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
    command
        .arg("--data-dir")
        .arg(data_dir)
        .env_remove("DATABASE_URL")
        .env_remove("COLLOQUY_DATA_DIR")
        .env_remove("COLLOQUY_STORAGE")
        .env_remove("COLLOQUY_SMTP_URL")
        .env_remove("COLLOQUY_OIDC_CLIENT_ID")
        .env("COLLOQUY_CONFIG", data_dir.join("absent.toml"))
        .env("RUST_LOG", "warn");
    if let Some(url) = database_url {
        command.env("DATABASE_URL", url);
    }
    command
}

/// The binary on the data of a running test app, as an operator runs it
/// beside a live server.
pub fn colloquy_of(app: &TestApp) -> Command {
    let url = app.state.config.database_url.as_ref().map(|u| u.expose_secret().to_owned());
    colloquy_on(&app.state.config.data_dir, url)
}

/// A `colloquy serve` child process; killed when dropped.
pub struct Server {
    pub child: Child,
    /// `http://ADDRESS`
    pub site: String,
    /// The first lines it printed after the address.
    pub announced: Vec<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `command` (the binary on some data) serving on a free port, once it
/// has printed `lines` lines, the address first.
pub fn serve_with(mut command: Command, lines: usize) -> Server {
    command.args(["serve", "--listen", "127.0.0.1:0"]).current_dir(repo_root()).stdout(Stdio::piped());
    let mut child = command.spawn().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut announced = Vec::new();
    for _ in 0..lines {
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        announced.push(line.trim().to_owned());
    }
    let site = announced[0].strip_prefix("colloquy is serving the site at ").expect(&announced[0]).to_owned();
    Server { child, site, announced }
}

/// Runs the command off the async runtime (it may take a while).
/// `colloquy ARGS` on `database`, run to its end.
pub async fn run_on<S: AsRef<std::ffi::OsStr>>(database: &TestDatabase, args: &[S]) -> Output {
    let mut command = colloquy(database);
    command.args(args);
    run(command).await
}

pub async fn run(mut command: Command) -> Output {
    tokio::task::spawn_blocking(move || command.output().expect("the binary runs")).await.unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
