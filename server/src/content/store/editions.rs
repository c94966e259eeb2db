//! Editions in the database: the current one, and the call window the
//! command line sets.

use time::OffsetDateTime;

use crate::content::editions::Edition;
use crate::db::Db;
use crate::{clock, on_db};

/// The columns an `Edition` is read from.
pub(crate) const EDITION_COLUMNS: &str = "year, call_opens_at, call_closes_at, word_limit, max_file_bytes, \
     max_submissions_per_author, confirm_attendance_by, final_materials_by, confirmation_form_url, contact_email, \
     max_materials_bytes, attendance_in_app, materials_quota_bytes";

/// Gives a new edition (`$1`) the keyword list of the one before it, if it
/// has none yet: a conference's fields change little from year to year.
pub(crate) const COPY_KEYWORDS: &str = "INSERT INTO edition_keywords (edition_year, keyword, position)
     SELECT $1, keyword, position FROM edition_keywords
     WHERE edition_year = (SELECT MAX(year) FROM editions WHERE year < $1)
       AND NOT EXISTS (SELECT 1 FROM edition_keywords WHERE edition_year = $1)";

impl Db {
    /// Every edition's year, newest first.
    pub async fn edition_years(&self) -> sqlx::Result<Vec<i32>> {
        on_db!(self, |pool| sqlx::query_scalar("SELECT year FROM editions ORDER BY year DESC")
            .fetch_all(pool)
            .await)
    }

    /// The newest edition.
    pub async fn current_edition(&self) -> sqlx::Result<Option<Edition>> {
        let edition: Option<Edition> = on_db!(self, |pool| {
            sqlx::query_as(&format!("SELECT {EDITION_COLUMNS} FROM editions ORDER BY year DESC LIMIT 1"))
                .fetch_optional(pool)
                .await?
        });
        let Some(mut edition) = edition else { return Ok(None) };
        edition.call_open = edition.accepts_at(clock::now());
        edition.keywords = self.edition_keywords(edition.year).await?;
        Ok(Some(edition))
    }

    /// Sets the call window of `year`, creating that edition from the
    /// newest one's settings if it does not exist yet.
    pub async fn set_call_window(
        &self,
        year: i32,
        opens: Option<OffsetDateTime>,
        closes: Option<OffsetDateTime>,
    ) -> sqlx::Result<()> {
        let opens = opens.map(clock::to_stored);
        let closes = closes.map(clock::to_stored);
        on_db!(self, |pool| {
            let mut tx = crate::db::begin_write(pool).await?;
            sqlx::query(
                "INSERT INTO editions (year, word_limit, max_file_bytes, max_submissions_per_author,
                                       confirmation_form_url, contact_email)
                 SELECT $1, word_limit, max_file_bytes, max_submissions_per_author, confirmation_form_url, contact_email
                 FROM editions WHERE year = (SELECT MAX(year) FROM editions)
                 ON CONFLICT (year) DO NOTHING",
            )
            .bind(year)
            .execute(&mut *tx)
            .await?;
            sqlx::query(COPY_KEYWORDS).bind(year).execute(&mut *tx).await?;
            sqlx::query("UPDATE editions SET call_opens_at = $1, call_closes_at = $2 WHERE year = $3")
                .bind(opens)
                .bind(closes)
                .bind(year)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(())
    }
}
