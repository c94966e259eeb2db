//! The photo pipeline's peak memory (issue 24 item 5, issue 37 item 2):
//! photos uploaded at once by an editor, of four shapes: a 12-megapixel
//! phone photo, the worst case the limits accept (a 24-megapixel camera
//! JPEG with grain, 72 MB decoded), the review's tall PNG (1600 × 16383,
//! refused from its header since issue 37) and the tallest PNG the limits
//! accept (1600 × 4800 RGBA, kept whole in its 1600 px variant). Each
//! scenario starts a fresh real release server (so its peak, `VmHWM` in
//! `/proc/PID/status`, is that scenario's alone), signs the editor in by a
//! seeded session, posts the photos to `/api/editor/photos`, follows each
//! upload's job until it ends and reads the server's peak resident memory.
//!
//!     cargo build --release -p colloquy -p colloquy-bench
//!     target/release/photo-uploads                 # --server BIN, --shapes phone,camera,tall,tallest
//!
//! See bench/README.md for the figures.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use futures_util::future::join_all;
use image::ImageEncoder;

/// Measures the photo pipeline's memory and time.
#[derive(clap::Parser)]
struct Options {
    /// The release binary to start.
    #[arg(long, default_value = "target/release/colloquy")]
    server: PathBuf,
    /// The shapes to send, each alone or two at once, then ten at once.
    #[arg(long, value_delimiter = ',', default_value = "phone,camera,tall,tallest")]
    shapes: Vec<String>,
}

/// A `width` × `height` picture with a photo's detail: smooth gradients
/// with grain, so it encodes and decodes like a camera's photo, different
/// for each `seed`.
fn grainy(width: u32, height: u32, seed: u32) -> image::RgbImage {
    let mut noise = seed.wrapping_mul(2_654_435_761).max(1);
    image::RgbImage::from_fn(width, height, |x, y| {
        noise ^= noise << 13;
        noise ^= noise >> 17;
        noise ^= noise << 5;
        let grain = (noise % 24) as u8;
        image::Rgb([
            ((x / 16) as u8).wrapping_add(grain),
            ((y / 12) as u8).wrapping_add(grain),
            (((x + y) / 28) as u8).wrapping_add(seed as u8),
        ])
    })
}

fn jpeg(pixels: &image::RgbImage) -> anyhow::Result<Vec<u8>> {
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90).encode_image(pixels)?;
    Ok(jpeg)
}

/// A smooth RGBA PNG (a few MB however tall: it compresses well), as the
/// review's tall pictures were.
fn smooth_png(width: u32, height: u32, seed: u32) -> anyhow::Result<Vec<u8>> {
    let pixels = image::RgbaImage::from_fn(width, height, |x, y| {
        image::Rgba([(x / 8) as u8, (y / 64) as u8, seed as u8, 255])
    });
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png).write_image(
        pixels.as_raw(),
        width,
        height,
        image::ExtendedColorType::Rgba8,
    )?;
    Ok(png)
}

/// Photo `seed` of `shape`, with its file name.
fn photo(shape: &str, seed: u32) -> anyhow::Result<(String, Vec<u8>)> {
    Ok(match shape {
        "phone" => (format!("IMG_{seed:04}.JPG"), jpeg(&grainy(4000, 3000, seed))?),
        "camera" => (format!("DSC_{seed:04}.JPG"), jpeg(&grainy(6000, 4000, seed))?),
        "tall" => (format!("tall-{seed}.png"), smooth_png(1600, 16_383, seed)?),
        "tallest" => (format!("strip-{seed}.png"), smooth_png(1600, 4800, seed)?),
        other => bail!("no shape {other}: phone, camera, tall or tallest"),
    })
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
async fn scenario(options: &Options, shape: &str, photos: &[(String, Vec<u8>)]) -> anyhow::Result<()> {
    let (config, db) = colloquy_bench::fresh_database().await?;
    let cookie = colloquy_bench::seed_editor(&db).await?;
    db.close().await;
    let (server, address) = colloquy_bench::start_server(&options.server, &config).await?;
    let pid = server.id().context("the server is running")?;
    let (idle, _) = memory_mib(pid)?;
    let client = reqwest::Client::new();
    let started = Instant::now();
    let uploads = photos.iter().map(|(name, bytes)| {
        let part = reqwest::multipart::Part::bytes(bytes.clone()).file_name(name.clone());
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
                return anyhow::Ok((false, started.elapsed()));
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
                    Some("done") => break Ok((true, started.elapsed())),
                    Some("waiting" | "resizing") => tokio::time::sleep(Duration::from_millis(20)).await,
                    _ => break Ok((false, started.elapsed())),
                }
            }
        }
    });
    let ended: Vec<(bool, Duration)> = join_all(uploads).await.into_iter().collect::<anyhow::Result<_>>()?;
    let stored = ended.iter().filter(|(stored, _)| *stored).count();
    let last = ended.iter().map(|(_, time)| *time).max().unwrap_or_default();
    let (_, peak) = memory_mib(pid)?;
    println!(
        "{} × {shape} at once: {stored} stored, {} refused; server idle {idle} MiB, peak {peak} MiB (+{} MiB); \
         all ended after {} ms",
        photos.len(),
        photos.len() - stored,
        peak - idle,
        colloquy_bench::ms(last),
    );
    drop(server);
    colloquy_bench::clean_up(&config);
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options: Options = clap::Parser::parse();
    for shape in &options.shapes {
        let photos = (0..10).map(|seed| photo(shape, seed)).collect::<anyhow::Result<Vec<_>>>()?;
        let size: usize = photos.iter().map(|(_, bytes)| bytes.len()).sum::<usize>() / photos.len();
        println!("{shape}: {:.1} MB a file on average", size as f64 / 1e6);
        let first = if shape == "phone" { 1 } else { 2 };
        scenario(&options, shape, &photos[..first]).await?;
        scenario(&options, shape, &photos).await?;
    }
    Ok(())
}
