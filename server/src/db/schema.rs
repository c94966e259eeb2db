//! Where the database's schema stands against this binary's migrations:
//! `colloquy migrate` brings it up to date, and `serve --no-migrate` refuses
//! to start on a schema it was not built for.

use std::collections::BTreeSet;

use anyhow::Context;

use super::{Db, POSTGRES_MIGRATIONS, SQLITE_MIGRATIONS};
use crate::config::Config;
use crate::on_db;

/// The schema compared with the migrations built into this binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaState {
    UpToDate,
    /// No migration has ever run (a new, empty database).
    Unmigrated,
    /// Migrations this binary has that the database has not had.
    Behind {
        pending: usize,
    },
    /// Migrations the database has had that this binary does not know: a
    /// newer version migrated it.
    Ahead {
        unknown: usize,
    },
}

impl SchemaState {
    /// Why a server that may not migrate cannot start, if it cannot.
    pub fn refusal(self, kind: &str) -> Option<String> {
        match self {
            Self::UpToDate => None,
            Self::Unmigrated => Some(format!(
                "the {kind} database has no schema yet; run `colloquy migrate` once, then start the server"
            )),
            Self::Behind { pending } => Some(format!(
                "the {kind} database schema is out of date ({pending} migration(s) not applied); \
                 run `colloquy migrate` once, then start the server"
            )),
            Self::Ahead { unknown } => Some(format!(
                "the {kind} database was migrated by a newer version of colloquy ({unknown} migration(s) \
                 this version does not know); run that version"
            )),
        }
    }
}

impl Db {
    /// Opens the database and brings its schema up to date: what every
    /// operator command but `serve --no-migrate` starts with.
    pub async fn open_migrated(config: &Config) -> anyhow::Result<Self> {
        let db = Self::connect(config).await?;
        db.migrate().await?;
        Ok(db)
    }

    pub async fn schema_state(&self) -> anyhow::Result<SchemaState> {
        let migrator = match self {
            Db::Sqlite(_) => &SQLITE_MIGRATIONS,
            Db::Postgres(_) => &POSTGRES_MIGRATIONS,
        };
        let table_exists = self.dialect().table_exists();
        let (has_table, applied): (bool, Vec<i64>) = on_db!(self, |pool| {
            let has_table: bool =
                sqlx::query_scalar(table_exists).bind("_sqlx_migrations").fetch_one(pool).await?;
            let applied = if has_table {
                sqlx::query_scalar("SELECT version FROM _sqlx_migrations WHERE success")
                    .fetch_all(pool)
                    .await?
            } else {
                Vec::new()
            };
            (has_table, applied)
        });
        if !has_table || applied.is_empty() {
            return Ok(SchemaState::Unmigrated);
        }
        let known: BTreeSet<i64> =
            migrator.iter().filter(|m| m.migration_type.is_up_migration()).map(|m| m.version).collect();
        let applied: BTreeSet<i64> = applied.into_iter().collect();
        let unknown = applied.difference(&known).count();
        let pending = known.difference(&applied).count();
        Ok(if unknown > 0 {
            SchemaState::Ahead { unknown }
        } else if pending > 0 {
            SchemaState::Behind { pending }
        } else {
            SchemaState::UpToDate
        })
    }

    /// Fails with the operator's next step unless the schema is exactly the
    /// one this binary was built for.
    pub async fn require_current_schema(&self) -> anyhow::Result<()> {
        let state = self.schema_state().await.context("cannot read the database's migrations")?;
        match state.refusal(self.kind()) {
            None => Ok(()),
            Some(reason) => Err(anyhow::anyhow!(reason)),
        }
    }
}

/// `colloquy migrate`: brings the schema up to date and says so.
pub async fn migrate_command(config: &Config) -> anyhow::Result<String> {
    let db = Db::open_migrated(config).await?;
    let report = format!("The {} database is up to date.", db.kind());
    db.close().await;
    Ok(report)
}
