//! Who uses the database. Every `colloquy serve` holds a shared lock on it
//! for as long as it runs; `colloquy restore` takes the lock exclusively,
//! so a restore never replaces a database under a live server (which would
//! go on serving the replaced data, and on SQLite write into a file that is
//! gone). Several servers share the lock; a server does not start while a
//! restore runs.
//!
//! Both kinds of lock belong to their process and die with it, even with
//! `kill -9`, so a crashed server leaves none behind:
//! - SQLite: an advisory file lock (`flock`) on `DATA/colloquy.db.lock`.
//! - PostgreSQL: a session-level advisory lock, held on a connection of its
//!   own (not the pool's), in the configured database only, so other
//!   databases on the same PostgreSQL server are not concerned.

use std::fs::{File, TryLockError};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use sqlx::{Connection, PgConnection};

use crate::config::Config;

/// The advisory lock's key: "colloquy" in ASCII.
const PG_LOCK_KEY: i64 = 0x636f_6c6c_6f71_7579;

/// How long a restore waits for the lock: PostgreSQL frees a stopped
/// server's lock when its session ends, a moment after the process.
const RESTORE_PATIENCE: Duration = Duration::from_secs(3);
const RETRY_EVERY: Duration = Duration::from_millis(200);

/// A server's shared lock, for its lifetime: the locked file, or the task
/// that keeps the PostgreSQL session holding it (aborting it ends the
/// session, and with it the lock).
pub struct ServerLock {
    _file: Option<File>,
    keeper: Option<tokio::task::JoinHandle<()>>,
}

impl Drop for ServerLock {
    fn drop(&mut self) {
        if let Some(keeper) = self.keeper.take() {
            keeper.abort();
        }
    }
}

/// Takes a server's shared lock; refused while a restore runs.
pub async fn serving(config: &Config) -> anyhow::Result<ServerLock> {
    let taken = match pg_url(config) {
        None => {
            let file = lock_file(config)?;
            match file.try_lock_shared() {
                Ok(()) => Some(ServerLock { _file: Some(file), keeper: None }),
                Err(TryLockError::WouldBlock) => None,
                Err(TryLockError::Error(error)) => return Err(cannot_lock(config, error)),
            }
        }
        Some(url) => take_shared(url).await?.map(|connection| ServerLock {
            _file: None,
            keeper: Some(tokio::spawn(keep(url.to_owned(), connection))),
        }),
    };
    taken.ok_or_else(|| {
        anyhow::anyhow!(
            "a `colloquy restore` is replacing this database ({}); start the server, or run the command \
             again, when it has finished",
            describe(config)
        )
    })
}

/// Who uses the database right now, for `colloquy check`: `None` when
/// nothing holds the lock, else who does (PostgreSQL names its sessions; a
/// file lock does not say whose it is). Takes nothing: an exclusive lock
/// that happens to be free is given back at once.
pub async fn users(config: &Config) -> anyhow::Result<Option<String>> {
    match pg_url(config) {
        None => {
            let file = lock_file(config)?;
            match file.try_lock() {
                Ok(()) => {
                    file.unlock()?;
                    Ok(None)
                }
                Err(TryLockError::WouldBlock) => Ok(Some("a server, a command or a restore".to_owned())),
                Err(TryLockError::Error(error)) => Err(cannot_lock(config, error)),
            }
        }
        Some(url) => {
            let mut connection = pg_connect(url, "colloquy check").await?;
            let holders = pg_holders(&mut connection).await?;
            let _ = connection.close().await;
            Ok((!holders.is_empty()).then(|| holders.trim_start_matches(": ").to_owned()))
        }
    }
}

/// A restore's exclusive lock; released by `release` (or at exit).
pub enum RestoreLock {
    File(File),
    Postgres(Box<PgConnection>),
}

/// Takes the exclusive lock of a restore: refused, with how to stop them,
/// while any server runs on the database.
pub async fn restoring(config: &Config) -> anyhow::Result<RestoreLock> {
    let deadline = tokio::time::Instant::now() + RESTORE_PATIENCE;
    let (file, mut pg) = match pg_url(config) {
        Some(url) => (None, Some(pg_connect(url, "colloquy restore").await?)),
        None => (Some(lock_file(config)?), None),
    };
    loop {
        if let Some(file) = &file {
            match file.try_lock() {
                Ok(()) => return Ok(RestoreLock::File(file.try_clone()?)),
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(error)) => return Err(cannot_lock(config, error)),
            }
        }
        if let Some(connection) = pg.as_mut() {
            let exclusive: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(PG_LOCK_KEY)
                .fetch_one(&mut *connection)
                .await?;
            if exclusive {
                return Ok(RestoreLock::Postgres(Box::new(pg.take().expect("checked above"))));
            }
        }
        if tokio::time::Instant::now() >= deadline {
            break;
        }
        tokio::time::sleep(RETRY_EVERY).await;
    }
    let holders = match pg.as_mut() {
        Some(connection) => pg_holders(connection).await.unwrap_or_default(),
        None => String::new(),
    };
    bail!(
        "a server is using this database ({}{holders}); a restore under it would be overwritten or lost. \
         Stop every `colloquy serve` on this database (e.g. `systemctl stop colloquy` on each machine \
         that runs one) and run the restore again",
        describe(config)
    )
}

impl RestoreLock {
    /// Gives the lock back (PostgreSQL: ends its session cleanly).
    pub async fn release(self) {
        if let Self::Postgres(connection) = self {
            let _ = connection.close().await;
        }
    }
}

/// A new session holding the shared lock; None while a restore holds it.
async fn take_shared(url: &str) -> anyhow::Result<Option<PgConnection>> {
    let mut connection = pg_connect(url, "colloquy serve").await?;
    let shared: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock_shared($1)")
        .bind(PG_LOCK_KEY)
        .fetch_one(&mut connection)
        .await?;
    Ok(shared.then_some(connection))
}

/// How often a server checks that its session still holds the lock.
const KEEP_EVERY: Duration = Duration::from_secs(5);

/// Keeps a server's session alive and, should it end (PostgreSQL
/// restarted, the session terminated), takes the shared lock again on a
/// new one. If a restore took the lock meanwhile, the server stops at once:
/// what it went on writing would be lost under the restored data.
async fn keep(url: String, mut connection: PgConnection) {
    let mut every = tokio::time::interval(KEEP_EVERY);
    every.tick().await;
    loop {
        every.tick().await;
        if connection.ping().await.is_ok() {
            continue;
        }
        tracing::warn!("the session holding the database's in-use lock ended; taking the lock again");
        match take_shared(&url).await {
            Ok(Some(fresh)) => connection = fresh,
            Ok(None) => {
                tracing::error!(
                    "a `colloquy restore` took the database's in-use lock while this server's session was \
                     down: stopping, so that nothing is written under the restored data; start it again \
                     when the restore has finished"
                );
                std::process::exit(1);
            }
            Err(error) => tracing::error!(%error, "cannot take the database's in-use lock again"),
        }
    }
}

fn pg_url(config: &Config) -> Option<&str> {
    use secrecy::ExposeSecret;
    config.database_url.as_ref().map(|url| url.expose_secret())
}

async fn pg_connect(url: &str, role: &str) -> anyhow::Result<PgConnection> {
    let options = super::pg_options(url)?.application_name(&format!("{role} (pid {})", std::process::id()));
    PgConnection::connect_with(&options).await.context("cannot connect to PostgreSQL")
}

/// The other sessions holding the lock, as PostgreSQL names them (their
/// application name and client address), for the refusal.
async fn pg_holders(connection: &mut PgConnection) -> sqlx::Result<String> {
    let holders: Vec<String> = sqlx::query_scalar(
        "SELECT COALESCE(NULLIF(a.application_name, ''), 'a session') ||
                COALESCE(' from ' || host(a.client_addr), '')
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.pid <> pg_backend_pid()
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND ((l.classid::bigint << 32) | l.objid::bigint) = $1
          ORDER BY 1",
    )
    .bind(PG_LOCK_KEY)
    .fetch_all(connection)
    .await?;
    Ok(if holders.is_empty() { String::new() } else { format!(": {}", holders.join(", ")) })
}

fn lock_path(config: &Config) -> PathBuf {
    config.sqlite_path().with_extension("db.lock")
}

fn lock_file(config: &Config) -> anyhow::Result<File> {
    std::fs::create_dir_all(&config.data_dir)
        .with_context(|| format!("cannot create the data folder {}", config.data_dir.display()))?;
    let path = lock_path(config);
    let mut options = std::fs::OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(&path).with_context(|| format!("cannot open {}", path.display()))
}

fn cannot_lock(config: &Config, error: std::io::Error) -> anyhow::Error {
    anyhow::anyhow!("cannot lock {}: {error}", lock_path(config).display())
}

/// The database, as the operator configured it.
fn describe(config: &Config) -> String {
    match &config.database_url {
        None => format!("SQLite at {}", config.sqlite_path().display()),
        Some(_) => "the PostgreSQL database in DATABASE_URL".to_owned(),
    }
}
