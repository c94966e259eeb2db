//! The counts an admin's home shows: what waits in one edition.

use crate::db::Db;
use crate::on_db;

impl Db {
    /// Edition `year`'s submissions without a decision, and its presenters
    /// (people) with an accepted submission they have not answered for.
    pub async fn undecided_and_unconfirmed(&self, year: i32) -> sqlx::Result<(i64, i64)> {
        on_db!(self, |pool| {
            sqlx::query_as(
                "SELECT (SELECT COUNT(*) FROM submissions s
                         WHERE s.edition_year = $1 AND s.status = 'submitted'),
                        (SELECT COUNT(DISTINCT s.user_id) FROM submissions s
                         WHERE s.edition_year = $1 AND s.status = 'accepted'
                           AND NOT EXISTS (SELECT 1 FROM attendance a WHERE a.submission_id = s.id))",
            )
            .bind(year)
            .fetch_one(pool)
            .await
        })
    }
}
