//! The database side of `colloquy backup` and `restore`: a SQLite snapshot
//! (`VACUUM INTO`) or a PostgreSQL dump (`pg_dump`), and putting one back.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use anyhow::{Context, bail, ensure};
use secrecy::ExposeSecret;

use super::Db;
use crate::backup::private;
use crate::config::Config;

/// The database's file in a backup folder, by kind.
const SQLITE_FILE: &str = "colloquy.db";
const PG_DUMP_FILE: &str = "colloquy.pgdump";

impl Db {
    /// Writes the database into the backup folder `dir`; says what it wrote.
    pub async fn back_up_into(&self, config: &Config, dir: &Path) -> anyhow::Result<String> {
        Ok(match self {
            Db::Sqlite(_) => {
                // Made private first: SQLite and pg_dump keep the mode of
                // the (empty) file they are given (backup/private.rs).
                private::create_file(&dir.join(SQLITE_FILE))?;
                self.sqlite_snapshot(&dir.join(SQLITE_FILE)).await.context("the database snapshot failed")?;
                format!("the SQLite database ({SQLITE_FILE})")
            }
            Db::Postgres(_) => {
                private::create_file(&dir.join(PG_DUMP_FILE))?;
                pg_tool(
                    config,
                    "pg_dump",
                    &["--format=custom", "--no-owner", "--file"],
                    &dir.join(PG_DUMP_FILE),
                )
                .await?;
                format!("the PostgreSQL database ({PG_DUMP_FILE}, made by pg_dump)")
            }
        })
    }

    /// Replaces the database with the one in the backup folder `dir`
    /// (closing this connection first).
    pub async fn restore_from(self, config: &Config, dir: &Path) -> anyhow::Result<()> {
        let sqlite = matches!(self, Db::Sqlite(_));
        self.close().await;
        if sqlite {
            restore_sqlite(config, &dir.join(SQLITE_FILE)).await
        } else {
            pg_tool(
                config,
                "pg_restore",
                &["--clean", "--if-exists", "--no-owner", "--single-transaction"],
                &dir.join(PG_DUMP_FILE),
            )
            .await
        }
    }

    /// A consistent copy of the SQLite database at `target`, taken while
    /// the server goes on (`VACUUM INTO` reads one snapshot; writers are
    /// not blocked in WAL mode). None on PostgreSQL.
    pub async fn sqlite_snapshot(&self, target: &Path) -> anyhow::Result<Option<()>> {
        let Db::Sqlite(pool) = self else { return Ok(None) };
        let target =
            target.to_str().ok_or_else(|| anyhow::anyhow!("the backup folder's path is not UTF-8"))?;
        sqlx::query("VACUUM INTO $1").bind(target).execute(pool).await?;
        Ok(Some(()))
    }

    /// How many accounts the database holds (0 when it has no schema yet):
    /// a restore over accounts needs `--force`.
    pub async fn accounts_held(&self) -> anyhow::Result<i64> {
        let table_exists = self.dialect().table_exists();
        let has_users: bool = crate::on_db!(self, |pool| sqlx::query_scalar(table_exists)
            .bind("users")
            .fetch_one(pool)
            .await?);
        if !has_users {
            return Ok(0);
        }
        Ok(crate::on_db!(self, |pool| sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM users")
            .fetch_one(pool)
            .await?))
    }

    /// Whether SQLite finds the database file sound.
    pub async fn sqlite_integrity(&self) -> anyhow::Result<()> {
        if let Db::Sqlite(pool) = self {
            let verdict: String = sqlx::query_scalar("PRAGMA integrity_check").fetch_one(pool).await?;
            anyhow::ensure!(verdict == "ok", "the database file is damaged ({verdict})");
        }
        Ok(())
    }
}

/// Checks the snapshot, then swaps it in for the database file in one
/// rename, so the data folder never holds half a database.
async fn restore_sqlite(config: &Config, snapshot: &Path) -> anyhow::Result<()> {
    ensure!(snapshot.is_file(), "the backup has no {SQLITE_FILE}");
    let target = config.sqlite_path();
    let staged = target.with_extension("db.restoring");
    std::fs::copy(snapshot, &staged)
        .with_context(|| format!("cannot copy the backup to {}", staged.display()))?;
    check_sqlite_file(&staged).await?;
    // The old database's write-ahead log belongs to the old file.
    for suffix in ["-wal", "-shm"] {
        let mut side = target.clone().into_os_string();
        side.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(side));
    }
    std::fs::rename(&staged, &target).with_context(|| format!("cannot replace {}", target.display()))?;
    Ok(())
}

async fn check_sqlite_file(path: &Path) -> anyhow::Result<()> {
    use sqlx::sqlite::SqliteConnectOptions;
    let options = SqliteConnectOptions::new().filename(path).read_only(true);
    let pool =
        sqlx::SqlitePool::connect_with(options).await.context("the backup's database does not open")?;
    let db = Db::Sqlite(pool);
    let sound = db.sqlite_integrity().await;
    db.close().await;
    sound
}

/// Runs `pg_dump` or `pg_restore` on the configured database, with the
/// password in the environment (never on a command line others can read).
async fn pg_tool(config: &Config, tool: &str, args: &[&str], file: &Path) -> anyhow::Result<()> {
    let url = config.database_url.as_ref().context("DATABASE_URL is not set")?;
    let mut url = url::Url::parse(url.expose_secret()).context("DATABASE_URL is not a URL")?;
    let password =
        url.password().map(|p| percent_encoding::percent_decode_str(p).decode_utf8_lossy().into_owned());
    let _ = url.set_password(None);
    let mut command = tokio::process::Command::new(tool);
    command.args(args);
    if tool == "pg_dump" {
        command.arg(file).arg("--dbname").arg(url.as_str());
    } else {
        command.arg("--dbname").arg(url.as_str()).arg(file);
    }
    if let Some(password) = password {
        command.env("PGPASSWORD", password);
    }
    let output = match command.stdin(Stdio::null()).output().await {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => bail!(
            "{tool} is not installed, and the database is PostgreSQL: install PostgreSQL's client tools \
             (Debian: apt-get install postgresql-client, of the server's major version or newer) and run \
             this again, or back up with your database provider's own tools"
        ),
        other => other.with_context(|| format!("cannot run {tool}"))?,
    };
    ensure!(
        output.status.success(),
        "{tool} failed ({}): {}",
        output.status,
        String::from_utf8_lossy(&output.stderr).trim()
    );
    Ok(())
}
