//! The admin table's query: one row per user with the current edition's
//! first abstract, filtered, sorted and paged in the database so that
//! 10,000 users and 20,000 submissions stay fast. The list, the CSV export
//! and the single-row answers all read it, so they cannot disagree.

use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{AdminSubmission, SubmissionRow};
use crate::accounts::roles::Roles;
use crate::db::Db;
use crate::submissions::SubmissionStatus;
use crate::on_db;

/// A column the table can be sorted by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum UserSort {
    #[default]
    Name,
    Email,
    Applicant,
    Presenter,
    AbstractName,
    UploadedAt,
    Admin,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortDirection {
    #[default]
    Asc,
    Desc,
}

/// Which rows, in which order.
#[derive(Debug, Clone, Default)]
pub struct TableQuery {
    /// Already trimmed; empty means every user.
    pub search: String,
    pub sort: UserSort,
    pub direction: SortDirection,
}

/// A row of the table as read from the database.
#[derive(Debug, sqlx::FromRow)]
pub struct TableRow {
    pub id: Uuid,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    #[sqlx(try_from = "String")]
    pub roles: Roles,
    pub applicant: bool,
    pub presenter: bool,
    pub submission_count: i64,
    pub s_id: Option<Uuid>,
    pub s_edition_year: Option<i32>,
    pub s_name: Option<String>,
    pub s_uploaded_at: Option<OffsetDateTime>,
    pub s_size_bytes: Option<i64>,
    pub s_word_count: Option<i32>,
    pub s_warnings: Option<String>,
    pub s_status: Option<SubmissionStatus>,
    /// How many rows match the filter (the same on every row).
    pub total: i64,
}

impl TableRow {
    pub fn first_submission(&self) -> Option<AdminSubmission> {
        Some(AdminSubmission::from(SubmissionRow {
            id: self.s_id?,
            edition_year: self.s_edition_year?,
            original_name: self.s_name.clone()?,
            uploaded_at: self.s_uploaded_at?,
            size_bytes: self.s_size_bytes?,
            word_count: self.s_word_count,
            warnings: self.s_warnings.clone().unwrap_or_default(),
            status: self.s_status?,
        }))
    }
}

/// Every user with their current-edition summary (kept by triggers, see
/// the migration `20261121000004_admin`): the first abstract's name and
/// time, the count and whether one is accepted (the presenter flag, derived
/// as the session's is). Sorting and searching read only this.
const ROWS: &str = "WITH table_rows AS (
    SELECT u.id, u.first_name, u.last_name, u.email,
           EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS admin,
           m.user_id IS NOT NULL AS applicant,
           COALESCE(m.accepted, FALSE) AS presenter,
           COALESCE(m.submission_count, 0) AS submission_count,
           m.first_submission_id AS s_id, m.first_original_name AS s_name, m.first_uploaded_at AS s_uploaded_at,
           TRIM(LOWER(u.first_name || ' ' || u.last_name)) AS name_key
    FROM users u LEFT JOIN submission_summaries m ON m.user_id = u.id
)";

/// The chosen rows (`page`) with the rest of their first submission, which
/// is looked up for those rows only.
const COLUMNS: &str = concat!(
    "page.id, page.first_name, page.last_name, page.email, ",
    crate::roles_of_user!("page"),
    " AS roles, page.applicant, \
     page.presenter, page.submission_count, page.s_id, s.edition_year AS s_edition_year, page.s_name, \
     page.s_uploaded_at, s.size_bytes AS s_size_bytes, s.word_count AS s_word_count, s.warnings AS s_warnings, \
     s.status AS s_status, page.total"
);

/// The pattern `$1` for the search condition below. PostgreSQL lower-cases
/// Unicode, so a LIKE on lower-cased text does; `%`, `_` and `\` typed in
/// the search box are escaped to match themselves.
fn like_pattern(search: &str) -> String {
    let mut pattern = String::from("%");
    for c in search.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// SQLite's LOWER and LIKE fold ASCII letters only, so "ñúñez" would miss
/// "Ñúñez". Its GLOB is case-sensitive but has character classes, so each
/// letter becomes a class of its cases (`[ñÑ]`); GLOB's own `*`, `?` and
/// `[` are put in classes to match themselves, and `%`, `_` and `\` are
/// plain characters to GLOB.
fn glob_pattern(search: &str) -> String {
    let mut pattern = String::from("*");
    for c in search.chars() {
        let mut cases = vec![c];
        for case in c.to_lowercase().chain(c.to_uppercase()) {
            if !cases.contains(&case) {
                cases.push(case);
            }
        }
        // A letter whose other case is several letters (ß, SS) is left as typed.
        let simple = c.to_lowercase().count() == 1 && c.to_uppercase().count() == 1;
        match c {
            '*' | '?' | '[' => pattern.extend(['[', c, ']']),
            _ if simple && cases.len() > 1 => {
                pattern.push('[');
                pattern.extend(cases);
                pattern.push(']');
            }
            _ => pattern.push(c),
        }
    }
    pattern.push('*');
    pattern
}

/// The search as one FTS5 phrase: a trigram index matches a phrase where
/// the text occurs as a substring of one column, case folded. A `"` typed
/// in the search box is doubled to match itself.
fn trigram_phrase(search: &str) -> String {
    format!("\"{}\"", search.replace('"', "\"\""))
}

/// Trigram indexes (migration `20261123000004_admin_search`) find searches
/// of three or more characters; shorter ones read every row, as they match
/// many anyway.
fn uses_trigrams(search: &str) -> bool {
    search.chars().count() >= 3
}

fn search_pattern(db: &Db, search: &str) -> String {
    match db {
        Db::Sqlite(_) if uses_trigrams(search) => trigram_phrase(search),
        Db::Sqlite(_) => glob_pattern(search),
        Db::Postgres(_) => like_pattern(search),
    }
}

/// Case-insensitive substring over first name, last name, e-mail and the
/// first abstract's name; `$1` is the pattern from `search_pattern`.
fn search_condition(db: &Db, search: &str) -> &'static str {
    match db {
        Db::Sqlite(_) if uses_trigrams(search) => {
            "id IN (SELECT user_id FROM user_search WHERE search_key IN \
             (SELECT rowid FROM user_search_index WHERE user_search_index MATCH $1))"
        }
        Db::Sqlite(_) => "(first_name GLOB $1 OR last_name GLOB $1 OR email GLOB $1 OR s_name GLOB $1)",
        // One lookup per table, each answered by its trigram indexes (an OR
        // across the join could use none).
        Db::Postgres(_) => {
            "id IN (SELECT id FROM users WHERE LOWER(first_name) LIKE $1 ESCAPE '\\' \
             OR LOWER(last_name) LIKE $1 ESCAPE '\\' OR LOWER(email) LIKE $1 ESCAPE '\\' \
             UNION ALL SELECT user_id FROM submission_summaries WHERE LOWER(first_original_name) LIKE $1 ESCAPE '\\')"
        }
    }
}

fn filter(query: &TableQuery, db: &Db) -> &'static str {
    if query.search.is_empty() { "$1 = $1" } else { search_condition(db, &query.search) }
}

/// The ORDER BY: rows without a value last in both directions, then the
/// column in the asked direction, then e-mail and id so that equal values
/// keep one order and pages neither repeat nor skip rows.
///
/// PostgreSQL compares text by the database's locale, which ignores spaces
/// and punctuation; `COLLATE "C"` makes it compare lower-cased text by code
/// point as SQLite does, so both databases give the same order.
fn order_by(query: &TableQuery, db: &Db, table: &str) -> String {
    let collate = match db {
        Db::Sqlite(_) => "",
        Db::Postgres(_) => " COLLATE \"C\"",
    };
    // Booleans are never empty; the other columns put their empty rows last.
    let (empty, key) = match query.sort {
        UserSort::Name => (Some(format!("{table}name_key = ''")), format!("{table}name_key{collate}")),
        UserSort::Email => (Some(format!("{table}email = ''")), format!("{table}email{collate}")),
        UserSort::Applicant => (None, format!("{table}applicant")),
        UserSort::Presenter => (None, format!("{table}presenter")),
        UserSort::Admin => (None, format!("{table}admin")),
        UserSort::AbstractName => {
            (Some(format!("COALESCE({table}s_name, '') = ''")), format!("LOWER({table}s_name){collate}"))
        }
        UserSort::UploadedAt => {
            (Some(format!("{table}s_uploaded_at IS NULL")), format!("{table}s_uploaded_at"))
        }
    };
    let direction = match query.direction {
        SortDirection::Asc => "ASC",
        SortDirection::Desc => "DESC",
    };
    let empty_last = empty.map(|empty| format!("{empty} ASC, ")).unwrap_or_default();
    format!("ORDER BY {empty_last}{key} {direction}, {table}email{collate} ASC, {table}id ASC")
}

/// `LIMIT $2 OFFSET $3` when paging; every row otherwise. The order is
/// applied to the chosen rows again after the join (a join keeps no order).
///
/// With a search, the matching rows are counted on the way (`COUNT(*) OVER
/// ()`); without one, that would keep all 10,000 rows for a page of 50, so
/// the rows are left to a top-N sort and counted apart (`total` is 0 here).
fn select(query: &TableQuery, db: &Db, paged: bool) -> String {
    let limit = if paged { " LIMIT $2 OFFSET $3" } else { "" };
    let total = if query.search.is_empty() { "CAST(0 AS BIGINT)" } else { "COUNT(*) OVER ()" };
    format!(
        "{ROWS}, page AS (SELECT *, {total} AS total FROM table_rows WHERE {} {}{limit})
         SELECT {COLUMNS} FROM page LEFT JOIN submissions s ON s.id = page.s_id {}",
        filter(query, db),
        order_by(query, db, ""),
        order_by(query, db, "page.")
    )
}

impl Db {
    /// One page of the table, and how many rows match in all.
    pub async fn admin_table_page(
        &self,
        query: &TableQuery,
        page: i64,
        per_page: i64,
    ) -> sqlx::Result<(Vec<TableRow>, i64)> {
        let sql = select(query, self, true);
        let pattern = search_pattern(self, &query.search);
        let rows: Vec<TableRow> = on_db!(self, |pool| {
            sqlx::query_as(&sql)
                .bind(&pattern)
                .bind(per_page)
                .bind(super::offset(page, per_page))
                .fetch_all(pool)
                .await?
        });
        let total = match rows.first() {
            Some(row) if !query.search.is_empty() => row.total,
            // No search, or past the last page: count apart.
            _ => self.admin_table_count(query).await?,
        };
        Ok((rows, total))
    }

    async fn admin_table_count(&self, query: &TableQuery) -> sqlx::Result<i64> {
        if query.search.is_empty() {
            return on_db!(self, |pool| sqlx::query_scalar("SELECT COUNT(*) FROM users")
                .fetch_one(pool)
                .await);
        }
        let sql = format!("{ROWS} SELECT COUNT(*) FROM table_rows WHERE {}", filter(query, self));
        let pattern = search_pattern(self, &query.search);
        on_db!(self, |pool| sqlx::query_scalar(&sql).bind(&pattern).fetch_one(pool).await)
    }

    /// Every matching row, in order (the CSV export).
    pub async fn admin_table_all(&self, query: &TableQuery) -> sqlx::Result<Vec<TableRow>> {
        let sql = select(query, self, false);
        let pattern = search_pattern(self, &query.search);
        on_db!(self, |pool| sqlx::query_as(&sql).bind(&pattern).fetch_all(pool).await)
    }

    /// One user's row.
    pub async fn admin_table_row(&self, user_id: Uuid) -> sqlx::Result<Option<TableRow>> {
        let sql = format!(
            "{ROWS}, page AS (SELECT *, CAST(1 AS BIGINT) AS total FROM table_rows WHERE id = $1)
             SELECT {COLUMNS} FROM page LEFT JOIN submissions s ON s.id = page.s_id"
        );
        on_db!(self, |pool| sqlx::query_as(&sql).bind(user_id).fetch_optional(pool).await)
    }
}

#[cfg(test)]
mod tests {
    use super::{glob_pattern, like_pattern, trigram_phrase};

    #[test]
    fn a_quote_typed_in_the_search_stays_inside_the_phrase() {
        assert_eq!(trigram_phrase("Ada"), "\"Ada\"");
        assert_eq!(trigram_phrase("say \"hi\" OR x*"), "\"say \"\"hi\"\" OR x*\"");
    }

    #[test]
    fn like_wildcards_typed_in_the_search_match_themselves() {
        assert_eq!(like_pattern("Ada"), "%ada%");
        assert_eq!(like_pattern("50%_off\\"), "%50\\%\\_off\\\\%");
    }

    #[test]
    fn glob_letters_match_either_case_and_glob_wildcards_themselves() {
        assert_eq!(glob_pattern("Ñu"), "*[Ññ][uU]*");
        assert_eq!(glob_pattern("a*?[b]"), "*[aA][*][?][[][bB]]*");
        assert_eq!(glob_pattern("5%_\\ß"), "*5%_\\ß*");
    }
}
