//! The details in the database: each edition's keyword list, a
//! submission's co-authors and keywords, and the e-mail that tells a
//! co-author once that they were named (queued in the same transaction).

use std::collections::HashMap;

use time::OffsetDateTime;
use uuid::Uuid;

use crate::accounts::types::SessionUser;
use crate::activity::record;
use crate::activity::{Actor, NewEntry};
use crate::db::{Db, Tx};
use crate::email::Email;
use crate::hooks::DetailsChanged;
use crate::mail::outbox;
use crate::submissions::SubmissionStatus;
use crate::submissions::details::{Coauthor, Details};
use crate::submissions::letters::{self, Naming};
use crate::submissions::types::{Submission, SubmissionRow};
use crate::{on_db, on_tx};

/// A co-author with their submission's id.
type CoauthorRow = (Uuid, String, String, String);

/// The co-authors and keywords of each submission.
pub type DetailsById = HashMap<Uuid, (Vec<Coauthor>, Vec<String>)>;

/// What became of an author's edit of their submission's details.
#[derive(Debug, PartialEq, Eq)]
pub enum DetailsEdit {
    /// Saved; this many co-authors were newly named (and e-mailed).
    Saved { emailed: usize },
    /// No such submission of theirs in the current edition.
    NotFound,
    /// Decided or withdrawn: the details stay as they are.
    Kept(SubmissionStatus),
}

impl Db {
    /// The keywords edition `year` offers, in its order.
    pub async fn edition_keywords(&self, year: i32) -> sqlx::Result<Vec<String>> {
        on_db!(self, |pool| {
            sqlx::query_scalar(
                "SELECT keyword FROM edition_keywords WHERE edition_year = $1 ORDER BY position, keyword",
            )
            .bind(year)
            .fetch_all(pool)
            .await
        })
    }

    /// Replaces edition `year`'s keyword list and records `entry`; false
    /// when there is no such edition. Submissions keep the keywords they have.
    pub async fn set_edition_keywords_audited(
        &self,
        year: i32,
        keywords: &[String],
        entry: &NewEntry<'_>,
    ) -> sqlx::Result<bool> {
        let mut tx = self.begin().await?;
        let found: Option<i32> = on_tx!(&mut tx, |conn| {
            sqlx::query_scalar("SELECT year FROM editions WHERE year = $1")
                .bind(year)
                .fetch_optional(&mut **conn)
                .await?
        });
        if found.is_some() {
            Self::replace_edition_keywords_in(&mut tx, year, keywords).await?;
            on_tx!(&mut tx, |conn| record!(&mut **conn, entry)?);
        }
        tx.commit().await?;
        Ok(found.is_some())
    }

    /// Replaces edition `year`'s keyword list inside `tx`, so that another
    /// change (the edition's settings) and its log entry go with it or not
    /// at all. Submissions keep the keywords they have.
    pub async fn replace_edition_keywords_in(
        tx: &mut Tx,
        year: i32,
        keywords: &[String],
    ) -> sqlx::Result<()> {
        on_tx!(tx, |conn| {
            sqlx::query("DELETE FROM edition_keywords WHERE edition_year = $1")
                .bind(year)
                .execute(&mut **conn)
                .await?;
            for (position, keyword) in keywords.iter().enumerate() {
                sqlx::query(
                    "INSERT INTO edition_keywords (edition_year, keyword, position) VALUES ($1, $2, $3)",
                )
                .bind(year)
                .bind(keyword)
                .bind(position as i32 + 1)
                .execute(&mut **conn)
                .await?;
            }
        });
        Ok(())
    }

    /// The co-authors and keywords of each submission in `ids`.
    pub async fn details_of(&self, ids: &[Uuid]) -> sqlx::Result<DetailsById> {
        let mut found = HashMap::new();
        // An author has a handful of submissions: one query each is cheap.
        for &id in ids {
            let (coauthors, keywords) = on_db!(self, |pool| {
                let coauthors: Vec<(String, String, String)> = sqlx::query_as(
                    "SELECT name, email, institution FROM submission_coauthors
                     WHERE submission_id = $1 ORDER BY position",
                )
                .bind(id)
                .fetch_all(pool)
                .await?;
                let keywords: Vec<String> = sqlx::query_scalar(
                    "SELECT k.keyword FROM submission_keywords k
                     JOIN submissions s ON s.id = k.submission_id
                     LEFT JOIN edition_keywords e ON e.edition_year = s.edition_year AND e.keyword = k.keyword
                     WHERE k.submission_id = $1 ORDER BY COALESCE(e.position, 1000000), k.keyword",
                )
                .bind(id)
                .fetch_all(pool)
                .await?;
                (coauthors, keywords)
            });
            let coauthors = coauthors
                .into_iter()
                .map(|(name, email, institution)| Coauthor { name, email, institution })
                .collect();
            found.insert(id, (coauthors, keywords));
        }
        Ok(found)
    }

    /// The co-authors and keywords of many submissions (the CSV export's),
    /// in two queries over the current edition.
    pub async fn details_of_many(&self, ids: &[Uuid]) -> sqlx::Result<DetailsById> {
        let wanted: std::collections::HashSet<Uuid> = ids.iter().copied().collect();
        let (coauthors, keywords): (Vec<CoauthorRow>, Vec<(Uuid, String)>) = on_db!(self, |pool| {
            let coauthors = sqlx::query_as(
                "SELECT c.submission_id, c.name, c.email, c.institution FROM submission_coauthors c
                     JOIN submissions s ON s.id = c.submission_id
                     WHERE s.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)
                     ORDER BY c.submission_id, c.position",
            )
            .fetch_all(pool)
            .await?;
            let keywords = sqlx::query_as(
                "SELECT k.submission_id, k.keyword FROM submission_keywords k
                     JOIN submissions s ON s.id = k.submission_id
                     LEFT JOIN edition_keywords e ON e.edition_year = s.edition_year AND e.keyword = k.keyword
                     WHERE s.edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)
                     ORDER BY k.submission_id, COALESCE(e.position, 1000000), k.keyword",
            )
            .fetch_all(pool)
            .await?;
            (coauthors, keywords)
        });
        let mut found = DetailsById::new();
        for (id, name, email, institution) in coauthors.into_iter().filter(|row| wanted.contains(&row.0)) {
            found.entry(id).or_default().0.push(Coauthor { name, email, institution });
        }
        for (id, keyword) in keywords.into_iter().filter(|row| wanted.contains(&row.0)) {
            found.entry(id).or_default().1.push(keyword);
        }
        Ok(found)
    }

    /// The submissions as their author sees them, with co-authors and keywords.
    pub async fn shown(&self, rows: Vec<SubmissionRow>) -> sqlx::Result<Vec<Submission>> {
        let ids: Vec<Uuid> = rows.iter().map(|row| row.id).collect();
        let mut details = self.details_of(&ids).await?;
        let mut shown = Vec::with_capacity(rows.len());
        for row in rows {
            let id = row.id;
            let materials_by = row.final_materials_by;
            let mut submission = Submission::from(row);
            if let Some((coauthors, keywords)) = details.remove(&id) {
                submission.coauthors = coauthors;
                submission.keywords = keywords;
            }
            self.with_attendance(&mut submission, materials_by).await?;
            shown.push(submission);
        }
        Ok(shown)
    }

    /// One submission as its author sees it.
    pub async fn shown_one(&self, row: SubmissionRow) -> sqlx::Result<Submission> {
        Ok(self.shown(vec![row]).await?.pop().expect("one row in, one out"))
    }

    /// Saves the details of the author's submission `id` if it is still
    /// undecided and in the current edition, e-mailing the co-authors it
    /// names for the first time, all in one transaction. Review assignments
    /// the new details cross (a reviewer named as co-author, or someone a
    /// reviewer is in conflict with) are withdrawn in it, as an admin's
    /// conflict withdraws them: hidden from the reviewer, they would still
    /// hold a place automatic assignment does not fill again. Review comes
    /// after submissions: its part is the hook `review`, which the wiring
    /// puts in `AppState::hooks`.
    pub async fn update_details(
        &self,
        id: Uuid,
        author: &SessionUser,
        details: &Details,
        naming: &Naming<'_>,
        review: DetailsChanged,
    ) -> sqlx::Result<DetailsEdit> {
        let actor = Actor::author(author);
        let author = author.id;
        let mut tx = self.begin().await?;
        (review.before)(self, &mut tx).await?;
        // The UPDATE comes next: it locks the row, so two edits racing take
        // turns and the second sees whom the first already e-mailed.
        let updated = on_tx!(&mut tx, |conn| {
            sqlx::query(
                "UPDATE submissions SET title = $1, preferred_format = $2
                 WHERE id = $3 AND user_id = $4 AND status = 'submitted'
                   AND edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)",
            )
            .bind(&details.title)
            .bind(details.preferred_format.as_str())
            .bind(id)
            .bind(author)
            .execute(&mut **conn)
            .await?
            .rows_affected()
                == 1
        });
        if !updated {
            let status: Option<SubmissionStatus> = on_tx!(&mut tx, |conn| {
                sqlx::query_scalar(
                    "SELECT status FROM submissions
                     WHERE id = $1 AND user_id = $2 AND edition_year = (SELECT MAX(year) FROM editions WHERE announced_at IS NOT NULL)",
                )
                .bind(id)
                .bind(author)
                .fetch_optional(&mut **conn)
                .await?
            });
            return Ok(status.map_or(DetailsEdit::NotFound, DetailsEdit::Kept));
        }
        let emailed = write_details(&mut tx, id, details, naming).await?;
        (review.after)(self, &mut tx, id, &actor).await?;
        tx.commit().await?;
        Ok(DetailsEdit::Saved { emailed })
    }
}

/// Writes the co-authors and keywords of submission `id` inside `tx` (its
/// row is already written or locked). A co-author whose address was already
/// listed keeps the time they were e-mailed; anyone else is e-mailed now,
/// through the outbox, so the e-mail exists exactly when the naming does.
/// How many were e-mailed.
pub async fn write_details(
    tx: &mut Tx,
    id: Uuid,
    details: &Details,
    naming: &Naming<'_>,
) -> sqlx::Result<usize> {
    let now = crate::clock::now();
    let before: Vec<(String, Option<OffsetDateTime>)> = on_tx!(tx, |conn| {
        let before =
            sqlx::query_as("SELECT email, emailed_at FROM submission_coauthors WHERE submission_id = $1")
                .bind(id)
                .fetch_all(&mut **conn)
                .await?;
        sqlx::query("DELETE FROM submission_coauthors WHERE submission_id = $1")
            .bind(id)
            .execute(&mut **conn)
            .await?;
        sqlx::query("DELETE FROM submission_keywords WHERE submission_id = $1")
            .bind(id)
            .execute(&mut **conn)
            .await?;
        for keyword in &details.keywords {
            sqlx::query("INSERT INTO submission_keywords (submission_id, keyword) VALUES ($1, $2)")
                .bind(id)
                .bind(keyword)
                .execute(&mut **conn)
                .await?;
        }
        before
    });
    let mut to_email = Vec::new();
    for (position, coauthor) in details.coauthors.iter().enumerate() {
        let emailed_at = match before.iter().find(|(email, _)| *email == coauthor.email) {
            Some((_, Some(at))) => *at,
            _ => {
                to_email.push(coauthor);
                now
            }
        };
        on_tx!(tx, |conn| {
            sqlx::query(
                "INSERT INTO submission_coauthors (submission_id, position, name, email, institution, emailed_at)
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(position as i32)
            .bind(&coauthor.name)
            .bind(&coauthor.email)
            .bind(&coauthor.institution)
            .bind(emailed_at)
            .execute(&mut **conn)
            .await?;
        });
    }
    for coauthor in &to_email {
        // Parsed when the details were checked; a stored address that no
        // longer parses is not worth failing the author's save for.
        if let Ok(address) = Email::parse(&coauthor.email) {
            let letter = letters::coauthor_named(naming, &coauthor.name, &details.title);
            outbox::enqueue(tx, &address, &letter).await?;
        }
    }
    Ok(to_email.len())
}
