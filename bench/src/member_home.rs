//! The member's home, `GET /api/me/home` (asked on every view of `/sculc`):
//! what it costs beside `GET /api/me` (the session alone, the cheapest
//! signed-in request) on the same server, in the same run. The member has
//! three submissions to the current edition (one submitted, one accepted,
//! one rejected) and an in-person place at the edition's registration
//! (`sculc-2025`, 60 people registered before them, 20 on its waiting
//! list); an admin's home (which adds what waits for the committee) is
//! timed too.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/member-home                          # SQLite
//!     scripts/with-postgres.sh target/release/member-home # PostgreSQL
//!
//! Requests go one at a time on a kept-alive connection, the three kinds
//! interleaved (so a change of load touches all alike): 10 warm-up rounds,
//! then `--runs` timed ones. See bench/README.md for the figures.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, ensure};
use colloquy::db::Db;
use colloquy::on_db;
use colloquy_bench::{Person, load_average, percentile, spread, timed};
use serde_json::json;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use uuid::Uuid;

#[derive(clap::Parser)]
struct Options {
    /// The release binary to start.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// Timed requests of each kind.
    #[arg(long, default_value_t = 200)]
    runs: usize,
}

/// The member's three submissions to edition 2025.
async fn seed_submissions(db: &Db, member: &Person) -> anyhow::Result<()> {
    let now = OffsetDateTime::now_utc().replace_nanosecond(0)?;
    on_db!(db, |pool| {
        for (n, status) in ["submitted", "accepted", "rejected"].iter().enumerate() {
            let id = Uuid::now_v7();
            sqlx::query(
                "INSERT INTO submissions (id, user_id, edition_year, original_name, storage_key, size_bytes, sha256,
                                          word_count, uploaded_at, title, number, status)
                 VALUES ($1, $2, 2025, $3, $4, 120000, '0', 420, $5, $3, $6, $7)",
            )
            .bind(id)
            .bind(member.id)
            .bind(format!("Vowel harmony in corpus {n}"))
            .bind(format!("abstracts/{}/{id}.pdf", member.id))
            .bind(now)
            .bind(i32::try_from(n + 1)?)
            .bind(status)
            .execute(pool)
            .await?;
        }
    });
    Ok(())
}

/// Registration for the current edition, with the others first: the
/// member registers last, for one of the places.
async fn register(address: &str, admin: &Person, others: &[Person], member: &Person) -> anyhow::Result<()> {
    let client = reqwest::Client::new();
    let now = OffsetDateTime::now_utc();
    let (status, body, _) = timed(
        client.post(format!("{address}/api/admin/events")).header("cookie", &admin.cookie).json(&json!({
            "slug": "sculc-2025",
            "title": "SCULC 2025",
            "starts_at": (now + time::Duration::days(30)).format(&Rfc3339)?,
            "capacity": 61,
        })),
    )
    .await?;
    ensure!(status == 201, "creating the event answered {status}: {body}");
    let answers = json!({"mode": "in_person", "lunch": true, "dietary": "No nuts", "access": ""});
    let url = format!("{address}/api/events/sculc-2025/registration");
    // 60 take places, the member the last one, 20 more wait.
    for person in others[..60].iter().chain([member]).chain(&others[60..]) {
        let (status, body, _) =
            timed(client.post(&url).header("cookie", &person.cookie).json(&answers)).await?;
        ensure!(status == 201, "registering answered {status}: {body}");
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    let (config, db) = colloquy_bench::fresh_database().await?;
    let member = colloquy_bench::seed_people(&db, "member", 1, None, None).await?.remove(0);
    let others = colloquy_bench::seed_people(&db, "other", 80, None, None).await?;
    let admin = colloquy_bench::seed_people(&db, "admin", 1, Some("admin"), None).await?.remove(0);
    seed_submissions(&db, &member).await?;
    let (server, address) = colloquy_bench::start_quiet_server(&options.server, &config).await?;
    register(&address, &admin, &others, &member).await?;
    if let Db::Postgres(pool) = &db {
        sqlx::query("VACUUM ANALYZE").execute(pool).await?;
    }
    db.close().await;

    let client = reqwest::Client::new();
    let kinds = [
        ("`GET /api/me` (member)", "/api/me", &member),
        ("`GET /api/me/home` (member)", "/api/me/home", &member),
        ("`GET /api/me/home` (admin)", "/api/me/home", &admin),
    ];
    // What the member's home says, once: the figures are for this answer.
    let (status, home, _) =
        timed(client.get(format!("{address}/api/me/home")).header("cookie", &member.cookie)).await?;
    ensure!(status == 200, "the home answered {status}: {home}");
    let submissions = home["submissions"].as_array().context("submissions")?.len();
    ensure!(submissions == 3, "the home shows {submissions} submissions: {home}");
    ensure!(home["registration"]["mine"]["state"] == "registered", "no registration on the home: {home}");
    let size = home.to_string().len();

    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); kinds.len()];
    println!(
        "{}; {} UTC, load average {} at the start; the member's home is {size} bytes of JSON\n",
        if config.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        OffsetDateTime::now_utc().replace_nanosecond(0)?.format(&Rfc3339)?,
        load_average()
    );
    for round in 0..options.runs + 10 {
        for ((_, path, person), times) in kinds.iter().zip(&mut times) {
            let (status, _, time) =
                timed(client.get(format!("{address}{path}")).header("cookie", &person.cookie)).await?;
            ensure!(status == 200, "{path} answered {status}");
            if round >= 10 {
                times.push(time);
            }
        }
    }
    println!("| Request ({} each) | median ms | p95 ms | max ms | median ÷ `/api/me` |", options.runs);
    println!("|---|---:|---:|---:|---:|");
    times[0].sort();
    let reference = percentile(&times[0], 0.5);
    for ((label, _, _), times) in kinds.iter().zip(&mut times) {
        let line = spread(times);
        let ratio = percentile(times, 0.5).as_secs_f64() / reference.as_secs_f64();
        println!("| {label} | {line} | {ratio:.1} |");
    }
    println!("\nLoad average at the end: {}", load_average());
    drop(server);
    colloquy_bench::clean_up(&config);
    Ok(())
}
