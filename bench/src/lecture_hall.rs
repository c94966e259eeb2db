//! A lecture hall signs in (issue 37 item 9): 192 correct sign-ins at the
//! same moment from one address (a campus NAT), three each for 64
//! accounts, against the real release server (SQLite). No retries: what
//! the server answers first is what a student sees. Prints the answers,
//! p50 and p99 of the time each took, and the peak RSS rise.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/lecture-hall [--server BIN] [--accounts 64] [--each 3] [--runs 3]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use colloquy::accounts::fields::NewPassword;
use colloquy::accounts::password::Passwords;

const PASSWORD: &str = "correct horse battery";

struct Options {
    server: PathBuf,
    accounts: usize,
    each: usize,
    runs: usize,
}

fn options() -> anyhow::Result<Options> {
    let mut options =
        Options { server: PathBuf::from("target/release/colloquy"), accounts: 64, each: 3, runs: 3 };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--server" => options.server = PathBuf::from(value()?),
            "--accounts" => options.accounts = value()?.parse()?,
            "--each" => options.each = value()?.parse()?,
            "--runs" => options.runs = value()?.parse()?,
            _ => bail!("usage: lecture-hall [--server BIN] [--accounts N] [--each N] [--runs N]"),
        }
    }
    Ok(options)
}

/// One sign-in from the campus's one address: its status and time.
async fn sign_in(client: &reqwest::Client, address: &str, email: &str) -> anyhow::Result<(u16, Duration)> {
    let started = Instant::now();
    let response = client
        .post(format!("{address}/api/accounts/login"))
        .header("x-requested-with", "colloquy")
        .json(&serde_json::json!({"email": email, "password": PASSWORD}))
        .send()
        .await?;
    let status = response.status().as_u16();
    response.bytes().await?;
    Ok((status, started.elapsed()))
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let index = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[index].as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let count = options.accounts * options.each;
    println!(
        "| run | answers | p50 ms | p99 ms | RSS before MiB | peak (VmHWM) MiB | peak rise MiB | seconds |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for run in 1..=options.runs {
        let (config, db) = colloquy_bench::fresh_database().await?;
        let hash = Passwords::new(1, 1)
            .hash(&NewPassword::parse(PASSWORD).map_err(|e| anyhow::anyhow!("{e:?}"))?)
            .await?;
        let people = colloquy_bench::seed_people(&db, "student", options.accounts, None, Some(&hash)).await?;
        db.close().await;
        let (mut server, address) = colloquy_bench::start_quiet_server(&options.server, &config).await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = colloquy_bench::memory_mib(&server, "VmRSS:")?;

        // One client, one address: the whole hall behind one NAT.
        let campus = reqwest::Client::builder().pool_max_idle_per_host(count).build()?;
        let started = Instant::now();
        let sign_ins =
            people.iter().cycle().take(count).map(|person| sign_in(&campus, &address, &person.email));
        let outcomes = futures_util::future::join_all(sign_ins).await;
        let elapsed = started.elapsed();
        let peak = colloquy_bench::memory_mib(&server, "VmHWM:")?;

        let mut answers = BTreeMap::<u16, usize>::new();
        let mut times = Vec::with_capacity(count);
        for outcome in outcomes {
            let (status, time) = outcome?;
            *answers.entry(status).or_default() += 1;
            times.push(time);
        }
        times.sort();
        let answers: Vec<String> = answers.iter().map(|(status, n)| format!("{n}× {status}")).collect();
        println!(
            "| {run} | {} | {:.0} | {:.0} | {before:.0} | {peak:.0} | **{:.0}** | {:.2} |",
            answers.join(", "),
            percentile(&times, 0.50),
            percentile(&times, 0.99),
            peak - before,
            elapsed.as_secs_f64()
        );
        server.kill().await?;
        colloquy_bench::clean_up(&config);
    }
    Ok(())
}
