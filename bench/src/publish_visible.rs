//! From publish to visible (issue 24): an editor publishes a change on one
//! instance, and a visitor of a second instance on the same database sees
//! it. Two real release servers (`colloquy serve`) share a fresh database
//! (SQLite, or PostgreSQL under `scripts/with-postgres.sh`); for each round
//! the editor saves a new headline on the first and publishes it, then the
//! second is asked for the site's content every millisecond until it has
//! the headline. The reference is the same request on the second instance
//! when nothing changes, in the same run.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/publish-visible            # --rounds N, --server BIN
//!
//! See bench/README.md for the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};

#[derive(clap::Parser)]
struct Options {
    /// The release binary to start (twice).
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// Publications measured.
    #[arg(long, default_value_t = 30)]
    rounds: usize,
}

/// The editor's requests, with their session and the CSRF header.
struct Editor {
    client: reqwest::Client,
    cookie: String,
    address: String,
}

impl Editor {
    async fn send(&self, request: reqwest::RequestBuilder) -> anyhow::Result<Value> {
        let response =
            request.header("cookie", &self.cookie).header("x-requested-with", "colloquy").send().await?;
        let status = response.status();
        let body: Value = serde_json::from_str(&response.text().await?).unwrap_or(Value::Null);
        if !status.is_success() {
            bail!("{status}: {body}");
        }
        Ok(body)
    }

    async fn publish_headline(&self, headline: &str) -> anyhow::Result<()> {
        let url = format!("{}/api/editor/documents/site", self.address);
        let document = self.send(self.client.get(&url)).await?;
        let mut body = document["body"].clone();
        body["home"]["hero_title"] = json!(headline);
        self.send(self.client.put(&url).json(&json!({"base": document["tag"], "body": body}))).await?;
        self.send(self.client.post(format!("{}/api/editor/publish", self.address)).json(&json!({}))).await?;
        Ok(())
    }
}

async fn headline(client: &reqwest::Client, address: &str) -> anyhow::Result<String> {
    let site: Value =
        serde_json::from_str(&client.get(format!("{address}/api/content/site")).send().await?.text().await?)?;
    Ok(site["home"]["hero_title"].as_str().context("a headline")?.to_owned())
}

fn summary(label: &str, times: &mut [Duration]) {
    times.sort();
    println!(
        "{label}: median {} ms, p95 {} ms, max {} ms",
        colloquy_bench::ms_precise(colloquy_bench::percentile(times, 0.5)),
        colloquy_bench::ms_precise(colloquy_bench::percentile(times, 0.95)),
        colloquy_bench::ms_precise(*times.last().expect("at least one round")),
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    let (config, db) = colloquy_bench::fresh_database().await?;
    let cookie = colloquy_bench::seed_editor(&db).await?;
    db.close().await;
    let (_first, first) = colloquy_bench::start_server(&options.server, &config).await?;
    let (_second, second) = colloquy_bench::start_server(&options.server, &config).await?;
    println!(
        "two instances on {}, {} rounds",
        if config.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        options.rounds
    );
    let client = reqwest::Client::new();
    let editor = Editor { client: client.clone(), cookie, address: first };
    let (mut publishes, mut visible, mut reference) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..options.rounds {
        let wanted = format!("Published in round {round}");
        // The reference: the second instance's answer when nothing changes.
        let asked = Instant::now();
        headline(&client, &second).await?;
        reference.push(asked.elapsed());

        let started = Instant::now();
        editor.publish_headline(&wanted).await?;
        let published = Instant::now();
        publishes.push(published - started);
        loop {
            if headline(&client, &second).await? == wanted {
                visible.push(published.elapsed());
                break;
            }
            if published.elapsed() > Duration::from_secs(10) {
                bail!("round {round}: not visible on the second instance after 10 s");
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    summary("save and publish on the first instance", &mut publishes);
    summary("published → the second instance answers it", &mut visible);
    summary("reference: the second instance's answer, nothing changed", &mut reference);
    colloquy_bench::clean_up(&config);
    Ok(())
}
