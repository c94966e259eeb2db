//! What the benchmark binaries share: a database of their own, the real
//! server started on it, and the figures' arithmetic.

use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

use anyhow::Context;
use colloquy::config::Config;
use colloquy::db::Db;
use colloquy::on_db;
use secrecy::SecretString;
use time::OffsetDateTime;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;
use uuid::Uuid;

/// A database of its own: SQLite in `data_dir`, or a new database on the
/// PostgreSQL server `TEST_DATABASE_URL` names (as `scripts/with-postgres.sh` sets).
pub async fn fresh_config(data_dir: &Path) -> anyhow::Result<Config> {
    let mut config = Config::with_data_dir(data_dir);
    if let Ok(server) = std::env::var("TEST_DATABASE_URL") {
        use sqlx::Connection;
        let name = format!("colloquy_bench_{}", Uuid::now_v7().simple());
        let mut connection = sqlx::PgConnection::connect(&server).await?;
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut connection).await?;
        let mut url = url::Url::parse(&server)?;
        url.set_path(&name);
        config.database_url = Some(SecretString::from(url.to_string()));
    }
    Ok(config)
}

/// Starts the release binary `server` (`colloquy serve`) on a free port
/// over `config`'s database and returns it with its address.
pub async fn start_server(server: &Path, config: &Config) -> anyhow::Result<(Child, String)> {
    let mut command = tokio::process::Command::new(server);
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&config.data_dir)
        .env_remove("DATABASE_URL")
        .env("COLLOQUY_CONFIG", config.data_dir.join("absent.toml"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    if let Some(url) = &config.database_url {
        use secrecy::ExposeSecret;
        command.env("DATABASE_URL", url.expose_secret());
    }
    let mut child = command.spawn().with_context(|| format!("cannot start {}", server.display()))?;
    let address = serving_address(&mut child).await?;
    Ok((child, address))
}

/// The `fraction` percentile of sorted durations (nearest rank).
pub fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let rank = ((sorted.len() as f64) * fraction).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Milliseconds with one decimal.
pub fn ms(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1000.0)
}

/// Milliseconds with two decimals, for times well under one.
pub fn ms_precise(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1000.0)
}

/// Waits for a started `colloquy serve` (its standard output piped) to print
/// its address, and answers it; the rest of its output is read and dropped,
/// so the server never blocks on a full pipe.
pub async fn serving_address(server: &mut Child) -> anyhow::Result<String> {
    let mut lines =
        BufReader::new(server.stdout.take().context("the server's standard output is piped")?).lines();
    let first = lines.next_line().await?.context("the server exited before it served")?;
    let address = first
        .strip_prefix("colloquy is serving the site at ")
        .with_context(|| format!("unexpected first line: {first}"))?
        .to_owned();
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok(address)
}

/// An editor (Mary Haas, editor@example.edu) and their session, seeded
/// straight into the database; answers the session cookie's value.
pub async fn seed_editor(db: &Db) -> anyhow::Result<String> {
    let now = OffsetDateTime::now_utc().replace_nanosecond(0)?;
    let editor = Uuid::now_v7();
    let session = format!("bench-session-{}", Uuid::now_v7().simple());
    on_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        sqlx::query(
            "INSERT INTO users (id, email, first_name, last_name, email_verified_at, created_at)
             VALUES ($1, 'editor@example.edu', 'Mary', 'Haas', $2, $2)",
        )
        .bind(editor)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'editor')")
            .bind(editor)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(colloquy::accounts::tokens::hash_token(&session))
        .bind(editor)
        .bind(now)
        .bind(now + Duration::from_secs(86_400))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
    });
    Ok(session)
}
