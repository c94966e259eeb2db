//! The admin table's query: one row per user with the chosen edition's
//! first abstract, filtered, sorted and paged in the database so that
//! 10,000 users and 20,000 submissions stay fast. The list, the CSV export
//! and the single-row answers all read it, so they cannot disagree.

use serde::Deserialize;
use time::OffsetDateTime;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::accounts::roles::Roles;
use crate::admin::types::{AdminSubmission, SubmissionRow, offset};
use crate::attendance::pending::{AttendanceCounts, AttendanceFilter};
use crate::db::Db;
use crate::db::dialect::KeyedSearch;
use crate::on_db;
use crate::submissions::{PreferredFormat, SubmissionStatus};

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
    /// Only the people who have not acted in this way.
    pub pending: Option<AttendanceFilter>,
    /// The edition whose applicants, presenters, abstracts and answers the
    /// rows show (an existing edition's year: the handler checks it).
    pub edition: i32,
}

impl TableQuery {
    /// Every user, so the count needs no condition.
    fn unfiltered(&self) -> bool {
        self.search.is_empty() && self.pending.is_none()
    }
}

/// How a page of a search or filter finds its rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// From the matching rows, sorted: best when few match.
    Matches,
    /// In the order of the sort's index, each row tested against the
    /// search or filter, stopping at the page's end: best when many match
    /// (4,000 of 100,000: about 1,300 index entries read for the first
    /// page, where sorting the matches built and sorted all 4,000 rows).
    InOrder,
    /// From the matches' sort keys alone, counted on the way: the matches
    /// listed once, each with its key (for a summary column: a title's
    /// match carries its summary's keys in its own row, and a person
    /// matched by name or e-mail, or filtered, looks them up in the
    /// summaries' covering index `summaries_keys`, without reading the
    /// user), the key at the page's end found, and only the rows up to it
    /// built and sorted whole (with the e-mail that breaks ties). Sorting
    /// every match by title built each one's user and summary and sorted
    /// them all, after a count that listed them again: 82 ms for 6,693
    /// matches at 100,000 users.
    Keyed,
    /// Counted in the page's statement, then read `InOrder` when more
    /// than `IN_ORDER_FROM` match and the sort is by name or e-mail,
    /// `Matches` otherwise: the matches are listed once (`found`) for the
    /// count and the page, and the branch not taken is not run (its
    /// condition is on the count alone). Counting in a statement of its
    /// own first ran a search's trigram match twice: 11 of `q=hopper`'s
    /// 26 ms on PostgreSQL at 100,000 users.
    Counted,
    /// Sorted by upload time, as `Keyed` without listing every match's
    /// key: the page's last row looked for among the first
    /// `IN_UPLOAD_ORDER_READ` of the edition's summaries in upload order,
    /// and the matches up to it read in that order. No rows when it is not
    /// found there (then the page is read `Keyed`).
    InUploadOrder,
}

/// From how many matching rows a page sorted by name or e-mail is read
/// `InOrder`: below it, sorting the matches is cheap and reading in order
/// may pass many rows that do not match. The sorts by a summary column
/// read `Matches` always: their groups (`parts`) may hold few matches or
/// none (a search that finds titles, read in e-mail order among the people
/// without one), and such a group would be read to its end.
const IN_ORDER_FROM: i64 = 1000;

impl Reading {
    /// How `admin_table_page` reads `query`'s page, or `None`: count
    /// first (`by_count`). `Keyed` where it is best whatever the count: a
    /// search through the indexes' list, or a filter, sorted by a summary
    /// column (whose pages read `Matches` anyway), and a search within a
    /// filter, whose matches are at most the filter's people; by upload
    /// time `InUploadOrder` first where the database reads that order so
    /// (`Dialect::reads_upload_order_first`); `Counted` for the other
    /// searches and filters where the database counts so
    /// (`Dialect::counts_with_the_page`); `Matches` for every user (by
    /// `parts`, counted apart from the users alone).
    fn of(query: &TableQuery, db: &Db) -> Option<Self> {
        let dialect = db.dialect();
        let listed = query.search.is_empty() || dialect.admin_search_is_listed(&query.search);
        let by_summary = matches!(query.sort, UserSort::AbstractName | UserSort::UploadedAt);
        let within_filter = !query.search.is_empty()
            && query.pending.is_some()
            && matches!(query.sort, UserSort::Name | UserSort::Email);
        if query.unfiltered() {
            Some(Self::Matches)
        } else if listed && query.sort == UserSort::UploadedAt && dialect.reads_upload_order_first() {
            Some(Self::InUploadOrder)
        } else if listed && (by_summary || within_filter) {
            Some(Self::Keyed)
        } else {
            dialect.counts_with_the_page().then_some(Self::Counted)
        }
    }

    /// The reading of a search or filter that `matches` rows match.
    fn by_count(query: &TableQuery, matches: i64) -> Self {
        let by_users_index = matches!(query.sort, UserSort::Name | UserSort::Email);
        if by_users_index && matches > IN_ORDER_FROM { Self::InOrder } else { Self::Matches }
    }
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
    /// The first submission's title (the summaries keep it).
    pub s_name: Option<String>,
    pub s_number: Option<i32>,
    pub s_original_name: Option<String>,
    pub s_preferred_format: Option<PreferredFormat>,
    pub s_uploaded_at: Option<OffsetDateTime>,
    pub s_size_bytes: Option<i64>,
    pub s_word_count: Option<i32>,
    pub s_warnings: Option<String>,
    pub s_status: Option<SubmissionStatus>,
    #[sqlx(flatten)]
    pub attendance: AttendanceCounts,
    /// How many rows match in all, where the page's statement counts them
    /// (`Reading::Keyed`).
    #[sqlx(default)]
    pub total: Option<i64>,
}

impl TableRow {
    pub fn first_submission(&self) -> Option<AdminSubmission> {
        Some(AdminSubmission::from(SubmissionRow {
            id: self.s_id?,
            edition_year: self.s_edition_year?,
            title: self.s_name.clone()?,
            number: self.s_number?,
            original_name: self.s_original_name.clone()?,
            uploaded_at: self.s_uploaded_at?,
            size_bytes: self.s_size_bytes?,
            word_count: self.s_word_count,
            warnings: self.s_warnings.clone().unwrap_or_default(),
            status: self.s_status?,
            // The row's details (`admin_submissions_of`) carry the needs.
            needs: None,
        }))
    }
}

/// Every user with their summary of the chosen edition (kept by triggers
/// for every edition, see the migration
/// `20261201000101_summaries_per_edition`): the first abstract's name and
/// time, the count and whether one is accepted (the presenter flag, derived
/// as the session's is). Sorting and searching read only this. A table in
/// FROM, not a CTE: SQLite then merges it into the query that pages it, so
/// the sort can read the users through an index (migration
/// `20261129000101_admin_table_reads`), where a CTE under the twice-read
/// `page` would be copied whole first. `name_empty` and `email_empty` are
/// the sorts' "empty last" keys, named so that SQLite matches them to the
/// indexes' expressions.
const ROW_COLUMNS: &str = "SELECT u.id, u.first_name, u.last_name, u.email,
           EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id AND r.role = 'admin') AS admin,
           m.user_id IS NOT NULL AS applicant,
           COALESCE(m.accepted, FALSE) AS presenter,
           COALESCE(m.submission_count, 0) AS submission_count,
           m.first_submission_id AS s_id, m.first_title AS s_name, m.first_uploaded_at AS s_uploaded_at,
           TRIM(LOWER(u.first_name || ' ' || u.last_name)) AS name_key,
           TRIM(LOWER(u.first_name || ' ' || u.last_name)) = '' AS name_empty,
           u.email = '' AS email_empty
    FROM users u";

/// The rows as a table to select from: every user, or (`Summarized`) only
/// those with a summary, which a sort by a summary column reads in the
/// order of its index.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rows {
    Every,
    Summarized,
}

/// `$e`: the placeholder the edition's year is bound to.
fn rows(which: Rows, e: u8) -> String {
    let join = match which {
        Rows::Every => "LEFT JOIN",
        Rows::Summarized => "JOIN",
    };
    format!(
        "({ROW_COLUMNS} {join} submission_summaries m ON m.user_id = u.id AND m.edition_year = ${e}) table_rows"
    )
}

/// The chosen rows (`page`) with the rest of their first submission, which
/// is looked up for those rows only (attendance too, from the view
/// `attendance_counts`).
const BASE_COLUMNS: &str = concat!(
    "page.id, page.first_name, page.last_name, page.email, ",
    crate::roles_of_user!("page"),
    " AS roles, page.applicant, \
     page.presenter, page.submission_count, page.s_id, s.edition_year AS s_edition_year, page.s_name, \
     page.s_uploaded_at, s.number AS s_number, s.original_name AS s_original_name, \
     s.preferred_format AS s_preferred_format, s.size_bytes AS s_size_bytes, s.word_count AS s_word_count, s.warnings AS s_warnings, \
     s.status AS s_status"
);

/// The columns of `AttendanceCounts`: none for a person without an
/// accepted submission this edition.
const ATTENDANCE_COLUMNS: &str = "COALESCE(att.accepted, 0) AS att_accepted, \
     COALESCE(att.unanswered, 0) AS att_unanswered, COALESCE(att.confirmed, 0) AS att_confirmed, \
     COALESCE(att.declined, 0) AS att_declined, COALESCE(att.format_talk, 0) AS att_talk, \
     COALESCE(att.format_poster, 0) AS att_poster, COALESCE(att.format_both, 0) AS att_both, \
     COALESCE(att.mode_in_person, 0) AS att_in_person, COALESCE(att.mode_virtual, 0) AS att_virtual, \
     COALESCE(att.without_materials, 0) AS att_without_materials";

fn columns() -> String {
    format!("{BASE_COLUMNS}, {ATTENDANCE_COLUMNS}")
}

/// The attendance counts of the page's people only: their rows of the view
/// `attendance_tallies` (one per accepted submission, those of the edition
/// bound to `$e` found through `submissions (user_id, edition_year,
/// status)`), summed. A join
/// to the grouped view `attendance_counts` counted every accepted
/// submission of the edition on each request, as neither database narrows
/// a GROUP BY to the rows it is joined with. `page` is read twice and
/// is kept once (`MATERIALIZED`): SQLite otherwise copies its
/// statement into both reads, which found, sorted and built a search's
/// page twice (127 ms against 45 ms for a search matching 6,693 of
/// 100,000 users, sorted by title).
fn attendance(e: u8) -> String {
    format!(
        "att AS (
    SELECT t.user_id, SUM(t.accepted) AS accepted, SUM(t.unanswered) AS unanswered,
           SUM(t.confirmed) AS confirmed, SUM(t.declined) AS declined, SUM(t.format_talk) AS format_talk,
           SUM(t.format_poster) AS format_poster, SUM(t.format_both) AS format_both,
           SUM(t.mode_in_person) AS mode_in_person, SUM(t.mode_virtual) AS mode_virtual,
           SUM(t.without_materials) AS without_materials
    FROM attendance_tallies t WHERE t.user_id IN (SELECT id FROM page) AND t.edition_year = ${e}
    GROUP BY t.user_id
)"
    )
}

/// The rows of `page` joined with their first submission and attendance.
const FROM_PAGE: &str = "page LEFT JOIN submissions s ON s.id = page.s_id \
     LEFT JOIN att ON att.user_id = page.id";

/// The WHERE condition on `$1` (the search), `$n` (the attendance
/// filter, `pending`) and `$e` (the edition), and the search's pattern;
/// bind the filter with `pending_bind`.
fn filter(query: &TableQuery, db: &Db, n: u8, e: u8) -> (String, String) {
    let (search, pattern) = if query.search.is_empty() {
        ("$1 = $1".to_owned(), String::new())
    } else {
        db.dialect().admin_search(&query.search, e)
    };
    (format!("{search} AND {}", pending(query, n, e)), pattern)
}

/// The attendance filter's condition on a row's `id`, on `$n` and `$e`.
fn pending(query: &TableQuery, n: u8, e: u8) -> String {
    match query.pending {
        // Every statement binds `$n`, so it is named either way.
        None => format!("${n} = ${n}"),
        // Kept by triggers (migration `20261129000901_attendance_pending`),
        // read through its index: deciding `pending` here for each of the
        // edition's acceptances cost 50-75 ms a request at 100,000 users.
        Some(_) => format!(
            "id IN (SELECT p.user_id FROM attendance_pending p \
             WHERE p.edition_year = ${e} AND p.pending = ${n})"
        ),
    }
}

/// What `$n` of `filter` is bound to: the view's name of the filter, or
/// nothing (compared with itself) for none.
fn pending_bind(query: &TableQuery) -> &'static str {
    query.pending.map(AttendanceFilter::as_str).unwrap_or("")
}

/// The ORDER BY: rows without a value last in both directions, then the
/// column in the asked direction, then e-mail and id so that equal values
/// keep one order and pages neither repeat nor skip rows; text compares
/// by code point on both databases. Names and e-mails are never NULL and
/// the empty text sorts first, so descending puts the empty ones last by
/// itself: the "empty" term is left out there, and the order is one that
/// an index holds (migration `20261129000101_admin_table_reads`). E-mails
/// are unique, so the e-mail sort is tied only by id.
fn order_by(query: &TableQuery, db: &Db, table: &str) -> String {
    let collate = db.dialect().code_point_order();
    let descending = query.direction == SortDirection::Desc;
    let (empty, key) = sort_terms(query.sort, db, table);
    let empty = empty.filter(|_| !(descending && matches!(query.sort, UserSort::Name | UserSort::Email)));
    let direction = if descending { "DESC" } else { "ASC" };
    let empty_last = empty.map(|empty| format!("{empty} ASC, ")).unwrap_or_default();
    let ties = match query.sort {
        UserSort::Email => format!("{table}id ASC"),
        _ => format!("{table}email{collate} ASC, {table}id ASC"),
    };
    format!("ORDER BY {empty_last}{key} {direction}, {ties}")
}

/// A sort's leading terms on the columns of `table` (named as the rows
/// name them): whether a row's value is empty, which puts it last
/// (`None` for the flags, which never are), and the value.
fn sort_terms(sort: UserSort, db: &Db, table: &str) -> (Option<String>, String) {
    let collate = db.dialect().code_point_order();
    match sort {
        UserSort::Name => (Some(format!("{table}name_empty")), format!("{table}name_key{collate}")),
        UserSort::Email => (Some(format!("{table}email_empty")), format!("{table}email{collate}")),
        UserSort::Applicant => (None, format!("{table}applicant")),
        UserSort::Presenter => (None, format!("{table}presenter")),
        UserSort::Admin => (None, format!("{table}admin")),
        UserSort::AbstractName => {
            (Some(format!("COALESCE({table}s_name, '') = ''")), format!("LOWER({table}s_name){collate}"))
        }
        UserSort::UploadedAt => {
            (Some(format!("{table}s_uploaded_at IS NULL")), format!("{table}s_uploaded_at"))
        }
    }
}

/// `LIMIT $2 OFFSET $3` when paging; every row otherwise; the filter's
/// placeholder and then the edition's follow (`placeholders`). The order is
/// applied to the chosen rows again after the join (a join keeps no order).
///
/// The rows of a search or filter are counted from the list of their ids,
/// in the page's statement (`Reading::Keyed`, `Counted`, `InUploadOrder`)
/// or first (`admin_table_count`, which counts every user too): counting
/// the rows on the way (`COUNT(*) OVER ()`) made every page of a search or
/// filter build and sort every matching row (thousands at 100,000 users)
/// for its 50. A page of every user sorted by a summary column or flag is
/// read as the first `$2 + $3` rows of each of its `parts`, merged in the
/// same order.
fn select(query: &TableQuery, db: &Db, paged: bool, reading: Reading) -> (String, String) {
    let limit = if paged { " LIMIT $2 OFFSET $3" } else { "" };
    let (n, e) = placeholders(paged);
    let (condition, pattern) = filter(query, db, n, e);
    // `= TRUE` keeps either database from reading the rows through the
    // condition's `IN` (a semi-join, or a lookup per match): it is tested
    // on each row read in the sort's order instead, its list built once.
    let condition = match reading {
        Reading::InOrder => format!("({condition}) = TRUE"),
        _ => condition,
    };
    let parted = parts(query, db).filter(|_| paged && query.unfiltered());
    let by_parts = parted.is_some();
    let rows = match parted {
        Some(parts) => {
            let parts: Vec<String> = parts
                .into_iter()
                .map(|(which, part, order)| {
                    format!(
                        "SELECT * FROM (SELECT * FROM {} WHERE {condition} AND {part} ORDER BY {order} LIMIT $2 + $3) part",
                        rows(which, e)
                    )
                })
                .collect();
            format!("({}) table_rows", parts.join(" UNION ALL "))
        }
        None => rows(Rows::Every, e),
    };
    let order = order_by(query, db, "");
    if paged
        && matches!(reading, Reading::Keyed | Reading::InUploadOrder)
        && let Some(keyed) = keyed(query, db, &order, reading == Reading::InUploadOrder)
    {
        return keyed;
    }
    if paged && reading == Reading::Counted {
        return counted(query, db, &order);
    }
    let page = if paged && reading != Reading::InOrder && !by_parts {
        // The page's rows chosen by their keys alone, and then built:
        // building every matching row (its role, flags and keys) before
        // the sort cost about a third more at 4,000 matches, and
        // PostgreSQL built each row a page far in skips (7,450 for page
        // 150 by e-mail).
        format!("SELECT * FROM {rows} WHERE id IN (SELECT id FROM {rows} WHERE {condition} {order}{limit})")
    } else {
        format!("SELECT * FROM {rows} WHERE {condition} {order}{limit}")
    };
    let sql = format!(
        "WITH page AS MATERIALIZED ({page}), {}
         SELECT {} FROM {FROM_PAGE} {}",
        attendance(e),
        columns(),
        order_by(query, db, "page.")
    );
    (sql, pattern)
}

/// The page as `Reading::Counted` reads it: `found` (the matches' ids,
/// each once) counted in `counted`, and a page sorted by name or e-mail
/// read in order when more than `IN_ORDER_FROM` match (`= TRUE` keeps
/// either database from reading the rows through the `IN`, a semi-join or
/// a lookup per match: it is tested on each row read in the sort's order
/// instead, its list built once), else from the matches, sorted.
fn counted(query: &TableQuery, db: &Db, order: &str) -> (String, String) {
    let (n, e) = placeholders(true);
    let (found, pattern) = found(query, db, n, e);
    let rows = rows(Rows::Every, e);
    let matched = "id IN (SELECT id FROM found)";
    let by_matches = |few: &str| {
        format!(
            "SELECT * FROM {rows} WHERE id IN (SELECT id FROM {rows} WHERE {few}{matched} {order} LIMIT $2 OFFSET $3)"
        )
    };
    // Each branch's condition on the count alone is tested once, before
    // the read it guards: the branch not taken reads nothing
    // (`Dialect::counts_with_the_page`).
    let page = if matches!(query.sort, UserSort::Name | UserSort::Email) {
        format!(
            "SELECT * FROM (SELECT * FROM {rows} WHERE (SELECT n FROM counted) > {IN_ORDER_FROM} \
                 AND ({matched}) = TRUE {order} LIMIT $2 OFFSET $3) in_order \
             UNION ALL SELECT * FROM ({}) by_matches",
            by_matches(&format!("(SELECT n FROM counted) <= {IN_ORDER_FROM} AND "))
        )
    } else {
        by_matches("")
    };
    let sql = format!(
        "WITH {found}, counted AS MATERIALIZED (SELECT COUNT(*) AS n FROM found),
         page AS MATERIALIZED ({page}), {}
         SELECT {}, (SELECT n FROM counted) AS total FROM {FROM_PAGE} {}",
        attendance(e),
        columns(),
        order_by(query, db, "page.")
    );
    (sql, pattern)
}

/// How many of the edition's summaries a page sorted by upload time reads
/// in that order (`summaries_uploaded_order`) looking for its last row
/// among the matches, before it looks every match's key up instead. When
/// to upload is not what a search finds, so the matches are spread
/// through that order: `q=ada`'s 4,944 matches at 100,000 users are one
/// summary in twenty, and its first page reads about 1,000 (where looking
/// 4,944 keys up cost 17 of its 35 ms on PostgreSQL). Titles are not read
/// so: a search for a word finds titles that sort together (every "Tone
/// sandhi …"), so the first thousands read may hold none.
const IN_UPLOAD_ORDER_READ: i64 = 10_000;

/// The page as `Reading::Keyed` reads it, under `order` (`None` for a
/// sort by a flag, whose key is the group of thousands: read `Matches`).
/// `found`: the matches' ids, each once; `keyed`: each match with whether
/// its value is empty (`empty`) and the value (`k`), with the sort's
/// collation; `edge`: the key of the page's last row, in the order of
/// these two terms alone (none when fewer match). The rows up to it, ties
/// included, are every row the page may hold; only they are built and
/// sorted whole. Within the empty group the order is by e-mail, which
/// `keyed` does not hold, so when the page ends there the whole group is
/// built. `in_upload_order` (`Reading::InUploadOrder`, sorted by upload
/// time): no `keyed`; the edge is looked for in upload order (`ordered`,
/// see `IN_UPLOAD_ORDER_READ`) and the page's candidates are the matches
/// up to it, read in that order; none when it is not found there.
fn keyed(query: &TableQuery, db: &Db, order: &str, in_upload_order: bool) -> Option<(String, String)> {
    let (empty, key) = sort_terms(query.sort, db, "");
    let empty = empty?;
    let (n, e) = placeholders(true);
    let by_summary = matches!(query.sort, UserSort::AbstractName | UserSort::UploadedAt);
    let by_title = query.sort == UserSort::AbstractName;
    let keyed_search = Some(&query.search)
        .filter(|search| by_summary && !search.is_empty())
        .and_then(|search| db.dialect().admin_search_keyed(search, e, by_title));
    // `listed`: the CTEs up to `found`. A search's matches carry their
    // summary's keys (title matches in their own rows, the rest looked
    // up); a summary's keys otherwise come from the covering index alone;
    // the users' own from the users.
    let (listed, keyed, pattern) = match keyed_search {
        Some(KeyedSearch { titles, people, pattern }) => {
            let found =
                listed_once(query, "SELECT id FROM titled UNION ALL SELECT id FROM people", "id", n, e);
            // By title, the titles come lower-cased (PostgreSQL keeps them so); the
            // people's are lower-cased as they are looked up.
            let (lowered, key) = if by_title {
                (", LOWER(m.first_title) AS s_lower", format!("s_lower{}", db.dialect().code_point_order()))
            } else {
                ("", key)
            };
            let looked_up = format!(
                "SELECT p.id, m.first_title AS s_name, m.first_uploaded_at AS s_uploaded_at{lowered} FROM people p {}",
                db.dialect().summary_keys("p.id", e)
            );
            (
                // `people` is read once, by `keyed` or by `found`.
                format!("titled AS MATERIALIZED ({titles}), people AS ({people}), {found}"),
                format!(
                    "keyed AS MATERIALIZED (SELECT id, {empty} AS empty, {key} AS k \
                         FROM (SELECT * FROM titled UNION ALL {looked_up}) listed WHERE {})",
                    pending(query, n, e)
                ),
                pattern,
            )
        }
        None => {
            let (found, pattern) = found(query, db, n, e);
            let source = if by_summary {
                format!(
                    "(SELECT f.id, m.first_title AS s_name, m.first_uploaded_at AS s_uploaded_at FROM found f {}) keys",
                    db.dialect().summary_keys("f.id", e)
                )
            } else {
                format!("(SELECT * FROM {} WHERE id IN (SELECT id FROM found)) keys", rows(Rows::Every, e))
            };
            (
                found,
                format!("keyed AS MATERIALIZED (SELECT id, {empty} AS empty, {key} AS k FROM {source})"),
                pattern,
            )
        }
    };
    let (direction, nearer) = match query.direction {
        SortDirection::Asc => ("ASC", "<="),
        SortDirection::Desc => ("DESC", ">="),
    };
    let page = |candidates: String| {
        format!(
            "page AS MATERIALIZED (SELECT * FROM {} WHERE id IN ({candidates}) {order} LIMIT $2 OFFSET $3)",
            rows(Rows::Every, e)
        )
    };
    // The CTEs after `listed`, and the one that holds every match once.
    let (chosen, counted) = if in_upload_order {
        let matched = |row: &str| format!("({row}.user_id IN (SELECT id FROM found)) = TRUE");
        let candidates = format!(
            "SELECT m.user_id FROM submission_summaries m WHERE m.edition_year = ${e} \
             AND m.first_uploaded_at {nearer} (SELECT k FROM ordered) AND {} ORDER BY m.first_uploaded_at {direction}{}",
            matched("m"),
            db.dialect().first_with_ties("$2 + $3")
        );
        (
            format!(
                "ordered AS MATERIALIZED (SELECT k FROM (SELECT m.user_id, m.first_uploaded_at AS k \
                     FROM submission_summaries m{} WHERE m.edition_year = ${e} \
                     ORDER BY m.first_uploaded_at {direction} LIMIT {IN_UPLOAD_ORDER_READ}) run \
                     WHERE {} ORDER BY k {direction} LIMIT 1 OFFSET $2 + $3 - 1),
                 {}",
                db.dialect().indexed_by("summaries_uploaded_order"),
                matched("run"),
                page(candidates)
            ),
            "found",
        )
    } else {
        (
            format!(
                "{keyed},
                 edge AS MATERIALIZED (SELECT empty, k FROM keyed ORDER BY empty ASC, k {direction} LIMIT 1 OFFSET $2 + $3 - 1),
                 {}",
                page(format!(
                    "SELECT id FROM keyed WHERE NOT EXISTS (SELECT 1 FROM edge) OR empty < (SELECT empty FROM edge) \
                     OR (empty = (SELECT empty FROM edge) AND (empty OR k {nearer} (SELECT k FROM edge)))"
                ))
            ),
            "keyed",
        )
    };
    let sql = format!(
        "WITH {listed}, {chosen}, {}
         SELECT {}, (SELECT COUNT(*) FROM {counted}) AS total FROM {FROM_PAGE} {}",
        attendance(e),
        columns(),
        order_by(query, db, "page.")
    );
    Some((sql, pattern))
}

/// The common table expressions that end with `found`: the ids of the
/// rows that match (each once), and the value to bind to `$1`. A search
/// through the indexes' list is listed once (`listed_once`); a filter
/// alone lists its people from its own index (a person with two
/// acceptances pending is one row).
fn found(query: &TableQuery, db: &Db, n: u8, e: u8) -> (String, String) {
    let listed = Some(&query.search)
        .filter(|search| !search.is_empty())
        .map(|search| db.dialect().admin_search_matches(search, e));
    match (listed, query.pending) {
        (Some(Some((matches, pattern))), _) => (listed_once(query, &matches, "DISTINCT id", n, e), pattern),
        (None, Some(_)) => (
            format!(
                "found AS MATERIALIZED (SELECT DISTINCT p.user_id AS id FROM attendance_pending p \
                 WHERE $1 = $1 AND p.edition_year = ${e} AND p.pending = ${n})"
            ),
            String::new(),
        ),
        // A search tested on each row (SQLite, under three characters),
        // or none.
        _ => {
            let (condition, pattern) = filter(query, db, n, e);
            (format!("found AS (SELECT id FROM {} WHERE {condition})", rows(Rows::Every, e)), pattern)
        }
    }
}

/// `found` from a search's list of `matches`, its `columns` each once,
/// listed once (`MATERIALIZED`) before the filter is applied: SQLite
/// would otherwise push the filter's list into both halves of the search
/// and look each filtered person up in it, running the trigram match
/// again for each (8 s at 100,000 users, against 13 ms built once).
fn listed_once(query: &TableQuery, matches: &str, columns: &str, n: u8, e: u8) -> String {
    match query.pending {
        None => format!("found AS MATERIALIZED (SELECT {columns} FROM ({matches}) listed WHERE ${n} = ${n})"),
        Some(_) => format!(
            "matched AS MATERIALIZED (SELECT {columns} FROM ({matches}) listed), \
             found AS MATERIALIZED (SELECT * FROM matched WHERE {})",
            pending(query, n, e)
        ),
    }
}

/// The placeholders of the attendance filter's name and of the edition:
/// after the search (`$1`) and, when paging, the page size and offset.
fn placeholders(paged: bool) -> (u8, u8) {
    if paged { (4, 5) } else { (2, 3) }
}

/// The statement `admin_table_page` runs for `query`, and the search
/// pattern it binds first (then the page size, the offset, the attendance
/// filter's name and the edition): what `tests/api/write_plans.rs` plans, so
/// that a page found by reading every user fails a test, not a user.
pub fn page_statement(query: &TableQuery, db: &Db, reading: Reading) -> (String, String) {
    select(query, db, true, reading)
}

/// A sort by a summary column or flag orders the rows first by which group
/// they are in (with a summary or not, accepted or not, a title or none),
/// then within each group by an order an index holds: the summary's
/// column (`summaries_uploaded_order`, `summaries_title_order`) or the
/// e-mail (`users`' unique key). The groups, each with the rows it reads
/// and its order, which is the table's order within the group; merging
/// the first rows of each in the table's order gives the table's first
/// rows, without sorting every user. `None`: one group (names and
/// e-mails are read in their own indexes' order; the admin flag is a
/// top-N sort of every user). The users without a summary are `NOT
/// applicant` (`m.user_id IS NULL`), which PostgreSQL reads as an anti-join
/// in e-mail order; a test on another summary column it hash-joins whole.
fn parts(query: &TableQuery, db: &Db) -> Option<Vec<(Rows, String, String)>> {
    let collate = db.dialect().code_point_order();
    let direction = match query.direction {
        SortDirection::Asc => "ASC",
        SortDirection::Desc => "DESC",
    };
    let by_email = format!("email{collate} ASC, id ASC");
    let parts = match query.sort {
        UserSort::Name | UserSort::Email | UserSort::Admin => return None,
        UserSort::Applicant => {
            vec![
                (Rows::Every, "applicant".into(), by_email.clone()),
                (Rows::Every, "NOT applicant".into(), by_email),
            ]
        }
        UserSort::Presenter => {
            vec![
                (Rows::Every, "presenter".into(), by_email.clone()),
                (Rows::Every, "NOT presenter".into(), by_email),
            ]
        }
        UserSort::UploadedAt => vec![
            (Rows::Summarized, "TRUE".into(), format!("s_uploaded_at {direction}, {by_email}")),
            (Rows::Every, "NOT applicant".into(), by_email),
        ],
        // An empty title and none at all are both "empty" (last), but the
        // two databases order NULL and '' differently, so they are apart.
        UserSort::AbstractName => vec![
            (
                Rows::Summarized,
                "s_name <> ''".into(),
                format!("LOWER(s_name){collate} {direction}, {by_email}"),
            ),
            // Found through `summaries_title_order` (few rows, if any).
            (Rows::Summarized, format!("LOWER(s_name){collate} = ''"), by_email.clone()),
            (Rows::Every, "NOT applicant".into(), by_email),
        ],
    };
    Some(parts)
}

impl Db {
    /// One page of the table, and how many rows match in all.
    pub async fn admin_table_page(
        &self,
        query: &TableQuery,
        page: i64,
        per_page: i64,
    ) -> sqlx::Result<(Vec<TableRow>, i64)> {
        let (reading, counted) = match Reading::of(query, self) {
            Some(reading) => (reading, None),
            None => {
                let total = self.admin_table_count(query).await?;
                (Reading::by_count(query, total), Some(total))
            }
        };
        let mut rows = self.admin_table_rows(query, page, per_page, reading).await?;
        if rows.is_empty() && reading == Reading::InUploadOrder {
            // Its last row is not among the first summaries in upload
            // order, or it is past the end.
            rows = self.admin_table_rows(query, page, per_page, Reading::Keyed).await?;
        }
        // Every user's page, a page past the end and a page of no rows
        // hold no count.
        let total = match counted.or_else(|| rows.first().and_then(|row| row.total)) {
            Some(total) => total,
            None => self.admin_table_count(query).await?,
        };
        Ok((rows, total))
    }

    async fn admin_table_rows(
        &self,
        query: &TableQuery,
        page: i64,
        per_page: i64,
        reading: Reading,
    ) -> sqlx::Result<Vec<TableRow>> {
        let (sql, pattern) = select(query, self, true, reading);
        on_db!(self, |pool| sqlx::query_as(&sql)
            .bind(&pattern)
            .bind(per_page)
            .bind(offset(page, per_page))
            .bind(pending_bind(query))
            .bind(query.edition)
            .fetch_all(pool)
            .await)
    }

    async fn admin_table_count(&self, query: &TableQuery) -> sqlx::Result<i64> {
        if query.unfiltered() {
            return on_db!(self, |pool| sqlx::query_scalar("SELECT COUNT(*) FROM users")
                .fetch_one(pool)
                .await);
        }
        // Counted from the list of ids alone, without reading each
        // match's user and summary.
        let (n, e) = placeholders(false);
        let (found, pattern) = found(query, self, n, e);
        let sql = format!("WITH {found} SELECT COUNT(*) FROM found");
        on_db!(self, |pool| sqlx::query_scalar(&sql)
            .bind(&pattern)
            .bind(pending_bind(query))
            .bind(query.edition)
            .fetch_one(pool)
            .await)
    }

    /// Every matching row, in order (the CSV export).
    pub async fn admin_table_all(&self, query: &TableQuery) -> sqlx::Result<Vec<TableRow>> {
        let (sql, pattern) = select(query, self, false, Reading::Matches);
        on_db!(self, |pool| sqlx::query_as(&sql)
            .bind(&pattern)
            .bind(pending_bind(query))
            .bind(query.edition)
            .fetch_all(pool)
            .await)
    }

    /// One user's row, as the table shows it for `edition`.
    pub async fn admin_table_row(&self, user_id: Uuid, edition: i32) -> sqlx::Result<Option<TableRow>> {
        let sql = format!(
            "WITH page AS MATERIALIZED (SELECT * FROM {} WHERE id = $1), {}
             SELECT {} FROM {FROM_PAGE}",
            rows(Rows::Every, 2),
            attendance(2),
            columns()
        );
        on_db!(self, |pool| sqlx::query_as(&sql).bind(user_id).bind(edition).fetch_optional(pool).await)
    }
}
