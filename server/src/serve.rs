//! `colloquy serve`: binds the address, prepares the app, serves until
//! SIGTERM or Ctrl-C, then lets requests in flight finish.

use anyhow::Context;
use tokio::net::TcpListener;

use crate::config::Config;
use crate::{Migrations, SHUTDOWN_GRACE};

pub async fn run(mut config: Config, migrations: Migrations) -> anyhow::Result<()> {
    let listener = TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    // With `--listen 127.0.0.1:0` the port is known only now; links in
    // e-mails use it unless COLLOQUY_PUBLIC_URL says otherwise.
    let address = listener.local_addr()?;
    config.listen = address;
    if config.public_url.is_none() && address.ip().is_unspecified() {
        tracing::warn!(
            "listening on {address} without COLLOQUY_PUBLIC_URL: browsers reach the site under another \
             address, so its sign-in and forms are refused as cross-site and e-mail links point nowhere; \
             set COLLOQUY_PUBLIC_URL to the site's origin"
        );
    }
    allow_a_descriptor_per_connection(config.max_connections);
    // Held until the process ends, migrations included: a restore is
    // refused meanwhile (db/in_use.rs).
    let _in_use = crate::db::in_use::serving(&config).await?;
    let state = crate::prepare_with(config, migrations).await?;
    tracing::info!(database = state.db.kind(), data_dir = %state.config.data_dir.display(), "ready");
    // Listening for the stop signals before anyone learns the address: a
    // SIGTERM sent right after it is printed still stops the server gently
    // (until a handler is registered, the signal's default kills it).
    let stop_signal = shutdown_signal().context("cannot listen for stop signals")?;
    // Printed on stdout (not the log) so people and scripts can read them;
    // the address line comes first and tests wait for it.
    announce(&format!("colloquy is serving the site at http://{address}"));
    announce(&match &state.config.smtp_url {
        Some(_) => "E-mails are sent through the SMTP server in COLLOQUY_SMTP_URL.".to_owned(),
        None => format!(
            "E-mails are written to {} (set COLLOQUY_SMTP_URL to send them).",
            crate::mail::outbox_dir(&state.config).display()
        ),
    });
    if let Some(address) = state.config.metrics_listen {
        let listener = crate::metrics::listen(address).await?;
        announce(&format!("Prometheus metrics are served at http://{}/metrics", listener.local_addr()?));
        let metrics = crate::metrics::router(state.metrics.clone(), state.passwords.clone());
        // A listener of its own: the public one never answers /metrics. It
        // lives as long as the process.
        tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, metrics).await {
                tracing::error!(%error, "the metrics listener stopped");
            }
        });
    }
    let db = state.db.clone();
    let background = state.background.clone();
    crate::mail::sender::spawn(state.clone());
    crate::submissions::sweep::spawn_periodic(state.clone());
    crate::accounts::sweep::spawn_periodic(state.db.clone());
    crate::images::sweep::spawn_periodic(state.db.clone(), state.storage.clone());
    crate::attendance::reminders::spawn_periodic(state.clone());
    crate::registration::spawn_periodic(state.clone());
    let limits = crate::Limits::from(state.config.as_ref());
    let router = crate::router(state);
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let graceful = crate::serve(listener, router, limits, async move {
        stop_signal.await;
        tracing::info!("shutting down: finishing requests in flight");
        let _ = stop_tx.send(());
    });
    tokio::select! {
        result = graceful => result.context("the server stopped with an error")?,
        () = async {
            let _ = stop_rx.await;
            tokio::time::sleep(SHUTDOWN_GRACE).await;
        } => tracing::warn!("requests still in flight after the grace period; stopping anyway"),
    }
    // What the answered requests left to do (an e-mail's link) is done
    // before the database closes, or it would be lost with the process.
    background.close();
    if tokio::time::timeout(SHUTDOWN_GRACE, background.wait()).await.is_err() {
        tracing::warn!(
            left = background.len(),
            "background work unfinished after the grace period; stopping anyway"
        );
    }
    db.close().await;
    tracing::info!("stopped");
    Ok(())
}

/// Each connection holds a file descriptor: the connection cap only holds if
/// the process may open that many and more (Debian's soft limit is 1024).
fn allow_a_descriptor_per_connection(max_connections: usize) {
    let wanted = max_connections as u64 + 256;
    match rlimit::increase_nofile_limit(wanted) {
        Ok(allowed) if allowed < wanted => tracing::warn!(
            allowed,
            wanted,
            "the open-files limit is lower than COLLOQUY_MAX_CONNECTIONS needs; raise it (ulimit -n) or lower the cap"
        ),
        Ok(_) => {}
        Err(error) => tracing::warn!(%error, "could not raise the open-files limit"),
    }
}

/// Prints a line for people and scripts watching the server. Unlike
/// `println!`, a closed standard output (the reader went away) is no reason
/// to stop serving.
pub fn announce(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM; both are listened for from the
/// moment this is called, not from the first poll.
fn shutdown_signal() -> std::io::Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut terminate = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {},
                _ = terminate.recv() => {},
            }
        })
    }
    #[cfg(not(unix))]
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}
