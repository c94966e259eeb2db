//! Registration at the moment it opens (issue 26): 200 members on the
//! event's page when registration opens, all registering at once, for 100
//! places, on the real release server; beside the same 200 people signing
//! in at once with their password (argon2: the server's most expensive
//! request) on a fresh server over the same database, in the same run.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/registration-burst                          # SQLite
//!     scripts/with-postgres.sh target/release/registration-burst # PostgreSQL
//!
//! Each person is a client of their own on a loopback address of their own
//! (127.1.x.y), with the connection their page opened kept alive. The
//! burst's answers are checked (every one 201; exactly the first 100
//! arrivals registered and the rest waiting in the order they arrived, with
//! the positions each was told; one confirmation e-mail per place), not
//! timed against a limit. See bench/README.md for the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use colloquy::accounts::fields::NewPassword;
use colloquy::accounts::password::Passwords;
use colloquy::db::Db;
use colloquy::on_db;
use colloquy_bench::{Person, load_average, memory_mib, spread, timed};
use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use tokio::process::Child;

const PASSWORD: &str = "correct horse battery";
const SLUG: &str = "burst-2026";

#[derive(clap::Parser)]
struct Options {
    /// The release binary to start.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// People registering (and signing in) at once.
    #[arg(long, default_value_t = 200)]
    people: usize,
    /// The event's in-person places.
    #[arg(long, default_value_t = 100)]
    capacity: usize,
    /// Seconds from the event's creation to its opening, in which everyone
    /// opens the event's page (and from a server's start to the sign-ins);
    /// by default 5, and 1 more for each 50 people beyond 200 (1000: 21).
    #[arg(long)]
    opens_in: Option<u32>,
}

impl Options {
    /// The crowd's warm-up, long enough for everyone's page to be read.
    fn opens_in(&self) -> u32 {
        self.opens_in.unwrap_or_else(|| 5 + self.people.saturating_sub(200).div_ceil(50) as u32)
    }
}

/// What a scenario prints: rows of the latency table, its row of the
/// memory table, and what was checked.
#[derive(Default)]
struct Report {
    latency: Vec<String>,
    memory: Vec<String>,
    checked: Vec<String>,
}

/// A row of the latency table (no wall time for the reads, which do not
/// start together).
fn latency_row(label: &str, times: &mut [Duration], wall: Option<Duration>, answers: &str) -> String {
    let wall = wall.map_or_else(|| "—".to_owned(), |wall| format!("{:.2}", wall.as_secs_f64()));
    format!("| {label} | {} | {} | {wall} | {answers} |", times.len(), spread(times))
}

/// A row of the memory table: RSS idle before the burst, the peak since
/// the server started, RSS 3 s after.
async fn memory_row(label: &str, server: &Child, idle: f64) -> anyhow::Result<String> {
    let peak = memory_mib(server, "VmHWM:")?;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = memory_mib(server, "VmRSS:")?;
    Ok(format!("| {label} | {idle:.1} | {peak:.1} | **{:.1}** | {after:.1} |", peak - idle))
}

/// Waits until `at` (wall clock), to the millisecond.
async fn until(at: OffsetDateTime) {
    let left = at - OffsetDateTime::now_utc();
    if left.is_positive() {
        tokio::time::sleep(left.unsigned_abs()).await;
    }
}

/// Runs the crowd's `tasks` (each waits for `at` itself) and reads the
/// server's RSS 300 ms before `at`, while everyone waits; answers the
/// outcomes, the wall time from `at` to the last answer, and that RSS.
async fn crowd<T>(
    server: &Child,
    at: OffsetDateTime,
    tasks: impl IntoIterator<Item = impl Future<Output = anyhow::Result<T>>>,
) -> anyhow::Result<(Vec<T>, Duration, f64)> {
    let at_instant = Instant::now() + (at - OffsetDateTime::now_utc()).unsigned_abs();
    let idle = async {
        until(at - time::Duration::milliseconds(300)).await;
        memory_mib(server, "VmRSS:")
    };
    let (outcomes, idle) = tokio::join!(futures_util::future::join_all(tasks), idle);
    let wall = at_instant.elapsed();
    Ok((outcomes.into_iter().collect::<anyhow::Result<_>>()?, wall, idle?))
}

/// How each answer status was met, "200× 201".
fn tally(statuses: impl IntoIterator<Item = String>) -> String {
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for status in statuses {
        *counts.entry(status).or_default() += 1;
    }
    counts.iter().map(|(status, n)| format!("{n}× {status}")).collect::<Vec<_>>().join(", ")
}

/// Each person: a client of their own that opens the event's page (the
/// reference read, on a new connection), waits for the opening moment and
/// registers. Answers (read, registration) per person.
type Registered = ((u16, Duration), (u16, Value, Duration));

async fn registration_burst(
    options: &Options,
    config: &colloquy::config::Config,
    admin: &Person,
    people: &[Person],
) -> anyhow::Result<Report> {
    let (server, address) = colloquy_bench::start_quiet_server(&options.server, config).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    // The admin opens registration, starting `--opens-in` seconds from now
    // (a whole second).
    let now = OffsetDateTime::now_utc();
    let opens = now.replace_nanosecond(0)? + time::Duration::seconds(options.opens_in().into());
    let admin_client = reqwest::Client::new();
    let (status, body, _) =
        timed(admin_client.post(format!("{address}/api/admin/events")).header("cookie", &admin.cookie).json(
            &json!({
                "slug": SLUG,
                "title": "Burst 2026",
                "starts_at": (now + time::Duration::days(30)).format(&Rfc3339)?,
                "opens_at": opens.format(&Rfc3339)?,
                "capacity": options.capacity,
            }),
        ))
        .await?;
    ensure!(status == 201, "creating the event answered {status}: {body}");
    let rss_start = memory_mib(&server, "VmRSS:")?;

    let page_url = format!("{address}/api/events/{SLUG}");
    let register_url = format!("{page_url}/registration");
    let tasks = people.iter().map(|person| {
        let (page_url, register_url, cookie) =
            (page_url.clone(), register_url.clone(), person.cookie.clone());
        async move {
            let client = colloquy_bench::crowd_client()?;
            let (read_status, page, read_time) =
                timed(client.get(&page_url).header("cookie", &cookie)).await?;
            ensure!(
                page["open"] == json!(false),
                "a page was read after the opening (give the crowd more --opens-in): {page}"
            );
            until(opens).await;
            let answers = json!({"mode": "in_person", "lunch": true, "dietary": "", "access": ""});
            let answer = timed(client.post(&register_url).header("cookie", &cookie).json(&answers)).await?;
            anyhow::Ok(((read_status, read_time), answer))
        }
    });
    // The idle figure is read while everyone waits on their open page.
    let (outcomes, wall, idle): (Vec<Registered>, _, _) = crowd(&server, opens, tasks).await?;

    let mut read_times: Vec<Duration> = outcomes.iter().map(|((_, time), _)| *time).collect();
    let mut times: Vec<Duration> = outcomes.iter().map(|(_, (_, _, time))| *time).collect();
    let mut report = Report::default();
    report.latency.push(latency_row(
        "event page read (its own new connection, before the opening)",
        &mut read_times,
        None,
        &tally(outcomes.iter().map(|((status, _), _)| status.to_string())),
    ));
    report.latency.push(latency_row(
        "**registrations at the opening**",
        &mut times,
        Some(wall),
        &tally(outcomes.iter().map(|(_, (status, _, _))| status.to_string())),
    ));
    // A failed check is reported with the figures, not instead of them.
    report.checked.push(
        match check_order(&admin_client, &address, admin, people, &outcomes, options.capacity).await {
            Ok(checked) => checked,
            Err(error) => format!("**Not as expected:** {error:#}"),
        },
    );
    report.memory.push(memory_row("registrations at the opening", &server, idle).await?);
    report.checked.push(format!("RSS just after the admin opened registration: {rss_start:.1} MiB."));
    drop(server);
    Ok(report)
}

/// The burst's outcome, as the admins' list and each person's answer tell
/// it: the first `capacity` arrivals registered, the rest waiting in order
/// of arrival, each told their place; one confirmation per place.
async fn check_order(
    client: &reqwest::Client,
    address: &str,
    admin: &Person,
    people: &[Person],
    outcomes: &[Registered],
    capacity: usize,
) -> anyhow::Result<String> {
    let (status, list, _) =
        timed(client.get(format!("{address}/api/admin/events/{SLUG}")).header("cookie", &admin.cookie))
            .await?;
    ensure!(status == 200, "the admins' list answered {status}");
    let rows = list["registrations"].as_array().context("registrations")?;
    let mut by_email = std::collections::HashMap::new();
    for row in rows {
        let arrival = row["arrival"].as_u64().context("arrival")? as usize;
        by_email.insert(row["email"].as_str().context("email")?.to_owned(), (arrival, row["state"].clone()));
    }
    let mut arrivals: Vec<usize> = by_email.values().map(|(arrival, _)| *arrival).collect();
    arrivals.sort_unstable();
    ensure!(arrivals == (1..=people.len()).collect::<Vec<_>>(), "arrivals are not 1..={}", people.len());
    let mut registered = 0;
    let mut waiting = 0;
    for (person, (_, (status, answer, _))) in people.iter().zip(outcomes) {
        ensure!(*status == 201, "{} was answered {status}: {answer}", person.email);
        let (arrival, state) = by_email.get(&person.email).context("everyone is on the list")?;
        let mine = &answer["mine"];
        ensure!(
            &mine["state"] == state,
            "{} was told {} but the list says {state}",
            person.email,
            mine["state"]
        );
        if *arrival <= capacity {
            ensure!(state == "registered", "arrival {arrival} is {state}");
            registered += 1;
        } else {
            ensure!(state == "waiting", "arrival {arrival} is {state}");
            let position = mine["position"].as_u64().context("a position")? as usize;
            ensure!(position == arrival - capacity, "arrival {arrival} was told position {position}");
            waiting += 1;
        }
    }
    let counts = &list["counts"];
    ensure!(
        counts["taken"] == json!(capacity) && counts["waiting"] == json!(people.len() - capacity),
        "the admins' counts: {counts}"
    );
    Ok(format!(
        "Checked: {registered} registered (arrivals 1–{capacity}), {waiting} waiting (arrivals {}–{}, \
         each told position arrival − {capacity}); every answer 201.",
        capacity + 1,
        people.len()
    ))
}

/// The reference: the same people sign in with their password at once, on
/// a fresh server (a 503 `busy` is retried after its `Retry-After`, as the
/// web app's person would).
async fn sign_in_burst(
    options: &Options,
    config: &colloquy::config::Config,
    people: &[Person],
) -> anyhow::Result<Report> {
    let (server, address) = colloquy_bench::start_quiet_server(&options.server, config).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let start = OffsetDateTime::now_utc() + time::Duration::seconds(options.opens_in().into());
    let tasks = people.iter().map(|person| {
        let address = address.clone();
        async move {
            let client = colloquy_bench::crowd_client()?;
            let (read_status, _, read_time) = timed(client.get(format!("{address}/api/session"))).await?;
            ensure!(
                OffsetDateTime::now_utc() < start,
                "a session was read after the sign-ins' start (give the crowd more --opens-in)"
            );
            until(start).await;
            let started = Instant::now();
            let mut busy = 0;
            let body = json!({"email": person.email, "password": PASSWORD});
            loop {
                let response = client
                    .post(format!("{address}/api/accounts/login"))
                    .header("x-requested-with", "colloquy")
                    .json(&body)
                    .send()
                    .await?;
                let retry = response.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse().ok());
                match response.status().as_u16() {
                    200 => break,
                    503 => {
                        busy += 1;
                        tokio::time::sleep(Duration::from_secs(retry.unwrap_or(1))).await;
                    }
                    status => bail!("signing in {} answered {status}", person.email),
                }
            }
            anyhow::Ok(((read_status, read_time), started.elapsed(), busy))
        }
    });
    let (outcomes, wall, idle) = crowd(&server, start, tasks).await?;
    let mut reads: Vec<Duration> = outcomes.iter().map(|((_, time), _, _)| *time).collect();
    let mut times: Vec<Duration> = outcomes.iter().map(|(_, time, _)| *time).collect();
    let mut report = Report::default();
    report.latency.push(latency_row(
        "session read (its own new connection, before the sign-ins)",
        &mut reads,
        None,
        &tally(outcomes.iter().map(|((status, _), _, _)| status.to_string())),
    ));
    report.latency.push(latency_row(
        "**sign-ins at once** (503 retried after `Retry-After`)",
        &mut times,
        Some(wall),
        &tally(outcomes.iter().map(|(_, _, busy)| match busy {
            0 => "200".to_owned(),
            n => format!("200 after {n}× 503"),
        })),
    ));
    report.memory.push(memory_row("sign-ins at once", &server, idle).await?);
    drop(server);
    Ok(report)
}

/// Confirmation e-mails of the event queued in the outbox.
async fn confirmations(db: &Db) -> anyhow::Result<i64> {
    Ok(on_db!(db, |pool| sqlx::query_scalar(
        "SELECT COUNT(*) FROM outbox WHERE subject = 'You are registered for Burst 2026'"
    )
    .fetch_one(pool)
    .await?))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    let (config, db) = colloquy_bench::fresh_database().await?;
    let hash = Passwords::new(1, 1)
        .hash(&NewPassword::parse(PASSWORD).map_err(|e| anyhow::anyhow!("{e:?}"))?)
        .await?;
    let people = colloquy_bench::seed_people(&db, "member", options.people, None, Some(&hash)).await?;
    let admin = colloquy_bench::seed_people(&db, "admin", 1, Some("admin"), None).await?.remove(0);
    if let Db::Postgres(pool) = &db {
        sqlx::query("VACUUM ANALYZE").execute(pool).await?;
    }
    println!(
        "{} people at once, {} places, opening {} s after the event is made, {}; {} UTC, \
         load average {} at the start\n",
        options.people,
        options.capacity,
        options.opens_in(),
        if config.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        OffsetDateTime::now_utc().replace_nanosecond(0)?.format(&Rfc3339)?,
        load_average()
    );
    let mut report = registration_burst(&options, &config, &admin, &people).await?;
    let queued = confirmations(&db).await?;
    report.checked.push(format!("Confirmation e-mails queued: {queued} for {} places.", options.capacity));
    let reference = sign_in_burst(&options, &config, &people).await?;
    println!(
        "| {} people at once | answers | median ms | p95 ms | max ms | wall s | statuses |",
        options.people
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    for row in report.latency.iter().chain(&reference.latency) {
        println!("{row}");
    }
    println!(
        "\n| Server (a fresh one each) | RSS idle MiB | peak (VmHWM) MiB | peak − idle MiB | RSS 3 s after MiB |"
    );
    println!("|---|---:|---:|---:|---:|");
    for row in report.memory.iter().chain(&reference.memory) {
        println!("{row}");
    }
    println!();
    for line in &report.checked {
        println!("{line}");
    }
    println!("Load average at the end: {}", load_average());
    db.close().await;
    colloquy_bench::clean_up(&config);
    Ok(())
}
