//! The `colloquy` command: only the command line. Each subcommand's work
//! lives in the library beside what it operates on.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use colloquy::config::{Config, Overrides};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

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
    /// Serve the site (runs migrations first, unless --no-migrate).
    Serve {
        /// Address to listen on [env: COLLOQUY_LISTEN] [default: 127.0.0.1:8080]
        #[arg(long, value_name = "ADDR")]
        listen: Option<SocketAddr>,
        /// Do not migrate: refuse to start unless the schema is exactly this
        /// version's (several instances: run `colloquy migrate` once first).
        #[arg(long)]
        no_migrate: bool,
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
    /// Back up the database and the stored files into DIR (new or empty),
    /// beside a live server.
    Backup {
        #[arg(value_name = "DIR")]
        dir: PathBuf,
    },
    /// Restore a backup made by `colloquy backup` (stop the server first).
    Restore {
        #[arg(value_name = "DIR")]
        dir: PathBuf,
        /// Replace a database that already holds accounts.
        #[arg(long)]
        force: bool,
    },
    /// Check the configuration, the database, the storage, SMTP and the
    /// OpenID provider; exits non-zero if any check fails.
    Check,
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
    /// the newest one's settings if it does not exist) and announce it. A
    /// window that ends after the edition's deadlines is refused.
    Call {
        year: i32,
        /// When the call opens (RFC 3339, e.g. 2026-01-10T08:00:00Z).
        #[arg(long, value_parser = parse_time)]
        from: OffsetDateTime,
        /// When the call closes (RFC 3339, e.g. 2026-03-21T23:59:00-07:00).
        #[arg(long, value_parser = parse_time)]
        until: OffsetDateTime,
        /// Set the window even though the edition's other dates then come
        /// before it (printed as a warning): for a test world that reopens a
        /// call whose deadlines have passed, never for a real edition.
        #[arg(long)]
        allow_out_of_order: bool,
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
    /// Write the live content into DIR as the content files `import` reads
    /// (site.toml, naclo.toml, board/, editions/), for a society that keeps
    /// its site in git. Other files in DIR are left alone.
    Export {
        /// The content folder to write.
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
    return_freed_photos_to_the_system();
    let cli = Cli::parse();
    // The PDF inspector limits its own memory: it must not start a runtime.
    if let Command::InspectPdf = &cli.command {
        return colloquy::uploads::pdf::run_inspector();
    }
    // Needs no configuration: `make api-types` runs it anywhere.
    if let Command::Openapi = &cli.command {
        return match colloquy::openapi::document().to_pretty_json() {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("error: {error}");
                ExitCode::FAILURE
            }
        };
    }
    let listen = match &cli.command {
        Command::Serve { listen, .. } => *listen,
        _ => None,
    };
    let config = Config::load(Overrides { listen, data_dir: cli.data_dir.clone() });
    colloquy::logging::init(config.as_ref().map(|c| c.log_format).unwrap_or_default());
    if let (Command::Check, Err(error)) = (&cli.command, &config) {
        println!("{}", colloquy::check::configuration_failed(error));
        return ExitCode::FAILURE;
    }
    let runtime = tokio::runtime::Runtime::new().expect("the async runtime starts");
    let result =
        config.context("invalid configuration").and_then(|config| runtime.block_on(run(cli, config)));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli, config: Config) -> anyhow::Result<()> {
    use colloquy::{admin, content, db};
    // A command that uses the database shares it as a server does, so a
    // restore (which takes it alone) never runs under it, nor it under a
    // restore. `serve` takes it itself; `check` and `restore` do not.
    let _in_use = match &cli.command {
        Command::Serve { .. } | Command::Check | Command::Restore { .. } => None,
        _ => Some(db::in_use::serving(&config).await?),
    };
    let report = match cli.command {
        Command::Serve { no_migrate, .. } => {
            let migrations =
                if no_migrate { colloquy::Migrations::Require } else { colloquy::Migrations::Run };
            return colloquy::serve::run(config, migrations).await;
        }
        Command::Check => {
            let (report, passed) = colloquy::check::run(&config).await;
            println!("{report}");
            anyhow::ensure!(passed, "colloquy check found problems");
            return Ok(());
        }
        Command::Backup { dir } => colloquy::backup::backup(&config, &dir).await?,
        Command::Restore { dir, force } => colloquy::backup::restore(&config, &dir, force).await?,
        Command::Migrate => db::schema::migrate_command(&config).await?,
        Command::Admin { action: AdminAction::Grant { email } } => {
            admin::command_line::set_admin(&config, &email, true).await?
        }
        Command::Admin { action: AdminAction::Revoke { email } } => {
            admin::command_line::set_admin(&config, &email, false).await?
        }
        Command::Edition { action: EditionAction::Call { year, from, until, allow_out_of_order } } => {
            use content::command_line::Order;
            let order = if allow_out_of_order { Order::Allow } else { Order::Check };
            content::command_line::set_call(&config, year, from, until, order).await?
        }
        Command::Content { action: ContentAction::Import { dir } } => {
            content::command_line::import(&config, &dir).await?
        }
        Command::Content { action: ContentAction::Export { dir } } => {
            content::command_line::export(&config, &dir).await?
        }
        Command::Openapi | Command::InspectPdf => unreachable!("handled before the configuration is read"),
    };
    println!("{report}");
    Ok(())
}

/// Has glibc map every allocation of 1 MiB or more on its own, so that
/// freeing it gives the memory back at once (issue 37 item 2).
///
/// Left alone, glibc raises that threshold to the largest block freed so far
/// (up to 32 MiB): after the first photo, the tens of megabytes each decoded
/// picture needs come from the heap of the thread that decoded it and stay
/// there. Ten worst-case photos at once then grew the server by 165 to 400
/// MiB; with the threshold fixed, by about 100 (bench/README.md). An
/// operator's own `MALLOC_MMAP_THRESHOLD_` is left to glibc.
fn return_freed_photos_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        const MAPPED_FROM_BYTES: libc::c_int = 1 << 20;
        // SAFETY: mallopt only sets an allocator tunable, which glibc allows
        // at any time and from any thread; it takes no pointer.
        #[allow(unsafe_code)]
        let set = unsafe { libc::mallopt(libc::M_MMAP_THRESHOLD, MAPPED_FROM_BYTES) };
        // 1 is success; glibc refuses only values past its maximum (32 MiB).
        debug_assert_eq!(set, 1);
    }
}
