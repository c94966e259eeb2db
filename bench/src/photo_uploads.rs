//! The photo pipeline's peak memory (issue 24 item 5): ten 12-megapixel
//! photos uploaded at once by an editor, against one alone. Each scenario
//! starts a fresh real release server (so its peak, `VmHWM` in
//! `/proc/PID/status`, is that scenario's alone), signs the editor in by a
//! seeded session, posts the photos to `/api/editor/photos` and reads the
//! server's peak resident memory and the wall time until the last answer.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/photo-uploads
//!
//! See bench/README.md for the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::future::join_all;

/// Measures the photo pipeline's memory and time.
#[derive(clap::Parser)]
struct Options {
    /// The release binary to start.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// Photos uploaded at once in the second scenario.
    #[arg(long, default_value_t = 10)]
    photos: usize,
}

/// A 4000 × 3000 JPEG (12 megapixels) with a photo's detail: smooth
/// gradients with grain, so it encodes and decodes like a phone's photo
/// (about 3 MB at quality 90), different for each `seed`.
fn photo(seed: u32) -> anyhow::Result<Vec<u8>> {
    let mut noise = seed.wrapping_mul(2_654_435_761).max(1);
    let pixels = image::RgbImage::from_fn(4000, 3000, |x, y| {
        noise ^= noise << 13;
        noise ^= noise >> 17;
        noise ^= noise << 5;
        let grain = (noise % 24) as u8;
        image::Rgb([
            ((x / 16) as u8).wrapping_add(grain),
            ((y / 12) as u8).wrapping_add(grain),
            (((x + y) / 28) as u8).wrapping_add(seed as u8),
        ])
    });
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90).encode_image(&pixels)?;
    Ok(jpeg)
}

/// A process's resident memory now and at its peak, in MiB.
fn memory_mib(pid: u32) -> anyhow::Result<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let field = |name: &str| -> anyhow::Result<u64> {
        let line =
            status.lines().find(|line| line.starts_with(name)).with_context(|| format!("no {name}"))?;
        Ok(line.split_whitespace().nth(1).context("no value")?.parse::<u64>()? / 1024)
    };
    Ok((field("VmRSS:")?, field("VmHWM:")?))
}

/// Starts a fresh server, uploads `photos` at once, and prints the figures.
async fn scenario(options: &Options, photos: &[Vec<u8>]) -> anyhow::Result<()> {
    let (config, db) = colloquy_bench::fresh_database().await?;
    let cookie = colloquy_bench::seed_editor(&db).await?;
    db.close().await;
    let (server, address) = colloquy_bench::start_server(&options.server, &config).await?;
    let pid = server.id().context("the server is running")?;
    let (idle, _) = memory_mib(pid)?;
    let client = reqwest::Client::new();
    let started = Instant::now();
    let uploads = photos.iter().enumerate().map(|(i, jpeg)| {
        let part = reqwest::multipart::Part::bytes(jpeg.clone()).file_name(format!("IMG_{i:04}.JPG"));
        let request = client
            .post(format!("{address}/api/editor/photos"))
            .header("cookie", &cookie)
            .header("x-requested-with", "colloquy")
            .multipart(reqwest::multipart::Form::new().part("file", part));
        let (client, address, cookie) = (client.clone(), address.clone(), cookie.clone());
        async move {
            let response = request.send().await?;
            let status = response.status();
            let body = response.text().await?;
            if status != reqwest::StatusCode::ACCEPTED {
                bail!("{status}: {body}");
            }
            // Resized off the request: followed as the editor's page does.
            let id = serde_json::from_str::<serde_json::Value>(&body)?["id"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            loop {
                let text = client
                    .get(format!("{address}/api/editor/photos/{id}"))
                    .header("cookie", &cookie)
                    .send()
                    .await?
                    .text()
                    .await?;
                let upload: serde_json::Value = serde_json::from_str(&text)?;
                match upload["state"].as_str() {
                    Some("done") => break,
                    Some("waiting" | "resizing") => tokio::time::sleep(Duration::from_millis(20)).await,
                    _ => bail!("not stored: {upload}"),
                }
            }
            anyhow::Ok(started.elapsed())
        }
    });
    let mut times: Vec<Duration> = join_all(uploads).await.into_iter().collect::<anyhow::Result<_>>()?;
    times.sort();
    let (_, peak) = memory_mib(pid)?;
    println!(
        "{} photo(s) of 12 MP at once: server idle {idle} MiB, peak {peak} MiB (+{} MiB); first answer {} ms, \
         last {} ms",
        photos.len(),
        peak - idle,
        colloquy_bench::ms(times[0]),
        colloquy_bench::ms(*times.last().expect("at least one photo")),
    );
    drop(server);
    colloquy_bench::clean_up(&config);
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    let photos = (0..options.photos as u32).map(photo).collect::<anyhow::Result<Vec<_>>>()?;
    let size: usize = photos.iter().map(Vec::len).sum::<usize>() / photos.len();
    println!("{} photos of 4000 × 3000 px, {:.1} MB each on average", photos.len(), size as f64 / 1e6);
    scenario(&options, &photos[..1]).await?;
    scenario(&options, &photos).await?;
    Ok(())
}
