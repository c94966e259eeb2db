//! How fast the admin table answers at the scale: seeds 10,000
//! users and 20,000 submissions with bulk SQL, starts the real release
//! server on that database, and times `GET /api/admin/users` (a page of 50,
//! with and without a search, several sorts) over HTTP as a signed-in admin.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/admin-table                              # SQLite
//!     scripts/with-postgres.sh target/release/admin-table     # PostgreSQL
//!
//! See bench/README.md for the options and the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use colloquy::db::Db;
use colloquy::on_db;
use time::OffsetDateTime;
use uuid::Uuid;

const FIRST_NAMES: [&str; 20] = [
    "Ada",
    "Grace",
    "Alan",
    "Noam",
    "Mary",
    "Ferdinand",
    "Edward",
    "Leonard",
    "Zoë",
    "Ñaki",
    "Roman",
    "Otto",
    "Joan",
    "Kenneth",
    "Barbara",
    "Ray",
    "Emily",
    "Hiroshi",
    "Amara",
    "Li",
];
const LAST_NAMES: [&str; 25] = [
    "Lovelace",
    "Hopper",
    "Turing",
    "Chomsky",
    "Haas",
    "Saussure",
    "Sapir",
    "Bloomfield",
    "Jakobson",
    "Jespersen",
    "Bybee",
    "Hale",
    "Partee",
    "Kayne",
    "Smith",
    "Jackendoff",
    "Bender",
    "Kuno",
    "Okafor",
    "Wei",
    "Núñez",
    "Ito",
    "Keller",
    "Dixon",
    "Zwicky",
];
const TOPICS: [&str; 12] = [
    "phonology",
    "Tone sandhi",
    "syntax",
    "vowel harmony",
    "Morphology",
    "code-switching",
    "prosody",
    "evidentiality",
    "Semantics",
    "language contact",
    "acquisition",
    "sign language",
];

/// Times the admin table at the scale.
#[derive(clap::Parser)]
struct Options {
    /// The release binary to serve with.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    #[arg(long, default_value_t = 10_000)]
    users: usize,
    #[arg(long, default_value_t = 20_000)]
    submissions: usize,
    /// Timed requests per scenario (after 5 to warm up).
    #[arg(long, default_value_t = 60)]
    runs: usize,
    /// Single-row writes timed after the seed (each kind: insert, decision,
    /// answer, final material, its removal, deletion of a submission), each
    /// committed alone.
    #[arg(long, default_value_t = 200)]
    writes: usize,
    /// After the seed, add an empty newer edition (SCULC 2026), as an admin
    /// opening the next year does; the seeded 2025 is then an earlier one.
    #[arg(long)]
    newer_edition: bool,
    /// Ask every scenario for this edition (`&edition=`), e.g. 2025 with
    /// `--newer-edition` to time an earlier edition; default: none asked
    /// (the current one).
    #[arg(long)]
    edition: Option<i32>,
}

/// A small deterministic pseudo-random sequence, so runs are comparable.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % below as u64) as usize
    }
}

/// Writes the users (the first is the admin), the submissions, and a
/// session for the admin; returns the session's cookie value and the users.
async fn seed(db: &Db, users: usize, submissions: usize) -> anyhow::Result<(String, Vec<Uuid>)> {
    let base = OffsetDateTime::from_unix_timestamp(1_735_000_000)?;
    let mut random = Lcg(42);
    let user_ids: Vec<Uuid> = (0..users).map(|_| Uuid::now_v7()).collect();
    let user_rows: Vec<(Uuid, String, String, String, bool)> = user_ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            // One in fifty has not completed the profile (no name yet).
            let (first, last) = if i % 50 == 49 {
                (String::new(), String::new())
            } else {
                (FIRST_NAMES[random.next(20)].to_owned(), LAST_NAMES[random.next(25)].to_owned())
            };
            (*id, format!("user{i:05}@example.edu"), first, last, i == 0)
        })
        .collect();
    let submission_rows: Vec<(Uuid, Uuid, i32, String, OffsetDateTime, &str, i32)> = (0..submissions)
        .map(|i| {
            let user = user_ids[random.next(users)];
            let year = if i % 5 == 0 { 2024 } else { 2025 };
            let name = format!("{} {i}.pdf", TOPICS[random.next(TOPICS.len())]);
            // Independent of the year: both editions have accepted ones, so
            // the current edition's attendance filters match people.
            let status = match (i / 5) % 10 {
                0 => "accepted",
                1 => "rejected",
                _ => "submitted",
            };
            let number = i32::try_from(i + 1).expect("fewer than 2^31 submissions");
            (Uuid::now_v7(), user, year, name, base + Duration::from_secs(37 * i as u64), status, number)
        })
        .collect();
    let session = format!("bench-session-{}", Uuid::now_v7().simple());
    let now = OffsetDateTime::now_utc().replace_nanosecond(0)?;
    let is_postgres = matches!(db, Db::Postgres(_));
    let mut stages = Stages::new();
    on_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        if is_postgres {
            // Bulk loading: the summary triggers run once at the end, not
            // 20,000 times (the test server's user may do this).
            sqlx::query("SET LOCAL session_replication_role = replica").execute(&mut *tx).await?;
        }
        for chunk in user_rows.chunks(1000) {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO users (id, email, first_name, last_name, email_verified_at, created_at) ",
            );
            insert.push_values(chunk, |mut row, (id, email, first, last, _)| {
                row.push_bind(id).push_bind(email).push_bind(first).push_bind(last);
                row.push_bind(now).push_bind(now);
            });
            insert.build().execute(&mut *tx).await?;
        }
        for (id, ..) in user_rows.iter().filter(|(.., admin)| *admin) {
            sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')")
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        stages.done("users (with their search rows and trigram index)");
        // SQLite cannot turn triggers off: each submission's keeps its
        // user's summary of its edition (and the title's search row).
        for chunk in submission_rows.chunks(1000) {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key, size_bytes, sha256, \
                 word_count, status, uploaded_at, title, number) ",
            );
            insert.push_values(chunk, |mut row, (id, user, year, name, at, status, number)| {
                row.push_bind(id).push_bind(user).push_bind(year).push_bind(name);
                row.push_bind(format!("abstracts/{user}/{id}.pdf")).push_bind(120_000_i64).push_bind("0");
                row.push_bind(420_i32).push_bind(*status).push_bind(at).push_bind(name).push_bind(number);
            });
            insert.build().execute(&mut *tx).await?;
        }
        stages.done("submissions (with their summaries on SQLite)");
        // After acceptance (issue 15): a third of the accepted confirmed
        // (half of those with slides), a third declined, a third silent.
        sqlx::query(
            "INSERT INTO attendance (submission_id, response, mode, format, answered_at, updated_at)
             SELECT id, CASE WHEN number % 3 = 0 THEN 'confirmed' ELSE 'declined' END,
                    CASE WHEN number % 3 = 0 THEN 'in_person' END, CASE WHEN number % 3 = 0 THEN 'talk' END, $1, $1
             FROM submissions WHERE status = 'accepted' AND edition_year = 2025 AND number % 3 <> 2",
        )
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO final_materials (id, submission_id, kind, original_name, storage_key, size_bytes, sha256, uploaded_at)
             SELECT id, id, 'slides', 'slides.pdf', 'materials/' || number, 1000, '0', $1
             FROM submissions WHERE status = 'accepted' AND edition_year = 2025 AND number % 6 = 0",
        )
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
        )
        .bind(colloquy::accounts::tokens::hash_token(&session))
        .bind(user_ids[0])
        .bind(now)
        .bind(now + Duration::from_secs(86_400))
        .execute(&mut *tx)
        .await?;
        stages.done("attendance, materials, session");
        if is_postgres {
            sqlx::query("SET LOCAL session_replication_role = origin").execute(&mut *tx).await?;
            // What the summary trigger would have kept, every edition's.
            sqlx::query("INSERT INTO submission_summaries SELECT * FROM first_submissions")
                .execute(&mut *tx)
                .await?;
            // What the attendance triggers would have kept, row by row.
            sqlx::query(
                "INSERT INTO attendance_pending (submission_id, user_id, edition_year, pending)
                 SELECT submission_id, user_id, edition_year, pending FROM acceptance_states
                 WHERE pending IS NOT NULL",
            )
            .execute(&mut *tx)
            .await?;
            stages.done("summaries and pending attendance rebuilt");
        }
        tx.commit().await?;
        stages.done("commit");
    });
    // PostgreSQL's autovacuum would vacuum and analyse tables this size
    // within a minute, in the middle of the timings; do it now instead.
    // (SQLite is left as it runs.)
    if let Db::Postgres(pool) = db {
        sqlx::query("VACUUM ANALYZE").execute(pool).await?;
        stages.done("VACUUM ANALYZE");
    }
    Ok((session, user_ids))
}

/// The seed's time per stage, printed as each ends.
struct Stages(Instant);

impl Stages {
    fn new() -> Self {
        Self(Instant::now())
    }

    fn done(&mut self, stage: &str) {
        eprintln!("  seed: {stage}: {:.1} s", self.0.elapsed().as_secs_f64());
        self.0 = Instant::now();
    }
}

/// What one write to `submissions` costs with its triggers (the admin
/// summary, the search text) at this size: `count` uploads, then a decision
/// on each, then their deletion, every one in a transaction of its own as
/// the server makes them, spread over the users. The table is left as the
/// seed made it. Prints the median and 95th percentile of each kind.
async fn time_writes(db: &Db, users: &[Uuid], first_number: usize, count: usize) -> anyhow::Result<()> {
    let at = OffsetDateTime::now_utc().replace_nanosecond(0)?;
    let written: Vec<(Uuid, Uuid, i32)> = (0..count)
        .map(|k| {
            let number = i32::try_from(first_number + k).expect("fewer than 2^31 submissions");
            (Uuid::now_v7(), users[(k * 7919 + 1) % users.len()], number)
        })
        .collect();
    let mut inserts = Vec::with_capacity(count);
    let mut decisions = Vec::with_capacity(count);
    let mut answers = Vec::with_capacity(count);
    let mut materials = Vec::with_capacity(count);
    let mut removals = Vec::with_capacity(count);
    let mut deletions = Vec::with_capacity(count);
    on_db!(db, |pool| {
        for (id, user, number) in &written {
            let start = Instant::now();
            let mut tx = pool.begin().await?;
            sqlx::query(
                "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key, size_bytes, sha256, \
                 word_count, status, uploaded_at, title, number) \
                 VALUES ($1, $2, 2025, 'timed.pdf', $3, 120000, '0', 420, 'submitted', $4, 'Timed write', $5)",
            )
            .bind(id)
            .bind(user)
            .bind(format!("abstracts/{user}/{id}.pdf"))
            .bind(at)
            .bind(number)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            inserts.push(start.elapsed());
        }
        // After the decision, what moves a person in and out of the
        // attendance filters: confirming, uploading the slides (the
        // material's id is the submission's, as the seed's are; its key
        // beside the abstract's), removing them. `true`: `$2` is the time.
        let by_id = [
            ("UPDATE submissions SET status = 'accepted' WHERE id = $1", false, &mut decisions),
            (
                "INSERT INTO attendance (submission_id, response, mode, format, answered_at, updated_at)
                 VALUES ($1, 'confirmed', 'in_person', 'talk', $2, $2)",
                true,
                &mut answers,
            ),
            (
                "INSERT INTO final_materials (id, submission_id, kind, original_name, storage_key, size_bytes, \
                 sha256, uploaded_at) \
                 SELECT id, id, 'slides', 'slides.pdf', storage_key || '.slides', 1000, '0', $2 \
                 FROM submissions WHERE id = $1",
                true,
                &mut materials,
            ),
            ("DELETE FROM final_materials WHERE id = $1", false, &mut removals),
            ("DELETE FROM submissions WHERE id = $1", false, &mut deletions),
        ];
        for (statement, with_time, times) in by_id {
            for (id, ..) in &written {
                let start = Instant::now();
                let mut tx = pool.begin().await?;
                let write = sqlx::query(statement).bind(id);
                let write = if with_time { write.bind(at) } else { write };
                write.execute(&mut *tx).await?;
                tx.commit().await?;
                times.push(start.elapsed());
            }
        }
    });
    println!("| One write, committed alone | Median ms | p95 ms |");
    println!("|---|---:|---:|");
    for (kind, mut times) in [
        ("insert a submission", inserts),
        ("decide it (status)", decisions),
        ("confirm attendance", answers),
        ("upload a final material", materials),
        ("remove the material", removals),
        ("delete it", deletions),
    ] {
        times.sort();
        println!(
            "| {kind} | {} | {} |",
            colloquy_bench::ms_precise(colloquy_bench::percentile(&times, 0.5)),
            colloquy_bench::ms_precise(colloquy_bench::percentile(&times, 0.95))
        );
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = <Options as clap::Parser>::parse();
    let (config, db) = colloquy_bench::fresh_database().await?;
    let started = Instant::now();
    let (session, users) = seed(&db, options.users, options.submissions).await?;
    eprintln!(
        "Seeded {} users and {} submissions on {} in {:.1} s.",
        options.users,
        options.submissions,
        db.kind(),
        started.elapsed().as_secs_f64()
    );
    if options.writes > 0 {
        time_writes(&db, &users, options.submissions + 1, options.writes).await?;
    }
    if options.newer_edition {
        on_db!(&db, |pool| {
            sqlx::query(
                "INSERT INTO editions (year, word_limit, max_file_bytes, contact_email)
                 SELECT MAX(year) + 1, 500, 10000000, 'bench@example.edu' FROM editions",
            )
            .execute(pool)
            .await?;
        });
        eprintln!("Added a newer, empty edition.");
    }
    db.close().await;

    if std::env::var_os("COLLOQUY_BENCH_SEED_ONLY").is_some() {
        eprintln!("Seeded only; the data folder is {}.", config.data_dir.display());
        return Ok(());
    }
    let (mut server, address) = colloquy_bench::start_server(&options.server, &config).await?;
    let client = reqwest::Client::new();
    let cookie = format!("{}={session}", colloquy::accounts::session::SESSION_COOKIE);
    let scenarios = [
        "sort=name",
        "sort=name&dir=desc",
        "sort=email",
        "sort=applicant&dir=desc",
        "sort=presenter&dir=desc",
        "sort=abstract_name",
        "sort=uploaded_at&dir=desc",
        "sort=email&page=150",
        "q=hopper&sort=name",
        "q=ada&sort=uploaded_at&dir=desc",
        "q=tone&sort=abstract_name",
        "q=n%C3%BA%C3%B1ez&sort=email&dir=desc",
        "q=user0421&sort=name",
        "q=nothing-matches-this",
        "filter=not_confirmed",
        "filter=without_materials&sort=email",
        "filter=not_confirmed&q=hopper",
    ];
    println!("| Query (`per_page=50`) | Rows matching | Median ms | p95 ms |");
    println!("|---|---:|---:|---:|");
    for scenario in scenarios {
        let edition = options.edition.map(|year| format!("&edition={year}")).unwrap_or_default();
        let url = format!("{address}/api/admin/users?{scenario}&per_page=50{edition}");
        let mut times = Vec::with_capacity(options.runs);
        let mut total = 0;
        for run in 0..options.runs + 5 {
            let start = Instant::now();
            let response = client.get(&url).header("cookie", &cookie).send().await?;
            let status = response.status();
            let body = response.text().await?;
            let elapsed = start.elapsed();
            if status != 200 {
                bail!("{url} answered {status}: {body}");
            }
            if run == 0 {
                total = body
                    .split("\"total\":")
                    .nth(1)
                    .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
                    .and_then(|n| n.parse::<u64>().ok())
                    .context("the answer has a total")?;
            }
            // The first five warm the caches.
            if run >= 5 {
                times.push(elapsed);
            }
        }
        times.sort();
        println!(
            "| `{scenario}` | {total} | {} | {} |",
            colloquy_bench::ms(colloquy_bench::percentile(&times, 0.5)),
            colloquy_bench::ms(colloquy_bench::percentile(&times, 0.95))
        );
    }
    server.kill().await?;
    colloquy_bench::clean_up(&config);
    Ok(())
}
