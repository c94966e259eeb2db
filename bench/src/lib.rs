//! What the benchmark binaries share: a database of their own, the real
//! server started on it, and the figures' arithmetic.

use std::net::{IpAddr, Ipv4Addr};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::Context;
use colloquy::config::Config;
use colloquy::db::Db;
use colloquy::on_db;
use secrecy::SecretString;
use time::OffsetDateTime;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;
use uuid::Uuid;

/// A data folder of its own under the system's temp folder.
pub fn temp_data_dir() -> PathBuf {
    std::env::temp_dir().join(format!("colloquy-bench-{}", Uuid::now_v7().simple()))
}

/// A fresh database with the schema (see `fresh_config`), its data folder
/// in the temp folder (`config.data_dir`; `clean_up` removes it), and a
/// connection to seed it.
pub async fn fresh_database() -> anyhow::Result<(Config, Db)> {
    let config = fresh_config(&temp_data_dir()).await?;
    let db = Db::connect(&config).await?;
    db.migrate().await?;
    Ok((config, db))
}

/// Removes the data folder of `fresh_database`, unless
/// `COLLOQUY_BENCH_KEEP` is set (then says where it stays).
pub fn clean_up(config: &Config) {
    if std::env::var_os("COLLOQUY_BENCH_KEEP").is_some() {
        eprintln!("The data folder stays at {}.", config.data_dir.display());
    } else {
        std::fs::remove_dir_all(&config.data_dir).ok();
    }
}

/// A database of its own: SQLite in `data_dir`, or a new database on the
/// PostgreSQL server `TEST_DATABASE_URL` names (as `scripts/with-postgres.sh` sets).
pub async fn fresh_config(data_dir: &Path) -> anyhow::Result<Config> {
    let mut config = Config::with_data_dir(data_dir);
    if let Ok(server) = std::env::var("TEST_DATABASE_URL") {
        use sqlx::Connection;
        let name = format!("colloquy_bench_{}", Uuid::now_v7().simple());
        let mut connection = sqlx::PgConnection::connect(&server).await?;
        sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut connection).await?;
        let mut url = url::Url::parse(&server)?;
        url.set_path(&name);
        config.database_url = Some(SecretString::from(url.to_string()));
    }
    Ok(config)
}

/// Starts the release binary `server` (`colloquy serve`) on a free port
/// over `config`'s database and returns it with its address.
pub async fn start_server(server: &Path, config: &Config) -> anyhow::Result<(Child, String)> {
    spawn_server(server, config, Stdio::inherit()).await
}

/// As `start_server`, with the server's log in `DATA/server.log` instead of
/// the terminal: a crowd's refusals (503 busy, say) are logged one line
/// each, which would bury the figures.
pub async fn start_quiet_server(server: &Path, config: &Config) -> anyhow::Result<(Child, String)> {
    std::fs::create_dir_all(&config.data_dir)?;
    let log =
        std::fs::OpenOptions::new().create(true).append(true).open(config.data_dir.join("server.log"))?;
    spawn_server(server, config, Stdio::from(log)).await
}

async fn spawn_server(server: &Path, config: &Config, stderr: Stdio) -> anyhow::Result<(Child, String)> {
    let mut command = tokio::process::Command::new(server);
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&config.data_dir)
        .env_remove("DATABASE_URL")
        .env("COLLOQUY_CONFIG", config.data_dir.join("absent.toml"))
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(stderr)
        .kill_on_drop(true);
    if let Some(url) = &config.database_url {
        use secrecy::ExposeSecret;
        command.env("DATABASE_URL", url.expose_secret());
    }
    let mut child = command.spawn().with_context(|| format!("cannot start {}", server.display()))?;
    let address = serving_address(&mut child).await?;
    Ok((child, address))
}

/// A field of the running process's `/proc/PID/status` in MiB (`VmRSS:`,
/// the resident memory now; `VmHWM:`, its peak since the start).
pub fn memory_mib(process: &Child, field: &str) -> anyhow::Result<f64> {
    let pid = process.id().context("the process is running")?;
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kib: f64 = status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| rest.split_whitespace().next())
        .with_context(|| format!("no {field} in /proc/{pid}/status"))?
        .parse()?;
    Ok(kib / 1024.0)
}

/// Distinct loopback source addresses, one per client.
static NEXT_ADDRESS: AtomicUsize = AtomicUsize::new(0);

/// An HTTP client sending from a loopback address of its own (127.1.x.y),
/// as one person of a crowd would, so per-client rate limits stay out of
/// the figures. It keeps its connection alive, as a browser tab does.
pub fn crowd_client() -> anyhow::Result<reqwest::Client> {
    let n = NEXT_ADDRESS.fetch_add(1, Ordering::Relaxed);
    let from = Ipv4Addr::new(127, 1 + (n / 62_500) as u8, ((n / 250) % 250) as u8, (n % 250 + 1) as u8);
    Ok(reqwest::Client::builder().local_address(IpAddr::V4(from)).build()?)
}

/// The `Cookie` header of a session.
pub fn session_cookie(session: &str) -> String {
    format!("{}={session}", colloquy::accounts::session::SESSION_COOKIE)
}

/// A seeded person: a verified account with a complete profile and a
/// session of its own.
#[derive(Debug, Clone)]
pub struct Person {
    pub id: Uuid,
    pub email: String,
    /// The value of the `Cookie` header that signs them in.
    pub cookie: String,
}

/// Seeds `count` verified people, `{prefix}{n:03}@example.edu`, named
/// "Ada {n} Lovelace", each with a session (and `role`, and the password
/// `password_hash` protects, when given), straight into the database in
/// one transaction.
pub async fn seed_people(
    db: &Db,
    prefix: &str,
    count: usize,
    role: Option<&str>,
    password_hash: Option<&str>,
) -> anyhow::Result<Vec<Person>> {
    let now = OffsetDateTime::now_utc().replace_nanosecond(0)?;
    let mut people = Vec::with_capacity(count);
    let mut sessions = Vec::with_capacity(count);
    for n in 0..count {
        let session = format!("bench-session-{}", Uuid::now_v7().simple());
        people.push(Person {
            id: Uuid::now_v7(),
            email: format!("{prefix}{n:03}@example.edu"),
            cookie: session_cookie(&session),
        });
        sessions.push(colloquy::accounts::tokens::hash_token(&session));
    }
    on_db!(db, |pool| {
        let mut tx = pool.begin().await?;
        for (n, (person, session)) in people.iter().zip(&sessions).enumerate() {
            sqlx::query(
                "INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified_at, created_at)
                 VALUES ($1, $2, $3, 'Lovelace', $4, $5, $5)",
            )
            .bind(person.id)
            .bind(&person.email)
            .bind(format!("Ada {n}"))
            // Without a password of theirs, a hash no password matches: the
            // profile is complete (names and a password), as a member's is.
            .bind(password_hash.unwrap_or("!bench-no-password"))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            if let Some(role) = role {
                sqlx::query("INSERT INTO user_roles (user_id, role) VALUES ($1, $2)")
                    .bind(person.id)
                    .bind(role)
                    .execute(&mut *tx)
                    .await?;
            }
            sqlx::query(
                "INSERT INTO sessions (id_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
            )
            .bind(session)
            .bind(person.id)
            .bind(now)
            .bind(now + Duration::from_secs(86_400))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
    });
    Ok(people)
}

/// One request as the web app sends it (the session, the CSRF header);
/// answers the status, the parsed body (null if not JSON) and the time to
/// the whole answer.
pub async fn timed(request: reqwest::RequestBuilder) -> anyhow::Result<(u16, serde_json::Value, Duration)> {
    let started = std::time::Instant::now();
    let response = request.header("x-requested-with", "colloquy").send().await?;
    let status = response.status().as_u16();
    let text = response.text().await?;
    let elapsed = started.elapsed();
    Ok((status, serde_json::from_str(&text).unwrap_or(serde_json::Value::Null), elapsed))
}

/// Median, 95th percentile and maximum of `times` in ms (sorts them).
pub fn spread(times: &mut [Duration]) -> String {
    times.sort();
    format!(
        "{} | {} | {}",
        ms(percentile(times, 0.5)),
        ms(percentile(times, 0.95)),
        ms(*times.last().expect("some times"))
    )
}

/// The 1-minute load average, as the figures' notes give it.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// The `fraction` percentile of sorted durations (nearest rank).
pub fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let rank = ((sorted.len() as f64) * fraction).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// Milliseconds with one decimal.
pub fn ms(duration: Duration) -> String {
    format!("{:.1}", duration.as_secs_f64() * 1000.0)
}

/// Milliseconds with two decimals, for times well under one.
pub fn ms_precise(duration: Duration) -> String {
    format!("{:.2}", duration.as_secs_f64() * 1000.0)
}

/// Waits for a started `colloquy serve` (its standard output piped) to print
/// its address, and answers it; the rest of its output is read and dropped,
/// so the server never blocks on a full pipe.
pub async fn serving_address(server: &mut Child) -> anyhow::Result<String> {
    let mut lines =
        BufReader::new(server.stdout.take().context("the server's standard output is piped")?).lines();
    let first = lines.next_line().await?.context("the server exited before it served")?;
    let address = first
        .strip_prefix("colloquy is serving the site at ")
        .with_context(|| format!("unexpected first line: {first}"))?
        .to_owned();
    tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
    Ok(address)
}

/// An editor with a session, seeded straight into the database; answers
/// the value of the `Cookie` header that signs them in.
pub async fn seed_editor(db: &Db) -> anyhow::Result<String> {
    Ok(seed_people(db, "editor", 1, Some("editor"), None).await?.remove(0).cookie)
}
