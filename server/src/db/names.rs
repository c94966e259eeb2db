//! Names stored before `text::name_key` (NFKC, invisible characters
//! removed) carry keys of the older rule (lower case and spaces only), which
//! an NFD spelling or a zero-width space gets past. SQL cannot normalise
//! Unicode, so `migrate` re-keys them here, in Rust: each stored conflict
//! name becomes NFC without invisible characters, and its key is computed
//! again. Only rows that change are written, so after the first run it
//! reads the names and writes nothing (at most `MAX_CONFLICTS` per reviewer).

use uuid::Uuid;

use super::Db;
use crate::on_db;
use crate::text::{name_key, stored_name};

impl Db {
    /// Re-keys the stored conflict names; returns how many rows changed.
    pub async fn rekey_conflict_names(&self) -> sqlx::Result<usize> {
        let rows: Vec<(Uuid, String, Option<String>)> = on_db!(self, |pool| {
            sqlx::query_as("SELECT id, name, name_key FROM review_conflicts WHERE name IS NOT NULL")
                .fetch_all(pool)
                .await?
        });
        let mut changed = 0;
        for (id, name, key) in rows {
            let (new_name, new_key) = (stored_name(&name), name_key(&name));
            if new_name == name && key.as_deref() == Some(new_key.as_str()) {
                continue;
            }
            on_db!(self, |pool| {
                sqlx::query("UPDATE review_conflicts SET name = $1, name_key = $2 WHERE id = $3")
                    .bind(&new_name)
                    .bind(&new_key)
                    .bind(id)
                    .execute(pool)
                    .await?;
            });
            changed += 1;
        }
        Ok(changed)
    }
}
