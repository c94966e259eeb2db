//! `colloquy check`: the configuration and every dependency, each with a
//! plain verdict, for an operator before (or beside) a start. Exits
//! non-zero when one fails.

use std::fmt;
use std::future::Future;
use std::time::Duration;

use crate::config::Config;
use crate::db::Db;
use crate::db::schema::SchemaState;
use crate::mail::Mailer;
use crate::storage::Storage;

/// How long one check may take before it counts as failed.
const CHECK_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Ok,
    Failed,
    /// Not configured, so nothing to check.
    Skipped,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Ok => "ok",
            Self::Failed => "FAILED",
            Self::Skipped => "skipped",
        })
    }
}

pub struct Line {
    pub what: &'static str,
    pub verdict: Verdict,
    pub detail: String,
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:<14} {:<8} {}", self.what, self.verdict.to_string(), self.detail)
    }
}

fn line(what: &'static str, verdict: Verdict, detail: impl Into<String>) -> Line {
    Line { what, verdict, detail: detail.into() }
}

/// The line of a configuration that did not even load.
pub fn configuration_failed(error: &dyn fmt::Display) -> String {
    line("configuration", Verdict::Failed, error.to_string()).to_string()
}

/// Runs every check; the report, and whether all passed.
pub async fn run(config: &Config) -> (String, bool) {
    let lines = [
        configuration(config),
        database(config).await,
        storage(config).await,
        smtp(config).await,
        oidc(config).await,
    ];
    let failed = lines.iter().filter(|l| l.verdict == Verdict::Failed).count();
    let mut report: Vec<String> = lines.iter().map(ToString::to_string).collect();
    report.push(if failed == 0 {
        "All checks passed.".to_owned()
    } else {
        format!("{failed} check(s) failed.")
    });
    (report.join("\n"), failed == 0)
}

async fn within<T>(work: impl Future<Output = anyhow::Result<T>>) -> anyhow::Result<T> {
    tokio::time::timeout(CHECK_TIMEOUT, work)
        .await
        .unwrap_or_else(|_| Err(anyhow::anyhow!("no answer within {} s", CHECK_TIMEOUT.as_secs())))
}

fn configuration(config: &Config) -> Line {
    let mut notes = vec![format!("data folder {}", config.data_dir.display())];
    match &config.public_url {
        Some(url) => notes.push(format!("public URL {}", url.origin().ascii_serialization())),
        None => notes.push(format!(
            "no COLLOQUY_PUBLIC_URL (links and sign-in use {})",
            config.public_url().origin().ascii_serialization()
        )),
    }
    if config.trusted_proxies.is_empty() {
        notes.push("no trusted proxies".into());
    }
    if let Err(error) = config.mail_from.parse::<lettre::message::Mailbox>() {
        return line("configuration", Verdict::Failed, format!("COLLOQUY_MAIL_FROM: {error}"));
    }
    line("configuration", Verdict::Ok, notes.join("; "))
}

async fn database(config: &Config) -> Line {
    let checked = within(async {
        let db = Db::connect(config).await?;
        let state = db.schema_state().await;
        let kind = db.kind();
        db.close().await;
        Ok((kind, state?, crate::db::in_use::users(config).await?))
    })
    .await;
    let users = |users: &Option<String>| match users {
        None => "no server or command is using it".to_owned(),
        Some(who) => format!("in use by {who}"),
    };
    match checked {
        Err(error) => line("database", Verdict::Failed, format!("{error:#}")),
        Ok((kind, SchemaState::UpToDate, using)) => {
            line("database", Verdict::Ok, format!("{kind}, schema up to date; {}", users(&using)))
        }
        Ok((kind, state @ SchemaState::Ahead { .. }, _)) => {
            line("database", Verdict::Failed, state.refusal(kind).unwrap_or_default())
        }
        Ok((kind, state, using)) => line(
            "database",
            Verdict::Ok,
            format!(
                "{kind}, answers; {} (`colloquy migrate` or a start without --no-migrate applies them); {}",
                match state {
                    SchemaState::Behind { pending } => format!("{pending} migration(s) to apply"),
                    _ => "no schema yet".to_owned(),
                },
                users(&using)
            ),
        ),
    }
}

async fn storage(config: &Config) -> Line {
    let place = match &config.storage {
        Some(url) => url.clone(),
        None => config.data_dir.join("files").display().to_string(),
    };
    let checked = within(async { Storage::from_config(config)?.check_round_trip().await }).await;
    match checked {
        Ok(()) => line("storage", Verdict::Ok, format!("{place}: wrote, read back and deleted a test file")),
        Err(error) => line("storage", Verdict::Failed, format!("{place}: {error:#}")),
    }
}

async fn smtp(config: &Config) -> Line {
    if config.smtp_url.is_none() {
        return line(
            "smtp",
            Verdict::Skipped,
            format!(
                "COLLOQUY_SMTP_URL is not set: e-mails are written to {}",
                crate::mail::outbox_dir(config).display()
            ),
        );
    }
    let checked = within(async { Mailer::from_config(config)?.check_smtp().await }).await;
    match checked {
        Ok(server) => line("smtp", Verdict::Ok, format!("{server} accepts connections")),
        Err(error) => line("smtp", Verdict::Failed, format!("{error:#}")),
    }
}

async fn oidc(config: &Config) -> Line {
    if config.oidc_client_id.is_none() {
        return line("oidc", Verdict::Skipped, "COLLOQUY_OIDC_CLIENT_ID is not set: no Google sign-in");
    }
    match within(crate::accounts::google::discover(config)).await {
        Ok(issuer) => line("oidc", Verdict::Ok, format!("{issuer} publishes its discovery document")),
        Err(error) => line("oidc", Verdict::Failed, format!("{}: {error:#}", config.oidc_issuer)),
    }
}
