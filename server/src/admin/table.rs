//! The admin table's query: one row per user with the current edition's
//! first abstract, filtered, sorted and paged in the database so that
//! 10,000 users and 20,000 submissions stay fast. The list, the CSV export
//! and the single-row answers all read it, so they cannot disagree.

use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use super::{AdminSubmission, SubmissionRow};
use crate::db::Db;
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
    pub admin: bool,
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
    pub s_status: Option<String>,
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
            status: self.s_status.clone()?,
        }))
    }
}

/// Every user joined with the current edition's submissions. `firsts` holds
/// each author's submissions numbered in upload order, with their count and
/// whether any is accepted (the presenter flag, derived as the session's
/// is); only number 1 is joined. Withdrawn submissions do not count, as for
/// the applicant flag.
const ROWS: &str = "WITH firsts AS (
    SELECT s.user_id, s.id, s.edition_year, s.original_name, s.uploaded_at, s.size_bytes,
           s.word_count, s.warnings, s.status,
           ROW_NUMBER() OVER (PARTITION BY s.user_id ORDER BY s.uploaded_at, s.id) AS position,
           COUNT(*) OVER (PARTITION BY s.user_id) AS submission_count,
           MAX(CASE WHEN s.status = 'accepted' THEN 1 ELSE 0 END) OVER (PARTITION BY s.user_id) AS accepted
    FROM submissions s
    WHERE s.edition_year = (SELECT MAX(year) FROM editions) AND s.status <> 'withdrawn'
), table_rows AS (
    SELECT u.id, u.first_name, u.last_name, u.email, u.admin,
           f.id IS NOT NULL AS applicant,
           COALESCE(f.accepted, 0) = 1 AS presenter,
           COALESCE(f.submission_count, 0) AS submission_count,
           f.id AS s_id, f.edition_year AS s_edition_year, f.original_name AS s_name,
           f.uploaded_at AS s_uploaded_at, f.size_bytes AS s_size_bytes, f.word_count AS s_word_count,
           f.warnings AS s_warnings, f.status AS s_status,
           TRIM(LOWER(u.first_name || ' ' || u.last_name)) AS name_key
    FROM users u LEFT JOIN firsts f ON f.user_id = u.id AND f.position = 1
)";

const COLUMNS: &str = "id, first_name, last_name, email, admin, applicant, presenter, submission_count, \
     s_id, s_edition_year, s_name, s_uploaded_at, s_size_bytes, s_word_count, s_warnings, s_status, \
     COUNT(*) OVER () AS total";

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

fn search_pattern(db: &Db, search: &str) -> String {
    match db {
        Db::Sqlite(_) => glob_pattern(search),
        Db::Postgres(_) => like_pattern(search),
    }
}

/// Case-insensitive substring over first name, last name, e-mail and the
/// first abstract's name; `$1` is the pattern from `search_pattern`.
fn search_condition(db: &Db) -> &'static str {
    match db {
        Db::Sqlite(_) => "(first_name GLOB $1 OR last_name GLOB $1 OR email GLOB $1 OR s_name GLOB $1)",
        Db::Postgres(_) => {
            "(LOWER(first_name) LIKE $1 ESCAPE '\\' OR LOWER(last_name) LIKE $1 ESCAPE '\\' \
             OR LOWER(email) LIKE $1 ESCAPE '\\' OR LOWER(s_name) LIKE $1 ESCAPE '\\')"
        }
    }
}

fn filter(query: &TableQuery, db: &Db) -> &'static str {
    if query.search.is_empty() { "$1 = $1" } else { search_condition(db) }
}

/// The ORDER BY: rows without a value last in both directions, then the
/// column in the asked direction, then e-mail and id so that equal values
/// keep one order and pages neither repeat nor skip rows.
///
/// PostgreSQL compares text by the database's locale, which ignores spaces
/// and punctuation; `COLLATE "C"` makes it compare lower-cased text by code
/// point as SQLite does, so both databases give the same order.
fn order_by(query: &TableQuery, db: &Db) -> String {
    let collate = match db {
        Db::Sqlite(_) => "",
        Db::Postgres(_) => " COLLATE \"C\"",
    };
    // Booleans are never empty; the other columns put their empty rows last.
    let (empty, key) = match query.sort {
        UserSort::Name => (Some("name_key = ''"), format!("name_key{collate}")),
        UserSort::Email => (Some("email = ''"), format!("email{collate}")),
        UserSort::Applicant => (None, "applicant".to_owned()),
        UserSort::Presenter => (None, "presenter".to_owned()),
        UserSort::Admin => (None, "admin".to_owned()),
        UserSort::AbstractName => (Some("COALESCE(s_name, '') = ''"), format!("LOWER(s_name){collate}")),
        UserSort::UploadedAt => (Some("s_uploaded_at IS NULL"), "s_uploaded_at".to_owned()),
    };
    let direction = match query.direction {
        SortDirection::Asc => "ASC",
        SortDirection::Desc => "DESC",
    };
    let empty_last = empty.map(|empty| format!("{empty} ASC, ")).unwrap_or_default();
    format!("ORDER BY {empty_last}{key} {direction}, email{collate} ASC, id ASC")
}

/// `LIMIT $2 OFFSET $3` when paging; every row otherwise.
fn select(query: &TableQuery, db: &Db, paged: bool) -> String {
    let limit = if paged { " LIMIT $2 OFFSET $3" } else { "" };
    format!(
        "{ROWS} SELECT {COLUMNS} FROM table_rows WHERE {} {}{limit}",
        filter(query, db),
        order_by(query, db)
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
                .bind((page - 1) * per_page)
                .fetch_all(pool)
                .await?
        });
        let total = match rows.first() {
            Some(row) => row.total,
            // Past the last page: the count still has to be told.
            None if page > 1 => self.admin_table_count(query).await?,
            None => 0,
        };
        Ok((rows, total))
    }

    async fn admin_table_count(&self, query: &TableQuery) -> sqlx::Result<i64> {
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
        let sql = format!("{ROWS} SELECT {COLUMNS} FROM table_rows WHERE id = $1");
        on_db!(self, |pool| sqlx::query_as(&sql).bind(user_id).fetch_optional(pool).await)
    }
}

#[cfg(test)]
mod tests {
    use super::{glob_pattern, like_pattern};

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
