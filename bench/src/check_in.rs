//! Check-in at the door (issue 26): the time from a scanned ticket reaching
//! the server to the desk's answer (the green or red the volunteer sees),
//! one desk alone and 2–4 desks scanning at once, beside two reference
//! requests of the same server in the same run: the desk's counts
//! (`GET /api/check-in/{slug}`, which the desk page asks every few seconds)
//! and `GET /api/health` (one `SELECT 1`).
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/check-in                          # SQLite
//!     scripts/with-postgres.sh target/release/check-in # PostgreSQL
//!
//! Members register through the API and fetch their tickets (the token the
//! QR code holds) from `GET /api/events/{slug}/ticket`; each desk is a
//! volunteer with the `check_in` role, on a connection of their own kept
//! alive, as a phone's is. Per ticket a desk posts the scan, then asks the
//! counts and the health (each timed). Every answer is checked (checked in,
//! or already checked in on a second pass; the counts right after each
//! round), and each round is undone before the next. See bench/README.md.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, ensure};
use colloquy::db::Db;
use colloquy_bench::{Person, load_average, percentile, spread, timed};
use serde_json::json;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

const SLUG: &str = "door-2026";

#[derive(clap::Parser)]
struct Options {
    /// The release binary to start.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// Tickets (registered people) scanned in each round.
    #[arg(long, default_value_t = 120)]
    tickets: usize,
    /// Then scan to green in Chromium too (`web/scan-to-green.mjs`; needs
    /// `cd bench && npm ci`, and the web app built into the binary or
    /// named by COLLOQUY_WEB_DIR).
    #[arg(long)]
    browser: bool,
}

/// One desk: a volunteer's phone.
struct Desk {
    client: reqwest::Client,
    cookie: String,
    address: String,
}

/// What a desk timed over its share of the tickets.
#[derive(Default)]
struct Timings {
    scans: Vec<Duration>,
    counts: Vec<Duration>,
    health: Vec<Duration>,
    /// Registration ids checked in, to undo.
    checked: Vec<String>,
}

impl Desk {
    /// Scans each ticket, then asks the counts and the health; `outcome`
    /// is the answer every scan must get.
    async fn scan(&self, tickets: &[String], outcome: &str) -> anyhow::Result<Timings> {
        let mut timings = Timings::default();
        let desk_url = format!("{}/api/check-in/{SLUG}", self.address);
        for token in tickets {
            let (status, answer, time) = timed(
                self.client
                    .post(format!("{desk_url}/scans"))
                    .header("cookie", &self.cookie)
                    .json(&json!({"token": token})),
            )
            .await?;
            ensure!(status == 200 && answer["outcome"] == outcome, "a scan answered {status}: {answer}");
            timings.scans.push(time);
            let id = answer["person"]["registration_id"].as_str().context("a registration id")?;
            timings.checked.push(id.to_owned());
            let (status, _, time) = timed(self.client.get(&desk_url).header("cookie", &self.cookie)).await?;
            ensure!(status == 200, "the counts answered {status}");
            timings.counts.push(time);
            let (status, _, time) = timed(self.client.get(format!("{}/api/health", self.address))).await?;
            ensure!(status == 200, "the health answered {status}");
            timings.health.push(time);
        }
        Ok(timings)
    }

    async fn checked_in(&self) -> anyhow::Result<i64> {
        let (status, desk, _) = timed(
            self.client.get(format!("{}/api/check-in/{SLUG}", self.address)).header("cookie", &self.cookie),
        )
        .await?;
        ensure!(status == 200, "the desk answered {status}");
        desk["counts"]["checked_in"].as_i64().context("checked_in")
    }

    async fn undo(&self, ids: &[String]) -> anyhow::Result<()> {
        for id in ids {
            let url = format!("{}/api/check-in/{SLUG}/registrations/{id}", self.address);
            let (status, answer, _) = timed(self.client.delete(url).header("cookie", &self.cookie)).await?;
            ensure!(status == 200 && answer["outcome"] == "undone", "an undo answered {status}: {answer}");
        }
        Ok(())
    }
}

/// Registers every member through the API and fetches their ticket.
async fn tickets(address: &str, admin: &Person, members: &[Person]) -> anyhow::Result<Vec<String>> {
    let client = reqwest::Client::new();
    let now = OffsetDateTime::now_utc();
    let (status, body, _) = timed(
        client.post(format!("{address}/api/admin/events")).header("cookie", &admin.cookie).json(&json!({
            "slug": SLUG,
            "title": "Door 2026",
            "starts_at": (now + time::Duration::hours(2)).format(&Rfc3339)?,
            "capacity": members.len(),
        })),
    )
    .await?;
    ensure!(status == 201, "creating the event answered {status}: {body}");
    let mut tokens = Vec::with_capacity(members.len());
    for (n, member) in members.iter().enumerate() {
        let answers = json!({"mode": "in_person", "lunch": n % 3 == 0, "dietary": "", "access": ""});
        let url = format!("{address}/api/events/{SLUG}/registration");
        let (status, body, _) =
            timed(client.post(url).header("cookie", &member.cookie).json(&answers)).await?;
        ensure!(
            status == 201 && body["mine"]["state"] == "registered",
            "registering answered {status}: {body}"
        );
        let url = format!("{address}/api/events/{SLUG}/ticket");
        let (status, ticket, _) = timed(client.get(url).header("cookie", &member.cookie)).await?;
        ensure!(status == 200, "the ticket answered {status}: {ticket}");
        tokens.push(ticket["token"].as_str().context("a token")?.to_owned());
    }
    Ok(tokens)
}

/// Scan to green in Chromium: `web/scan-to-green.mjs`, at the first desk's
/// volunteer's phone, with up to 42 of the tickets (2 to warm up).
async fn scan_in_browser(
    address: &str,
    volunteer: &Person,
    tokens: &[String],
    desk: &Desk,
) -> anyhow::Result<()> {
    let tickets: Vec<_> = tokens
        .iter()
        .take(42)
        .enumerate()
        .map(|(n, token)| json!({"token": token, "name": format!("Ada {n} Lovelace")}))
        .collect();
    let handoff = json!({"url": address, "slug": SLUG, "cookie": volunteer.cookie, "tickets": tickets});
    println!(
        "\n| Scan to green | scans | read → green frame median ms | p95 | max | its request median ms | p95 | max |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let status = tokio::process::Command::new("node")
        .arg("web/scan-to-green.mjs")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("SCAN_HANDOFF", handoff.to_string())
        .status()
        .await
        .context("cannot run node")?;
    ensure!(status.success(), "web/scan-to-green.mjs failed");
    let checked = desk.checked_in().await?;
    ensure!(
        checked == tickets.len() as i64,
        "{checked} checked in after the browser's scans, not {}",
        tickets.len()
    );
    Ok(())
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    percentile(times, 0.5)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    let (config, db) = colloquy_bench::fresh_database().await?;
    let members = colloquy_bench::seed_people(&db, "member", options.tickets, None, None).await?;
    let volunteers = colloquy_bench::seed_people(&db, "volunteer", 4, Some("check_in"), None).await?;
    let admin = colloquy_bench::seed_people(&db, "admin", 1, Some("admin"), None).await?.remove(0);
    db.close().await;
    let (server, address) = colloquy_bench::start_quiet_server(&options.server, &config).await?;
    let tokens = tickets(&address, &admin, &members).await?;
    if config.database_url.is_some() {
        // As an operator's autovacuum would have by the day of the event.
        let db = Db::connect(&config).await?;
        if let Db::Postgres(pool) = &db {
            sqlx::query("VACUUM ANALYZE").execute(pool).await?;
        }
        db.close().await;
    }
    let desks: Vec<Desk> = volunteers
        .iter()
        .map(|volunteer| {
            Ok(Desk {
                client: colloquy_bench::crowd_client()?,
                cookie: volunteer.cookie.clone(),
                address: address.clone(),
            })
        })
        .collect::<anyhow::Result<_>>()?;
    // Warm-up: each desk opens its page (a new connection) and scans nothing.
    for desk in &desks {
        desk.checked_in().await?;
    }

    println!(
        "{} tickets, {}; {} UTC, load average {} at the start\n",
        options.tickets,
        if config.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        OffsetDateTime::now_utc().replace_nanosecond(0)?.format(&Rfc3339)?,
        load_average()
    );
    println!(
        "| Desks at once | scans | scan median ms | p95 | max | counts median ms | p95 | max | \
         health median ms | p95 | max | scan ÷ counts | scan ÷ health | scans/s |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    // (desks, the answer every scan gets, label, undo the check-ins after).
    let rounds: [(usize, &str, &str, bool); 4] = [
        (1, "checked_in", "1", false),
        (1, "already_checked_in", "1, every ticket again (\"already checked in\")", true),
        (2, "checked_in", "2", true),
        (4, "checked_in", "4", true),
    ];
    for (count, outcome, label, undo) in rounds {
        let started = Instant::now();
        let shares = desks[..count].iter().enumerate().map(|(k, desk)| {
            let share: Vec<String> = tokens.iter().skip(k).step_by(count).cloned().collect();
            async move { desk.scan(&share, outcome).await }
        });
        let timings: Vec<Timings> =
            futures_util::future::join_all(shares).await.into_iter().collect::<anyhow::Result<_>>()?;
        let wall = started.elapsed();
        let (mut scans, mut counts, mut health) = (Vec::new(), Vec::new(), Vec::new());
        for timing in &timings {
            scans.extend(&timing.scans);
            counts.extend(&timing.counts);
            health.extend(&timing.health);
        }
        let checked = desks[0].checked_in().await?;
        ensure!(
            checked == options.tickets as i64,
            "{checked} checked in after the round, not {}",
            options.tickets
        );
        let (scan, count_time, health_time) = (median(&mut scans), median(&mut counts), median(&mut health));
        println!(
            "| {label} | {} | {} | {} | {} | {:.1} | {:.1} | {:.0} |",
            scans.len(),
            spread(&mut scans),
            spread(&mut counts),
            spread(&mut health),
            scan.as_secs_f64() / count_time.as_secs_f64(),
            scan.as_secs_f64() / health_time.as_secs_f64(),
            scans.len() as f64 / wall.as_secs_f64()
        );
        if undo {
            for (desk, timing) in desks.iter().zip(&timings) {
                desk.undo(&timing.checked).await?;
            }
            ensure!(desks[0].checked_in().await? == 0, "the undos left people checked in");
        }
    }
    if options.browser {
        scan_in_browser(&address, &volunteers[0], &tokens, &desks[0]).await?;
    }
    drop(server);
    println!("\nLoad average at the end: {}", load_average());
    colloquy_bench::clean_up(&config);
    Ok(())
}
