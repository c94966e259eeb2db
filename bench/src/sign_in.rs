//! What a burst of password work costs the real release server (SQLite):
//! peak resident memory under 64 concurrent correct sign-ins and under 64
//! concurrent password resets with a bogus token, sign-ins per second under
//! sustained load, and the time of one hash.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/sign-in [--server BIN] [--concurrency N] [--seconds S]
//!
//! Each simulated person signs in from an address of their own on loopback
//! (127.1.x.y), as a crowd would, so per-client rate limits stay out of the
//! figures; a 503 is retried after its `Retry-After`, as a browser user
//! would. See bench/README.md for the figures.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use colloquy::accounts::fields::NewPassword;
use colloquy::accounts::password::Passwords;
use colloquy::config::Config;
use colloquy::db::Db;
use colloquy::on_db;
use uuid::Uuid;

const PASSWORD: &str = "correct horse battery";

struct Options {
    server: PathBuf,
    concurrency: usize,
    seconds: u64,
}

fn options() -> anyhow::Result<Options> {
    let mut options =
        Options { server: PathBuf::from("target/release/colloquy"), concurrency: 64, seconds: 10 };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().with_context(|| format!("{arg} needs a value"));
        match arg.as_str() {
            "--server" => options.server = PathBuf::from(value()?),
            "--concurrency" => options.concurrency = value()?.parse()?,
            "--seconds" => options.seconds = value()?.parse()?,
            _ => bail!("usage: sign-in [--server BIN] [--concurrency N] [--seconds S]"),
        }
    }
    Ok(options)
}

/// A fresh SQLite database with `people` verified accounts sharing one
/// password (hashed once: the hash is the same work whatever it protects).
async fn seed(data_dir: &Path, people: usize) -> anyhow::Result<()> {
    let config = Config::with_data_dir(data_dir);
    let db = Db::connect(&config).await?;
    db.migrate().await?;
    let hash = Passwords::new(1, 1)
        .hash(&NewPassword::parse(PASSWORD).map_err(|e| anyhow::anyhow!("{e:?}"))?)
        .await?;
    let now = time::OffsetDateTime::now_utc().replace_nanosecond(0)?;
    on_db!(&db, |pool| {
        for n in 0..people {
            sqlx::query(
                "INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, created_at)
                 VALUES ($1, $2, 'Ada', 'Lovelace', $3, $4, $4)",
            )
            .bind(Uuid::now_v7())
            .bind(email(n))
            .bind(&hash)
            .bind(now)
            .execute(pool)
            .await?;
        }
    });
    db.close().await;
    Ok(())
}

fn email(n: usize) -> String {
    format!("person{n:03}@example.edu")
}

/// `colloquy serve` on the seeded folder, a fresh process per scenario so
/// each peak is its own.
struct Server {
    child: tokio::process::Child,
    address: String,
}

impl Server {
    async fn start(binary: &Path, data_dir: &Path) -> anyhow::Result<Self> {
        let mut child = tokio::process::Command::new(binary)
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir)
            .env_remove("DATABASE_URL")
            .env("COLLOQUY_CONFIG", data_dir.join("absent.toml"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            // Every 503 is logged as a failed request: hundreds of lines
            // that would bury the table.
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("cannot start {}", binary.display()))?;
        let address = colloquy_bench::serving_address(&mut child).await?;
        Ok(Self { child, address })
    }

    /// A field of `/proc/PID/status` in MiB (`VmRSS:`, `VmHWM:`).
    fn memory_mib(&self, field: &str) -> anyhow::Result<f64> {
        colloquy_bench::memory_mib(&self.child, field)
    }
}

/// One POST as the web app sends it; returns the status and `Retry-After`.
async fn post(address: &str, path: &str, body: serde_json::Value) -> anyhow::Result<(u16, Option<u64>)> {
    let response = colloquy_bench::crowd_client()?
        .post(format!("{address}{path}"))
        .header("x-requested-with", "colloquy")
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await?;
    let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()?.parse().ok());
    Ok((response.status().as_u16(), retry_after))
}

/// Signs person `n` in, waiting out 503s; returns how many 503s it met.
async fn sign_in(address: &str, n: usize) -> anyhow::Result<usize> {
    let body = serde_json::json!({"email": email(n), "password": PASSWORD});
    let mut busy = 0;
    loop {
        match post(address, "/api/accounts/login", body.clone()).await? {
            (200, _) => return Ok(busy),
            (503, retry_after) => {
                busy += 1;
                tokio::time::sleep(Duration::from_secs(retry_after.unwrap_or(1))).await;
            }
            (status, _) => bail!("signing in {} answered {status}", email(n)),
        }
    }
}

/// Peak memory rise and wall time of `concurrency` requests sent at once.
async fn burst<F, Fut>(options: &Options, data_dir: &Path, label: &str, request: F) -> anyhow::Result<()>
where
    F: Fn(String, usize) -> Fut,
    Fut: Future<Output = anyhow::Result<String>>,
{
    let mut server = Server::start(&options.server, data_dir).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = server.memory_mib("VmRSS:")?;
    let started = Instant::now();
    let outcomes =
        futures_util::future::join_all((0..options.concurrency).map(|n| request(server.address.clone(), n)))
            .await;
    let elapsed = started.elapsed();
    let peak = server.memory_mib("VmHWM:")?;
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = server.memory_mib("VmRSS:")?;
    let mut tally = std::collections::BTreeMap::<String, usize>::new();
    for outcome in outcomes {
        *tally.entry(outcome?).or_default() += 1;
    }
    let answers: Vec<String> = tally.iter().map(|(answer, count)| format!("{count}× {answer}")).collect();
    println!(
        "| {label} | {before:.0} | {peak:.0} | **{:.0}** | {after:.0} | {:.2} | {} |",
        peak - before,
        elapsed.as_secs_f64(),
        answers.join(", ")
    );
    server.child.kill().await?;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let data_dir = colloquy_bench::temp_data_dir();
    seed(&data_dir, options.concurrency).await?;

    // The time of one hash: argon2id with the server's parameters, in this
    // (release) process, one at a time.
    let new_password = NewPassword::parse(PASSWORD).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let passwords = Passwords::new(1, 1);
    let mut times = Vec::new();
    for _ in 0..15 {
        let start = Instant::now();
        passwords.hash(&new_password).await?;
        times.push(start.elapsed());
    }
    times.sort();
    let hash_time = times[times.len() / 2];
    let goal = cores as f64 / hash_time.as_secs_f64() * 0.8;
    println!(
        "One hash: {:.1} ms (median of 15); {cores} cores; sign-ins/s goal: {cores} ÷ {:.3} s × 0.8 = {goal:.0}\n",
        hash_time.as_secs_f64() * 1000.0,
        hash_time.as_secs_f64()
    );

    println!(
        "| {} at once | RSS before MiB | peak (VmHWM) MiB | peak rise MiB | RSS 3 s after MiB | seconds | answers |",
        options.concurrency
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    burst(&options, &data_dir, "correct sign-ins (503s retried)", |address, n| async move {
        let busy = sign_in(&address, n).await?;
        Ok(if busy == 0 { "200".to_owned() } else { "200 after 503".to_owned() })
    })
    .await?;
    burst(&options, &data_dir, "password resets, bogus token", |address, _| async move {
        let body = serde_json::json!({"token": "bogus-token", "password": "a brand new password"});
        let (status, _) = post(&address, "/api/accounts/reset-password", body).await?;
        Ok(status.to_string())
    })
    .await?;

    // Sustained: every person signs in again and again; sign-ins finished
    // within the window count (the drain after it would only idle the pool).
    let server = Server::start(&options.server, &data_dir).await?;
    let window = Duration::from_secs(options.seconds);
    let started = Instant::now();
    let counts = futures_util::future::join_all((0..options.concurrency).map(|n| {
        let address = server.address.clone();
        async move {
            let (mut done, mut busy) = (0usize, 0usize);
            while started.elapsed() < window {
                busy += sign_in(&address, n).await?;
                if started.elapsed() <= window {
                    done += 1;
                }
            }
            anyhow::Ok((done, busy))
        }
    }))
    .await;
    let (mut done, mut busy) = (0, 0);
    for count in counts {
        let (d, b) = count?;
        done += d;
        busy += b;
    }
    let peak = server.memory_mib("VmHWM:")?;
    println!(
        "\nSustained, {} people for {} s: {done} sign-ins = **{:.1} per second** (goal {goal:.0}); \
         {busy} answers of 503 on the way; peak RSS {peak:.0} MiB",
        options.concurrency,
        options.seconds,
        done as f64 / window.as_secs_f64()
    );
    drop(server);
    std::fs::remove_dir_all(&data_dir).ok();
    Ok(())
}
