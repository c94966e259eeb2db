//! What an operator runs and watches: backup and restore, `check`,
//! `serve --no-migrate`, metrics and JSON logs, through the real binary.

mod backup;
mod check;
mod metrics;
mod no_migrate;

use std::path::Path;
use std::process::{Command, Output};

use crate::helpers::TestDatabase;

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

/// Runs the command off the async runtime (it may take a while).
pub async fn run(mut command: Command) -> Output {
    tokio::task::spawn_blocking(move || command.output().expect("the binary runs")).await.unwrap()
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
