//! The `colloquy` command: serve the site, run migrations, manage admins.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use colloquy::accounts::email::Email;
use colloquy::admin::audit::Actor;
use colloquy::admin::roles::FlagChange;
use colloquy::config::{Config, Overrides};
use colloquy::db::Db;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

#[derive(Parser)]
#[command(name = "colloquy", version, about = "The linguistics society's website and conference portal")]
struct Cli {
    /// Folder for the SQLite database, files and the e-mail outbox [env: COLLOQUY_DATA_DIR] [default: ./data]
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the site (runs migrations first).
    Serve {
        /// Address to listen on [env: COLLOQUY_LISTEN] [default: 127.0.0.1:8080]
        #[arg(long, value_name = "ADDR")]
        listen: Option<SocketAddr>,
    },
    /// Bring the database schema up to date and exit.
    Migrate,
    /// Manage the admin flag of an account.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Manage conference editions.
    Edition {
        #[command(subcommand)]
        action: EditionAction,
    },
    /// Manage the site's content (the files under content/).
    Content {
        #[command(subcommand)]
        action: ContentAction,
    },
    /// Print the OpenAPI document (used to generate the web app's types).
    #[command(hide = true)]
    Openapi,
    /// Inspect an uploaded PDF (the server runs this in a child process).
    /// The request comes as JSON on standard input, never as arguments, so
    /// that nothing an author typed can be read as an option.
    #[command(hide = true)]
    InspectPdf,
}

#[derive(Subcommand)]
enum EditionAction {
    /// Set the call-for-abstracts window of YEAR (creating the edition from
    /// the newest one's settings if it does not exist).
    Call {
        year: i32,
        /// When the call opens (RFC 3339, e.g. 2026-01-10T08:00:00Z).
        #[arg(long, value_parser = parse_time)]
        from: OffsetDateTime,
        /// When the call closes (RFC 3339, e.g. 2026-03-21T23:59:00-07:00).
        #[arg(long, value_parser = parse_time)]
        until: OffsetDateTime,
    },
}

fn parse_time(value: &str) -> Result<OffsetDateTime, String> {
    OffsetDateTime::parse(value, &Rfc3339).map_err(|e| format!("not an RFC 3339 time ({e})"))
}

#[derive(Subcommand)]
enum ContentAction {
    /// Check every content file in DIR, then replace all the site's content
    /// with it in one transaction (nothing changes if any file is invalid).
    Import {
        /// The content folder (site.toml, naclo.toml, board/, editions/).
        #[arg(default_value = "content", value_name = "DIR")]
        dir: PathBuf,
    },
}

#[derive(Subcommand)]
enum AdminAction {
    /// Make the account with this e-mail address an admin.
    Grant { email: String },
    /// Take the admin flag away from the account with this e-mail address.
    Revoke { email: String },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The PDF inspector limits its own memory: it must not start a runtime.
    if let Command::InspectPdf = &cli.command {
        return colloquy::submissions::pdf::run_inspector();
    }
    init_tracing();
    let runtime = tokio::runtime::Runtime::new().expect("the async runtime starts");
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).init();
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let listen = match &cli.command {
        Command::Serve { listen } => *listen,
        _ => None,
    };
    let load_config = || {
        Config::load(Overrides { listen, data_dir: cli.data_dir.clone() }).context("invalid configuration")
    };
    match &cli.command {
        Command::Serve { .. } => serve(load_config()?).await,
        Command::Migrate => {
            let config = load_config()?;
            let db = Db::connect(&config).await?;
            db.migrate().await?;
            println!("The {} database is up to date.", db.kind());
            Ok(())
        }
        Command::Admin { action } => {
            let db = Db::connect(&load_config()?).await?;
            db.migrate().await?;
            let (raw, admin) = match action {
                AdminAction::Grant { email } => (email, true),
                AdminAction::Revoke { email } => (email, false),
            };
            let email = Email::parse(raw).map_err(anyhow::Error::msg)?;
            let no_account = || anyhow::anyhow!("there is no account with the e-mail address {email}");
            let account = db.account_by_email(&email).await?.ok_or_else(no_account)?;
            let actor = Actor::command_line();
            if db.change_admin_flag(account.id, admin, false, &actor).await? == FlagChange::NoSuchUser {
                return Err(no_account());
            }
            if admin {
                println!("{email} is now an admin.");
            } else {
                println!("{email} is no longer an admin.");
                if db.count_admins().await? == 0 {
                    println!("Note: there are no admins left; grant one with `colloquy admin grant EMAIL`.");
                }
            }
            Ok(())
        }
        Command::Edition { action: EditionAction::Call { year, from, until } } => {
            anyhow::ensure!(from < until, "--from must be before --until");
            let db = Db::connect(&load_config()?).await?;
            db.migrate().await?;
            db.set_call_window(*year, Some(*from), Some(*until)).await?;
            println!(
                "The call for abstracts of SCULC {year} is open from {} until {}.",
                colloquy::content::editions::pacific(*from),
                colloquy::content::editions::pacific(*until)
            );
            Ok(())
        }
        Command::Content { action: ContentAction::Import { dir } } => {
            // Check the files before touching the database: an invalid
            // folder changes nothing and names every file at fault.
            let bundle = colloquy::content::bundle::from_dir(dir)?;
            let db = Db::connect(&load_config()?).await?;
            db.migrate().await?;
            let summary = db.replace_content(&bundle).await?;
            println!("{summary}");
            println!(
                "From {}; the site serves it now (API answers are cached for up to a minute).",
                dir.display()
            );
            Ok(())
        }
        Command::InspectPdf => unreachable!("handled before the runtime starts"),
        Command::Openapi => {
            println!("{}", colloquy::openapi::document().to_pretty_json()?);
            Ok(())
        }
    }
}

async fn serve(mut config: Config) -> anyhow::Result<()> {
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
    let state = colloquy::prepare(config).await?;
    tracing::info!(database = state.db.kind(), data_dir = %state.config.data_dir.display(), "ready");
    // Printed on stdout (not the log) so people and scripts can read them;
    // the address line comes first and tests wait for it.
    announce(&format!("colloquy is serving the site at http://{address}"));
    announce(&match &state.config.smtp_url {
        Some(_) => "E-mails are sent through the SMTP server in COLLOQUY_SMTP_URL.".to_owned(),
        None => format!(
            "E-mails are written to {} (set COLLOQUY_SMTP_URL to send them).",
            state.config.data_dir.join("outbox").display()
        ),
    });
    let db = state.db.clone();
    colloquy::mail::sender::spawn(state.clone());
    colloquy::submissions::sweep::spawn_periodic(state.clone());
    colloquy::accounts::sweep::spawn_periodic(state.db.clone());
    let limits = colloquy::Limits::from(state.config.as_ref());
    let router = colloquy::router(state);
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let graceful = colloquy::serve(listener, router, limits, async move {
        shutdown_signal().await;
        tracing::info!("shutting down: finishing requests in flight");
        let _ = stop_tx.send(());
    });
    tokio::select! {
        result = graceful => result.context("the server stopped with an error")?,
        () = async {
            let _ = stop_rx.await;
            tokio::time::sleep(colloquy::SHUTDOWN_GRACE).await;
        } => tracing::warn!("requests still in flight after the grace period; stopping anyway"),
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
fn announce(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

/// Completes on Ctrl-C (SIGINT) or SIGTERM.
async fn shutdown_signal() {
    let interrupt = async {
        tokio::signal::ctrl_c().await.expect("can listen for Ctrl-C");
    };
    #[cfg(unix)]
    let terminate = async {
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("can listen for SIGTERM")
            .recv()
            .await;
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        _ = terminate => {},
    }
}
