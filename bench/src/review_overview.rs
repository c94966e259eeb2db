//! How fast the admins' review view answers at the issue's scale: seeds
//! 300 submissions of the current edition, each with 3 submitted reviews
//! (scores on the 3 default criteria, a recommendation, comments) by 12
//! reviewers, starts the real release server on that database, and times
//! `GET /api/admin/reviews` (and the threshold preview and one submission's
//! detail, which compute from the same data) over HTTP as a signed-in admin,
//! and a reviewer's own list (`GET /api/review`). `--conflicts N` adds N
//! conflicts spread over the reviewers (issue 22: a reviewer's requests must
//! read only their own; compare a run with `--conflicts 0`).
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/review-overview                              # SQLite
//!     scripts/with-postgres.sh target/release/review-overview     # PostgreSQL
//!
//! The setup (a fresh database, starting the server) is the one of
//! `admin_table.rs`; see bench/README.md for the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::bail;
use colloquy::db::Db;
use colloquy::on_db;
use time::OffsetDateTime;
use uuid::Uuid;

const RECOMMENDATIONS: [&str; 4] = ["accept", "weak_accept", "weak_reject", "reject"];

/// Times the admin review view at the issue's scale.
#[derive(clap::Parser)]
struct Options {
    /// The release binary to serve with.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    #[arg(long, default_value_t = 300)]
    submissions: usize,
    #[arg(long, default_value_t = 12)]
    reviewers: usize,
    /// Reviews of each submission (at most `--reviewers`).
    #[arg(long = "reviews", default_value_t = 3)]
    reviews_per_submission: usize,
    /// Conflicts of interest, spread evenly over the reviewers (names that
    /// match no author, so every assignment stays).
    #[arg(long, default_value_t = 0)]
    conflicts: usize,
    /// Timed requests (after 5 to warm up).
    #[arg(long, default_value_t = 60)]
    runs: usize,
}

fn options() -> anyhow::Result<Options> {
    let options = <Options as clap::Parser>::parse();
    if options.reviews_per_submission > options.reviewers {
        bail!("--reviews cannot exceed --reviewers");
    }
    Ok(options)
}

/// Writes the admin, the reviewers, the authors and their submissions, the
/// review settings and form, the assignments with their submitted reviews,
/// the conflicts, and a session for the admin and for the first reviewer;
/// returns the sessions' cookie values and one submission's id.
async fn seed(db: &Db, options: &Options) -> anyhow::Result<(String, String, Uuid)> {
    let now = OffsetDateTime::now_utc().replace_nanosecond(0)?;
    let admin = Uuid::now_v7();
    let reviewers: Vec<Uuid> = (0..options.reviewers).map(|_| Uuid::now_v7()).collect();
    let authors: Vec<Uuid> = (0..options.submissions).map(|_| Uuid::now_v7()).collect();
    let submissions: Vec<Uuid> = (0..options.submissions).map(|_| Uuid::now_v7()).collect();
    let criteria: Vec<Uuid> = (0..3).map(|_| Uuid::now_v7()).collect();
    let session = format!("bench-session-{}", Uuid::now_v7().simple());
    let reviewer_session = format!("bench-session-{}", Uuid::now_v7().simple());
    let conflicts: Vec<(Uuid, Uuid, String)> = (0..options.conflicts)
        .map(|i| (Uuid::now_v7(), reviewers[i % reviewers.len()], format!("Grace Hopper {i}")))
        .collect();
    let mut users: Vec<(Uuid, String)> = vec![(admin, "admin@example.edu".into())];
    users.extend(reviewers.iter().enumerate().map(|(i, id)| (*id, format!("reviewer{i:02}@example.edu"))));
    users.extend(authors.iter().enumerate().map(|(i, id)| (*id, format!("author{i:04}@example.edu"))));
    on_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        for chunk in users.chunks(500) {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO users (id, email, first_name, last_name, email_verified_at, created_at) ",
            );
            insert.push_values(chunk, |mut row, (id, email)| {
                row.push_bind(id).push_bind(email).push_bind("Ada").push_bind("Lovelace");
                row.push_bind(now).push_bind(now);
            });
            insert.build().execute(&mut *tx).await?;
        }
        sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')")
            .bind(admin)
            .execute(&mut *tx)
            .await?;
        for reviewer in &reviewers {
            sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, 'reviewer')")
                .bind(reviewer)
                .execute(&mut *tx)
                .await?;
        }
        for (i, (id, author)) in submissions.iter().zip(&authors).enumerate() {
            sqlx::query(
                "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key, size_bytes, sha256,
                                          word_count, uploaded_at, title, number)
                 VALUES ($1, $2, 2025, $3, $4, 120000, '0', 420, $5, $3, $6)",
            )
            .bind(id)
            .bind(author)
            .bind(format!("Abstract {i}"))
            .bind(format!("abstracts/{author}/{id}.pdf"))
            .bind(now)
            .bind(i32::try_from(i + 1)?)
            .execute(&mut *tx)
            .await?;
        }
        sqlx::query("INSERT INTO review_settings (edition_year) VALUES (2025)").execute(&mut *tx).await?;
        for (position, (id, name)) in criteria.iter().zip(["Relevance", "Originality", "Clarity"]).enumerate()
        {
            sqlx::query(
                "INSERT INTO review_criteria (id, edition_year, position, name, weight_hundredths)
                 VALUES ($1, 2025, $2, $3, 100)",
            )
            .bind(id)
            .bind(i32::try_from(position)?)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        }
        let mut reviews = Vec::new();
        for (i, submission) in submissions.iter().enumerate() {
            for k in 0..options.reviews_per_submission {
                reviews.push((*submission, reviewers[(i + k) % reviewers.len()], i + k));
            }
        }
        for chunk in reviews.chunks(500) {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO review_assignments (submission_id, reviewer_id, assigned_at, state, recommendation,
                 comment_for_author, comment_for_organisers, saved_at, submitted_at) ",
            );
            insert.push_values(chunk, |mut row, (submission, reviewer, seed)| {
                row.push_bind(submission).push_bind(reviewer).push_bind(now).push_bind("submitted");
                row.push_bind(RECOMMENDATIONS[seed % 4])
                    .push_bind("A clear question; the data could be richer.");
                row.push_bind("Fine.").push_bind(now).push_bind(now);
            });
            insert.build().execute(&mut *tx).await?;
            let mut scores = sqlx::QueryBuilder::new(
                "INSERT INTO review_scores (submission_id, reviewer_id, criterion_id, score) ",
            );
            let rows: Vec<_> = chunk
                .iter()
                .flat_map(|(s, r, seed)| {
                    criteria.iter().enumerate().map(move |(c, id)| (*s, *r, *id, (seed + c) % 5 + 1))
                })
                .collect();
            scores.push_values(rows, |mut row, (submission, reviewer, criterion, score)| {
                row.push_bind(submission)
                    .push_bind(reviewer)
                    .push_bind(criterion)
                    .push_bind(i32::try_from(score).unwrap());
            });
            scores.build().execute(&mut *tx).await?;
        }
        for chunk in conflicts.chunks(500) {
            let mut insert = sqlx::QueryBuilder::new(
                "INSERT INTO review_conflicts (id, reviewer_id, name, name_key, added_by_admin, created_at) ",
            );
            insert.push_values(chunk, |mut row, (id, reviewer, name)| {
                row.push_bind(id).push_bind(reviewer).push_bind(name);
                row.push_bind(colloquy::text::name_key(name)).push_bind(true).push_bind(now);
            });
            insert.build().execute(&mut *tx).await?;
        }
        for (cookie, user) in [(&session, admin), (&reviewer_session, reviewers[0])] {
            sqlx::query(
                "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(colloquy::accounts::tokens::hash_token(cookie))
            .bind(user)
            .bind(now)
            .bind(now + Duration::from_secs(86_400))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
    });
    if let Db::Postgres(pool) = db {
        sqlx::query("VACUUM ANALYZE").execute(pool).await?;
    }
    Ok((session, reviewer_session, submissions[0]))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let (config, db) = colloquy_bench::fresh_database().await?;
    let started = Instant::now();
    let (session, reviewer_session, one) = seed(&db, &options).await?;
    eprintln!(
        "Seeded {} submissions × {} reviews and {} conflicts on {} in {:.1} s.",
        options.submissions,
        options.reviews_per_submission,
        options.conflicts,
        db.kind(),
        started.elapsed().as_secs_f64()
    );
    db.close().await;

    let (mut server, address) = colloquy_bench::start_server(&options.server, &config).await?;
    let client = reqwest::Client::new();
    let admin_cookie = format!("{}={session}", colloquy::accounts::session::SESSION_COOKIE);
    let reviewer_cookie = format!("{}={reviewer_session}", colloquy::accounts::session::SESSION_COOKIE);
    let scenarios: [(&str, String, Option<&str>, &str); 4] = [
        ("GET /api/admin/reviews", format!("{address}/api/admin/reviews"), None, &admin_cookie),
        (
            "POST /api/admin/reviews/threshold/preview",
            format!("{address}/api/admin/reviews/threshold/preview"),
            Some(r#"{"cutoff": 3.2}"#),
            &admin_cookie,
        ),
        ("GET /api/admin/reviews/{id}", format!("{address}/api/admin/reviews/{one}"), None, &admin_cookie),
        ("GET /api/review (a reviewer)", format!("{address}/api/review"), None, &reviewer_cookie),
    ];
    println!("| Request | Bytes | Median ms | p95 ms |");
    println!("|---|---:|---:|---:|");
    for (name, url, body, cookie) in scenarios {
        let mut times = Vec::with_capacity(options.runs);
        let mut bytes = 0;
        for run in 0..options.runs + 5 {
            let request = match body {
                Some(body) => client
                    .post(&url)
                    .header("content-type", "application/json")
                    .header("x-requested-with", "colloquy")
                    .body(body),
                None => client.get(&url),
            };
            let start = Instant::now();
            let response = request.header("cookie", cookie).send().await?;
            let status = response.status();
            let text = response.text().await?;
            let elapsed = start.elapsed();
            if status != 200 {
                bail!("{url} answered {status}: {text}");
            }
            if run == 0 {
                bytes = text.len();
                if name == "GET /api/admin/reviews"
                    && text.matches("\"submission_id\"").count() != options.submissions
                {
                    bail!("the overview does not list every submission");
                }
            }
            // The first five warm the caches.
            if run >= 5 {
                times.push(elapsed);
            }
        }
        times.sort();
        println!(
            "| `{name}` | {bytes} | {} | {} |",
            colloquy_bench::ms(colloquy_bench::percentile(&times, 0.5)),
            colloquy_bench::ms(colloquy_bench::percentile(&times, 0.95))
        );
    }
    server.kill().await?;
    colloquy_bench::clean_up(&config);
    Ok(())
}
