//! Where SQLite and PostgreSQL differ. Every query is written once, with
//! `$1` placeholders both accept; what cannot be written once (how a writing
//! transaction starts, row locks, case-insensitive search, collation) is
//! chosen here, so no other module names either database.

use super::Db;

/// Which SQL the database speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

impl Db {
    pub fn dialect(&self) -> Dialect {
        match self {
            Self::Sqlite(_) => Dialect::Sqlite,
            Self::Postgres(_) => Dialect::Postgres,
        }
    }
}

/// How each database starts a transaction that will write.
pub trait WriteTransaction: sqlx::Database {
    const BEGIN: &'static str;
}

impl WriteTransaction for sqlx::Sqlite {
    // SQLite's default (deferred) transaction reads from a snapshot and asks
    // for the write lock only at its first write; if another connection wrote
    // in between, it fails at once with "database is locked" instead of
    // waiting. IMMEDIATE takes the write lock first, waiting its turn.
    const BEGIN: &'static str = "BEGIN IMMEDIATE";
}

impl WriteTransaction for sqlx::Postgres {
    const BEGIN: &'static str = "BEGIN";
}

/// Starts a transaction that will write, on either database; every
/// transaction that writes starts here.
pub async fn begin_write<DB: WriteTransaction>(
    pool: &sqlx::Pool<DB>,
) -> sqlx::Result<sqlx::Transaction<'static, DB>> {
    pool.begin_with(DB::BEGIN).await
}

/// How strongly `lock_rows` locks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowLock {
    /// The rows are about to change: `FOR UPDATE`.
    Update,
    /// Others may not change them meanwhile, but rows referring to them may
    /// still be inserted: `FOR NO KEY UPDATE`.
    NoKeyUpdate,
}

impl Dialect {
    /// `select` locking the rows it reads until the transaction ends, or
    /// `None` where no statement is needed: on PostgreSQL (READ COMMITTED)
    /// two transactions would each count the other's rows absent, so they
    /// take turns on a row lock; a SQLite transaction that writes already
    /// holds the database's one write lock from `BEGIN IMMEDIATE`.
    pub fn lock_rows(self, select: &str, lock: RowLock) -> Option<String> {
        match (self, lock) {
            (Self::Sqlite, _) => None,
            (Self::Postgres, RowLock::Update) => Some(format!("{select} FOR UPDATE")),
            (Self::Postgres, RowLock::NoKeyUpdate) => Some(format!("{select} FOR NO KEY UPDATE")),
        }
    }

    /// The statement that makes writers of `table` take turns until the
    /// transaction ends, or `None` where none is needed: a total counted
    /// over the table's rows has no one row to lock on PostgreSQL (its
    /// readers still read); SQLite's `BEGIN IMMEDIATE` already holds the
    /// database's one write lock.
    pub fn lock_table_for_writers(self, table: &str) -> Option<String> {
        match self {
            Self::Sqlite => None,
            Self::Postgres => Some(format!("LOCK TABLE {table} IN SHARE ROW EXCLUSIVE MODE")),
        }
    }

    /// Appended to a subquery that picks one row to claim: on PostgreSQL
    /// it skips rows another transaction is claiming, so instances racing
    /// for work take different rows instead of queueing on one; SQLite runs
    /// one writer at a time and needs nothing.
    pub fn skip_locked_rows(self) -> &'static str {
        match self {
            Self::Sqlite => "",
            Self::Postgres => "FOR UPDATE SKIP LOCKED",
        }
    }

    /// A query answering whether the table named by `$1` exists.
    pub fn table_exists(self) -> &'static str {
        match self {
            Self::Sqlite => "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = $1)",
            Self::Postgres => "SELECT to_regclass($1) IS NOT NULL",
        }
    }

    /// Appended to a text key so that sorting compares code points.
    ///
    /// PostgreSQL compares text by the database's locale, which ignores
    /// spaces and punctuation; `COLLATE "C"` makes it compare lower-cased
    /// text by code point as SQLite does, so both databases give the same
    /// order.
    pub fn code_point_order(self) -> &'static str {
        match self {
            Self::Sqlite => "",
            Self::Postgres => " COLLATE \"C\"",
        }
    }

    /// The admin table's case-insensitive substring search over first name,
    /// last name, e-mail and the first abstract's title in the edition
    /// bound to `$e` (the columns of its rows), as a condition on `$1`, and
    /// the value to bind to `$1`.
    pub fn admin_search(self, search: &str, e: u8) -> (String, String) {
        match self.admin_search_matches(search, e) {
            Some((matches, pattern)) => (format!("id IN ({matches})"), pattern),
            None => (
                "(first_name GLOB $1 OR last_name GLOB $1 OR email GLOB $1 OR s_name GLOB $1)".to_owned(),
                glob_pattern(search),
            ),
        }
    }

    /// `INDEXED BY index` on SQLite, which without statistics prefers a
    /// unique index's lookup to a covering index with the same leading
    /// columns; nothing on PostgreSQL, which weighs both by its statistics.
    pub fn indexed_by(self, index: &str) -> String {
        match self {
            Self::Sqlite => format!(" INDEXED BY {index}"),
            Self::Postgres => String::new(),
        }
    }

    /// `LEFT JOIN` of the summary (`m`) of `user` in the edition bound to
    /// `$e`, read from the covering index `summaries_keys` alone: the
    /// title and upload time the admin table sorts by. On PostgreSQL a
    /// lookup per person (`LATERAL`, kept apart by its `LIMIT`; the pair is
    /// unique): joining the 4,944 people `q=ada` finds, it hashed them and
    /// read the edition's 80,000 summaries whole (the page 41-44 ms against
    /// 32-35, bench/README.md).
    pub fn summary_keys(self, user: &str, e: u8) -> String {
        match self {
            Self::Sqlite => format!(
                "LEFT JOIN submission_summaries m{} ON m.user_id = {user} AND m.edition_year = ${e}",
                self.indexed_by("summaries_keys")
            ),
            Self::Postgres => format!(
                "LEFT JOIN LATERAL (SELECT first_title, first_uploaded_at FROM submission_summaries \
                 WHERE user_id = {user} AND edition_year = ${e} LIMIT 1) m ON TRUE"
            ),
        }
    }

    /// Ends a statement ordered by a key whose rows up to the `rows`-th
    /// and those tied with it are all it can return anyway (a range up to
    /// that row's key): on PostgreSQL `FETCH FIRST … ROWS WITH TIES`,
    /// which returns the same rows but tells the planner how few to
    /// expect. Without it, it expected 15,228 of the admin table's page
    /// candidates where 50 came, and joined them with the edition's
    /// summaries by reading all 80,000 (the page 35 ms against 15).
    /// Nothing on SQLite, which looks each candidate up whatever it
    /// expects.
    pub fn first_with_ties(self, rows: &str) -> String {
        match self {
            Self::Sqlite => String::new(),
            Self::Postgres => format!(" FETCH FIRST ({rows}) ROWS WITH TIES"),
        }
    }

    /// Whether a page of the admin table counts its matches in its own
    /// statement and then reads in order or from the sorted matches by
    /// that count (`Reading::Counted`): on PostgreSQL, which tests a
    /// condition on the count alone once, before the read it guards, so
    /// the branch not taken reads nothing; counting first ran a search's
    /// trigram match twice (11 of `q=hopper`'s 26 ms). SQLite tests such a
    /// condition on every row read (the branch not taken read every user
    /// in order for a search of 10 matches: 3.7 ms against 0.6), so it
    /// counts first.
    pub fn counts_with_the_page(self) -> bool {
        self == Self::Postgres
    }

    /// Whether a page of the admin table sorted by upload time looks for
    /// its last row among the first summaries in that order before it
    /// lists every match's key (`Reading::InUploadOrder`): on PostgreSQL,
    /// which stops reading them at the page's edge and looks a key up in
    /// about 3.5 µs (17 of `q=ada`'s 35 ms for 4,944 matches). SQLite
    /// sorts what the bounded subquery gives, ordered or not, so it read
    /// all 10,000 summaries (12 ms), and looks a key up from a covering
    /// index in about 1 µs: it lists the keys.
    pub fn reads_upload_order_first(self) -> bool {
        self == Self::Postgres
    }

    /// Whether `admin_search_matches` lists the search's matches: always on
    /// PostgreSQL; on SQLite from three characters, which its trigram
    /// index finds (shorter ones are a condition read on every row).
    pub fn admin_search_is_listed(self, search: &str) -> bool {
        match self {
            Self::Sqlite => uses_trigrams(search),
            Self::Postgres => true,
        }
    }

    /// The same search as a list of the matching users' ids (a column
    /// `id`; a user may be listed twice, by name and by title), found
    /// through indexes without reading the users, and the value to bind to
    /// `$1`; `None` when the search is a condition tested on each row
    /// instead (SQLite, under three characters).
    pub fn admin_search_matches(self, search: &str, e: u8) -> Option<(String, String)> {
        if !self.admin_search_is_listed(search) {
            return None;
        }
        Some(match self {
            // The person's text and the edition's titles each have a
            // trigram index (migration `20261201000101_summaries_per_edition`);
            // each match is joined with its row by rowid (a list of the
            // matches' rowids, then searched, cost about a tenth more).
            Self::Sqlite => (
                format!(
                    "SELECT us.user_id AS id FROM {SQLITE_PEOPLE} WHERE {SQLITE_PEOPLE_MATCH} \
                     UNION ALL SELECT ss.user_id FROM {}",
                    sqlite_titles(e)
                ),
                trigram_phrase(search),
            ),
            // One lookup per table, each answered by its trigram indexes (an
            // OR across the join could use none).
            Self::Postgres => (
                format!(
                    "SELECT u.id FROM users u WHERE {PG_PEOPLE_MATCH} \
                     UNION ALL SELECT user_id FROM {}",
                    pg_titles(e)
                ),
                like_pattern(search),
            ),
        })
    }

    /// The same search's matches in two lists that together hold each
    /// match once, for the sorts by the summary's title and upload time in
    /// the edition bound to `$e`: `titles`, the summaries whose title
    /// matches (one per person), with their keys in their own rows
    /// (columns `id`, `s_name`, `s_uploaded_at`, and with `lowered` the
    /// title lower-cased, `s_lower`, for the sort by title); and `people`,
    /// the ids of those found by name or e-mail who are not in the CTE
    /// `titled` (the first list, materialized), whose keys are looked up
    /// apart (`summary_keys`). Making the union of both lists distinct sorted
    /// every match's row (about 6 ms of 22 for `q=tone`'s 6,693 matches on
    /// SQLite). `None` as for `admin_search_matches`.
    pub fn admin_search_keyed(self, search: &str, e: u8, lowered: bool) -> Option<KeyedSearch> {
        if !self.admin_search_is_listed(search) {
            return None;
        }
        Some(match self {
            Self::Sqlite => KeyedSearch {
                titles: format!(
                    "SELECT ss.user_id AS id, ss.title AS s_name, ss.uploaded_at AS s_uploaded_at{} FROM {}",
                    if lowered { ", LOWER(ss.title) AS s_lower" } else { "" },
                    sqlite_titles(e)
                ),
                people: format!(
                    "SELECT us.user_id AS id FROM {SQLITE_PEOPLE} \
                     WHERE {SQLITE_PEOPLE_MATCH} AND us.user_id NOT IN (SELECT id FROM titled)"
                ),
                pattern: trigram_phrase(search),
            },
            Self::Postgres => KeyedSearch {
                titles: format!(
                    "SELECT user_id AS id, first_title AS s_name, first_uploaded_at AS s_uploaded_at{} FROM {}",
                    if lowered { ", first_title_lower AS s_lower" } else { "" },
                    pg_titles(e)
                ),
                people: format!(
                    "SELECT u.id FROM users u WHERE ({PG_PEOPLE_MATCH}) AND u.id NOT IN (SELECT id FROM titled)"
                ),
                pattern: like_pattern(search),
            },
        })
    }
}

/// A search's matches as `Dialect::admin_search_keyed` lists them:
/// `titles` (with their summary's sort keys) and then `people` (ids,
/// leaving out those in `titled`, the CTE of `titles`) are each match
/// once; `pattern` is bound to `$1`.
pub struct KeyedSearch {
    pub titles: String,
    pub people: String,
    pub pattern: String,
}

/// SQLite: a person's own text (name and e-mail) matched by its trigram
/// index and joined with its row (`us`) by rowid.
const SQLITE_PEOPLE: &str = "user_search_index f JOIN user_search us ON us.search_key = f.rowid";
const SQLITE_PEOPLE_MATCH: &str = "f.user_search_index MATCH $1";

/// SQLite: the titles of the edition bound to `$e` that match, with their
/// rows (`ss`): FROM and WHERE.
fn sqlite_titles(e: u8) -> String {
    format!(
        "summary_search_index f JOIN summary_search ss ON ss.search_key = f.rowid \
         WHERE f.summary_search_index MATCH $1 AND ss.edition_year = ${e}"
    )
}

/// PostgreSQL: a person (`u`) whose name or e-mail matches, through the
/// trigram indexes on each (migration `20261123000004_admin_search`).
const PG_PEOPLE_MATCH: &str = "LOWER(u.first_name) LIKE $1 ESCAPE '\\' \
     OR LOWER(u.last_name) LIKE $1 ESCAPE '\\' OR LOWER(u.email) LIKE $1 ESCAPE '\\'";

/// PostgreSQL: the summaries of the edition bound to `$e` whose title
/// matches: FROM and WHERE. The title is kept lower-cased, and indexed so
/// (migration `20261201001401_first_title_lower`): the index's recheck
/// lower-cased each title it handed over.
fn pg_titles(e: u8) -> String {
    format!("submission_summaries WHERE edition_year = ${e} AND first_title_lower LIKE $1 ESCAPE '\\'")
}

/// A LIKE pattern for PostgreSQL, which lower-cases Unicode, so a LIKE on
/// lower-cased text does; `%`, `_` and `\` typed in the search box are
/// escaped to match themselves.
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

/// SQLite's trigram index (migration `20261123000004_admin_search`) finds
/// searches of three or more characters; shorter ones read every row, as
/// they match many anyway.
fn uses_trigrams(search: &str) -> bool {
    search.chars().count() >= 3
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
