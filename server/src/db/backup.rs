//! The database side of `colloquy backup` and `restore`.

use std::path::Path;

use super::Db;

impl Db {
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
        let has_users: bool = match self {
            Db::Sqlite(pool) => {
                sqlx::query_scalar(
                    "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users')",
                )
                .fetch_one(pool)
                .await?
            }
            Db::Postgres(pool) => {
                sqlx::query_scalar("SELECT to_regclass('users') IS NOT NULL").fetch_one(pool).await?
            }
        };
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
