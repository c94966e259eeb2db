//! A certificate's download, before and after the typesetting floor (issue
//! 40): each download typesets the certificate anew, so its time is the
//! typesetting's. Four attendees of one event, named in Latin, Devanagari,
//! Arabic and Chinese, download theirs; `GET /api/me` on the same server is
//! the reference. Run it against the binary before the change and after:
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/certificates --server /path/to/colloquy-before
//!     target/release/certificates
//!
//! A name the binary's fonts cannot print is reported as refused. See
//! bench/README.md for the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, ensure};
use colloquy::on_db;
use colloquy_bench::{Person, load_average, percentile, spread, timed};
use serde_json::json;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

#[derive(clap::Parser)]
struct Options {
    /// The release binary to start.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// Timed downloads of each certificate.
    #[arg(long, default_value_t = 50)]
    runs: usize,
}

/// (script, first name, last name).
const NAMES: [(&str, &str, &str); 4] = [
    ("Latin", "Ada", "Lovelace"),
    ("Devanagari", "किरण", "क्षत्रिय"),
    ("Arabic", "محمد", "الخوارزمي"),
    ("Chinese", "李", "小龍"),
];

/// A download: status, bytes and the time to the whole answer.
async fn download(
    client: &reqwest::Client,
    url: &str,
    person: &Person,
) -> anyhow::Result<(u16, usize, Duration)> {
    let started = Instant::now();
    let response = client.get(url).header("cookie", &person.cookie).send().await?;
    let status = response.status().as_u16();
    let bytes = response.bytes().await?.len();
    Ok((status, bytes, started.elapsed()))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    let (config, db) = colloquy_bench::fresh_database().await?;
    let people = colloquy_bench::seed_people(&db, "attendee", NAMES.len(), None, None).await?;
    let admin = colloquy_bench::seed_people(&db, "admin", 1, Some("admin"), None).await?.remove(0);
    on_db!(&db, |pool| {
        for (person, (_, first, last)) in people.iter().zip(NAMES) {
            sqlx::query("UPDATE users SET first_name = $1, last_name = $2 WHERE id = $3")
                .bind(first)
                .bind(last)
                .bind(person.id)
                .execute(pool)
                .await?;
        }
    });
    let (server, address) = colloquy_bench::start_quiet_server(&options.server, &config).await?;
    let client = reqwest::Client::new();
    let starts = OffsetDateTime::now_utc() + time::Duration::days(2);
    let (status, body, _) = timed(client.post(format!("{address}/api/admin/events")).header("cookie", &admin.cookie).json(
        &json!({"slug": "sculc-2026", "title": "SCULC 2026", "starts_at": starts.format(&Rfc3339)?, "capacity": 10}),
    ))
    .await?;
    ensure!(status == 201, "creating the event answered {status}: {body}");
    let answers = json!({"mode": "in_person", "lunch": false, "dietary": "", "access": ""});
    for person in &people {
        let url = format!("{address}/api/events/sculc-2026/registration");
        let (status, body, _) =
            timed(client.post(&url).header("cookie", &person.cookie).json(&answers)).await?;
        ensure!(status == 201, "registering answered {status}: {body}");
    }
    // The event took place three days ago, and everyone was checked in at its start.
    on_db!(&db, |pool| {
        sqlx::query("UPDATE events SET starts_at = $1")
            .bind(OffsetDateTime::now_utc() - time::Duration::days(3))
            .execute(pool)
            .await?;
        sqlx::query(
            "UPDATE registrations SET checked_in_at = (SELECT starts_at FROM events WHERE id = event_id)",
        )
        .execute(pool)
        .await?;
    });
    db.close().await;

    println!(
        "{}; {} UTC, load average {} at the start; {}\n",
        if config.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        OffsetDateTime::now_utc().replace_nanosecond(0)?.format(&Rfc3339)?,
        load_average(),
        options.server.display()
    );
    let mut reference = Vec::new();
    for round in 0..options.runs + 10 {
        let (status, _, time) =
            timed(client.get(format!("{address}/api/me")).header("cookie", &people[0].cookie)).await?;
        ensure!(status == 200, "/api/me answered {status}");
        if round >= 10 {
            reference.push(time);
        }
    }
    reference.sort();
    let reference = percentile(&reference, 0.5);
    println!(
        "| Name ({} downloads each) | median ms | p95 ms | max ms | PDF KB | median ÷ `/api/me` |",
        options.runs
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (person, (script, first, last)) in people.iter().zip(NAMES) {
        let (status, list, _) =
            timed(client.get(format!("{address}/api/me/certificates")).header("cookie", &person.cookie))
                .await?;
        ensure!(status == 200, "the certificates answered {status}: {list}");
        let certificate = list.get(0).context("one certificate")?;
        if !certificate["refusal"].is_null() {
            println!(
                "| {script}: {first} {last} | refused: {} | | | | |",
                certificate["refusal"].as_str().unwrap_or("")
            );
            continue;
        }
        let url = format!("{address}{}", certificate["href"].as_str().context("href")?);
        let mut times = Vec::with_capacity(options.runs);
        let mut size = 0;
        for round in 0..options.runs + 3 {
            let (status, bytes, time) = download(&client, &url, person).await?;
            ensure!(status == 200, "the download answered {status}");
            size = bytes;
            if round >= 3 {
                times.push(time);
            }
        }
        let line = spread(&mut times);
        let ratio = percentile(&times, 0.5).as_secs_f64() / reference.as_secs_f64();
        println!("| {script}: {first} {last} | {line} | {:.1} | {ratio:.0} |", size as f64 / 1024.0);
    }
    println!(
        "\n`GET /api/me` median {:.2} ms. Load average at the end: {}",
        reference.as_secs_f64() * 1000.0,
        load_average()
    );
    drop(server);
    colloquy_bench::clean_up(&config);
    Ok(())
}
