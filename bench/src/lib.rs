//! What the benchmark binaries share.

use anyhow::Context;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Child;

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
