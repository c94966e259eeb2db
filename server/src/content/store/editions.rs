//! Editions in the database: the current one, and the call window the
//! command line sets.

use time::OffsetDateTime;

use super::EDITION;
use super::versions::Saved;
use crate::activity::Actor;
use crate::content::editions::{Edition, copied_page};
use crate::content::model::EditionPage;
use crate::content::versions::{DocumentId, tag};
use crate::db::Db;
use crate::{clock, on_db};

/// The columns an `Edition` is read from.
pub(crate) const EDITION_COLUMNS: &str = "year, call_opens_at, call_closes_at, word_limit, max_file_bytes, \
     max_submissions_per_author, confirm_attendance_by, final_materials_by, confirmation_form_url, contact_email, \
     max_materials_bytes, attendance_in_app, materials_quota_bytes, conference_on, decisions_at, announced_at, \
     (SELECT deadline FROM review_settings WHERE review_settings.edition_year = editions.year) AS review_deadline";

/// Gives a new edition (`$1`) the keyword list of the one before it, if it
/// has none yet: a conference's fields change little from year to year.
pub(crate) const COPY_KEYWORDS: &str = "INSERT INTO edition_keywords (edition_year, keyword, position)
     SELECT $1, keyword, position FROM edition_keywords
     WHERE edition_year = (SELECT MAX(year) FROM editions WHERE year < $1)
       AND NOT EXISTS (SELECT 1 FROM edition_keywords WHERE edition_year = $1)";

impl Db {
    /// The years of the editions on the public site, newest first.
    pub async fn announced_edition_years(&self) -> sqlx::Result<Vec<i32>> {
        on_db!(self, |pool| sqlx::query_scalar(
            "SELECT year FROM editions WHERE announced_at IS NOT NULL ORDER BY year DESC"
        )
        .fetch_all(pool)
        .await)
    }

    /// The years of the editions an admin is preparing: not announced
    /// yet. Their pages stay off the public site, whether a publication, a
    /// restore or an import made them live, until an admin announces them.
    /// (Earlier editions that exist only as content have no row: public.)
    pub async fn prepared_edition_years(&self) -> sqlx::Result<Vec<i32>> {
        on_db!(self, |pool| sqlx::query_scalar(
            "SELECT year FROM editions WHERE announced_at IS NULL ORDER BY year DESC"
        )
        .fetch_all(pool)
        .await)
    }

    /// Whether the edition of `year` is being prepared (see `prepared_edition_years`).
    pub async fn is_prepared_edition(&self, year: i32) -> sqlx::Result<bool> {
        on_db!(self, |pool| sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM editions WHERE year = $1 AND announced_at IS NULL)"
        )
        .bind(year)
        .fetch_one(pool)
        .await)
    }

    /// The year of `announced_edition`.
    pub async fn announced_edition_year(&self) -> sqlx::Result<Option<i32>> {
        Ok(self.announced_edition_years().await?.first().copied())
    }

    /// The newest edition of all: the one admins prepare next from. It may
    /// not be announced yet.
    pub async fn newest_edition(&self) -> sqlx::Result<Option<Edition>> {
        self.newest_where("").await
    }

    /// The current edition: the newest one an admin has announced, which
    /// the public site (nav, banner, `/sculc`, `/sculc-program.pdf`),
    /// members' pages and flags, and the admin screens' default show. One
    /// being prepared stays on the editions screen (and the edition
    /// pickers) until it is announced, so nothing of the running edition
    /// is hidden meanwhile. The submissions and session queries say the
    /// same in SQL (`announced_at IS NOT NULL`).
    pub async fn current_edition(&self) -> sqlx::Result<Option<Edition>> {
        self.newest_where("WHERE announced_at IS NOT NULL").await
    }

    /// The current edition (the public site's name for it).
    pub async fn announced_edition(&self) -> sqlx::Result<Option<Edition>> {
        self.current_edition().await
    }

    async fn newest_where(&self, only: &'static str) -> sqlx::Result<Option<Edition>> {
        let edition: Option<Edition> = on_db!(self, |pool| {
            sqlx::query_as(&format!(
                "SELECT {EDITION_COLUMNS} FROM editions {only} ORDER BY year DESC LIMIT 1"
            ))
            .fetch_optional(pool)
            .await?
        });
        let Some(mut edition) = edition else { return Ok(None) };
        edition.call_open = edition.accepts_at(clock::now());
        edition.keywords = self.edition_keywords(edition.year).await?;
        Ok(Some(edition))
    }

    /// Sets the call window of `year`, creating that edition from the
    /// newest one's settings if it does not exist yet, and announces it:
    /// the operator asked for an open call. The caller checks the dates.
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
                 SELECT $1, word_limit, max_file_bytes, max_submissions_per_author,
                        REPLACE(confirmation_form_url, CAST(year AS TEXT), $2), contact_email
                 FROM editions WHERE year = (SELECT MAX(year) FROM editions)
                 ON CONFLICT (year) DO NOTHING",
            )
            .bind(year)
            .bind(year.to_string())
            .execute(&mut *tx)
            .await?;
            sqlx::query(COPY_KEYWORDS).bind(year).execute(&mut *tx).await?;
            sqlx::query(
                "UPDATE editions SET call_opens_at = $1, call_closes_at = $2,
                     announced_at = COALESCE(announced_at, $4)
                 WHERE year = $3",
            )
            .bind(opens)
            .bind(closes)
            .bind(year)
            .bind(clock::now())
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
        });
        Ok(())
    }
}

impl Db {
    /// Starts the pages of edition `year` as a draft copied from the live
    /// pages of `from` (see `copied_page`), for the site editor to check
    /// and publish. Whether it did: not when `from` has no pages, or when
    /// an editor has a draft of `year` already (theirs is kept).
    pub async fn start_edition_draft(
        &self,
        from: i32,
        year: i32,
        day: Option<time::Date>,
        actor: &Actor,
    ) -> anyhow::Result<bool> {
        let Some(previous) = self.content_document::<EditionPage>(EDITION, &from.to_string()).await? else {
            return Ok(false);
        };
        let page = serde_json::to_value(copied_page(&previous, year, day))?;
        let id: DocumentId = format!("{EDITION}:{year}")
            .parse()
            .map_err(|_| anyhow::anyhow!("edition:{year} is not a document"))?;
        Ok(matches!(self.save_draft(&id, &tag(None), Some(&page), actor).await?, Saved::Saved(_)))
    }
}
