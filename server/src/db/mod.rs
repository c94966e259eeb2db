//! The database: embedded SQLite by default, PostgreSQL when `DATABASE_URL`
//! says so. Both run the same queries (written with `$1` placeholders, which
//! both accept) and each has its own migrations folder. Every query lives
//! here or in a feature's `store` module; where the two databases differ,
//! `dialect` chooses.

pub mod content_history;
pub mod dialect;
pub mod in_use;
pub mod leases;
pub mod names;
pub mod schema;

pub use dialect::{Dialect, RowLock, WriteTransaction, begin_write};

use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use secrecy::ExposeSecret;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

use crate::config::Config;

/// A pool on one of the two supported databases.
#[derive(Debug, Clone)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool, whichever it is.
///
/// The body is written once and compiled for both databases, so a query that
/// does not type-check on one of them fails the build.
#[macro_export]
macro_rules! on_db {
    ($db:expr, |$pool:ident| $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}

pub(crate) static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
pub(crate) static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// How long a request waits for a free connection before answering 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

/// How much of an SQLite database is read through memory mapping.
const MMAP_BYTES: u64 = 1 << 30;

impl Db {
    /// Opens the database the configuration names (creating the SQLite file
    /// and the data folder if needed). Does not run migrations.
    pub async fn connect(config: &Config) -> anyhow::Result<Self> {
        match &config.database_url {
            Some(url) => {
                let options = pg_options(url.expose_secret())?;
                let pool = PgPoolOptions::new()
                    .max_connections(10)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(options)
                    .await
                    .context("cannot connect to PostgreSQL")?;
                Ok(Self::Postgres(pool))
            }
            None => {
                std::fs::create_dir_all(&config.data_dir).with_context(|| {
                    format!("cannot create the data folder {}", config.data_dir.display())
                })?;
                let options = SqliteConnectOptions::new()
                    .filename(config.sqlite_path())
                    .create_if_missing(true)
                    // WAL lets readers go on while one writer writes.
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .busy_timeout(Duration::from_secs(5))
                    .foreign_keys(true)
                    // Reads of the first GiB through the operating system's
                    // page cache, shared by every connection, instead of a
                    // copy into each connection's own 2 MB cache: a search
                    // that looks up thousands of rows scattered over a 230 MB
                    // database (100,000 users) read each page with a system
                    // call (about a fifth of its time). Writes still go
                    // through the WAL.
                    .pragma("mmap_size", MMAP_BYTES.to_string());
                let pool = SqlitePoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(options)
                    .await
                    .with_context(|| format!("cannot open {}", config.sqlite_path().display()))?;
                Ok(Self::Sqlite(pool))
            }
        }
    }

    /// Brings the schema up to date, then the stored names' keys (see
    /// `names`) and the content's older versions (`content_history`); safe
    /// to run at every start.
    pub async fn migrate(&self) -> anyhow::Result<()> {
        match self {
            Self::Sqlite(pool) => SQLITE_MIGRATIONS.run(pool).await,
            Self::Postgres(pool) => POSTGRES_MIGRATIONS.run(pool).await,
        }
        .context("database migration failed")?;
        self.rekey_conflict_names().await.context("re-keying the conflicts' names failed")?;
        self.move_content_versions().await.context("moving the content's history failed")?;
        Ok(())
    }

    /// Whether the database answers a trivial query within a short time.
    pub async fn is_reachable(&self) -> bool {
        let ping = async { on_db!(self, |pool| sqlx::query("SELECT 1").execute(pool).await.map(|_| ())) };
        matches!(tokio::time::timeout(Duration::from_secs(2), ping).await, Ok(Ok(())))
    }

    /// Which database this is, for logs.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Sqlite(_) => "SQLite",
            Self::Postgres(_) => "PostgreSQL",
        }
    }

    pub async fn close(&self) {
        on_db!(self, |pool| pool.close().await)
    }
}

/// The connection options `DATABASE_URL` gives.
pub(crate) fn pg_options(url: &str) -> anyhow::Result<PgConnectOptions> {
    if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
        anyhow::bail!(
            "DATABASE_URL must start with postgres:// (leave it unset for the embedded SQLite database)"
        );
    }
    PgConnectOptions::from_str(url).context("DATABASE_URL is not a valid PostgreSQL URL")
}

/// A transaction on whichever database the pool is.
pub enum Tx {
    Sqlite(sqlx::Transaction<'static, sqlx::Sqlite>),
    Postgres(sqlx::Transaction<'static, sqlx::Postgres>),
}

/// Runs `$body` with `$conn` bound to the concrete transaction (use
/// `&mut **$conn` as the executor), as `on_db!` does for pools.
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, |$conn:ident| $body:expr) => {
        match $tx {
            $crate::db::Tx::Sqlite($conn) => $body,
            $crate::db::Tx::Postgres($conn) => $body,
        }
    };
}

impl Db {
    /// Starts a transaction that writes (see `begin_write`).
    pub async fn begin(&self) -> sqlx::Result<Tx> {
        Ok(match self {
            Self::Sqlite(pool) => Tx::Sqlite(begin_write(pool).await?),
            Self::Postgres(pool) => Tx::Postgres(begin_write(pool).await?),
        })
    }
}

impl Tx {
    pub async fn commit(self) -> sqlx::Result<()> {
        match self {
            Self::Sqlite(tx) => tx.commit().await,
            Self::Postgres(tx) => tx.commit().await,
        }
    }

    /// Commits when `keep` (the outcome is a change to keep), else drops
    /// the transaction, which rolls it back; answers `outcome` either way.
    pub async fn commit_if<T>(self, keep: bool, outcome: T) -> sqlx::Result<T> {
        if keep {
            self.commit().await?;
        }
        Ok(outcome)
    }
}
