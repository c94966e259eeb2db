//! E-mail: written to the outbox table in the transaction that causes it,
//! then delivered by a sender loop (see `sender`) through SMTP when
//! `COLLOQUY_SMTP_URL` is set, otherwise as one `.eml` file each in
//! `DATA/outbox/`.

pub mod outbox;
pub mod sender;
pub mod store;
pub mod types;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use anyhow::Context;
use lettre::message::header::ContentType;
use lettre::message::{Attachment as MimeAttachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;
use tokio::sync::Notify;

use crate::config::Config;

/// How long one SMTP exchange may take before it counts as failed (well
/// under `outbox::CLAIM`).
pub const SMTP_TIMEOUT: Duration = Duration::from_secs(30);

/// A message before it has a recipient and sender.
#[derive(Debug, Clone)]
pub struct Letter {
    pub subject: String,
    pub body: String,
}

/// A file sent with a letter (a ticket's QR code, a calendar entry); kept in
/// the outbox with it until it is delivered.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Attachment {
    /// The name the recipient sees: `ticket.png`.
    pub filename: String,
    /// Its MIME type: `image/png`, `text/calendar; charset=utf-8`.
    pub content_type: String,
    pub content: Vec<u8>,
}

#[derive(Clone)]
pub struct Mailer {
    transport: Arc<Transport>,
    from: Mailbox,
    /// Wakes this instance's sender loop when an e-mail was queued here.
    queued: Arc<Notify>,
    counters: Arc<Counters>,
}

/// What this process's sender loop has done since it started (for metrics).
#[derive(Debug, Default)]
pub struct Counters {
    sent: AtomicU64,
    failed: AtomicU64,
    given_up: AtomicU64,
}

impl Counters {
    /// E-mails handed over to the SMTP server or the file outbox.
    pub fn sent(&self) -> u64 {
        self.sent.load(Ordering::Relaxed)
    }

    /// Failed attempts (each retry that fails counts again).
    pub fn failed(&self) -> u64 {
        self.failed.load(Ordering::Relaxed)
    }

    /// E-mails given up after their last attempt.
    pub fn given_up(&self) -> u64 {
        self.given_up.load(Ordering::Relaxed)
    }
}

enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Outbox(AsyncFileTransport<Tokio1Executor>),
}

impl Mailer {
    pub fn from_config(config: &Config) -> anyhow::Result<Self> {
        let from: Mailbox = config
            .mail_from
            .parse()
            .with_context(|| format!("COLLOQUY_MAIL_FROM is not a valid sender: {}", config.mail_from))?;
        let transport = match &config.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())
                    .context("COLLOQUY_SMTP_URL is not a valid smtp:// or smtps:// URL")?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build(),
            ),
            None => {
                let outbox = outbox_dir(config);
                std::fs::create_dir_all(&outbox)
                    .with_context(|| format!("cannot create the outbox {}", outbox.display()))?;
                Transport::Outbox(AsyncFileTransport::new(outbox))
            }
        };
        Ok(Self {
            transport: Arc::new(transport),
            from,
            queued: Arc::new(Notify::new()),
            counters: Arc::default(),
        })
    }

    /// Tells this instance's sender loop that an e-mail was committed to the
    /// outbox (others find it when they poll).
    pub fn wake(&self) {
        self.queued.notify_one();
    }

    pub fn counters(&self) -> &Counters {
        &self.counters
    }

    /// Connects to the SMTP server and greets it (`colloquy check`);
    /// returns the server's address as configured, without credentials.
    pub async fn check_smtp(&self) -> anyhow::Result<String> {
        let Transport::Smtp(smtp) = self.transport.as_ref() else {
            anyhow::bail!("COLLOQUY_SMTP_URL is not set");
        };
        let answered = smtp.test_connection().await.context("cannot reach the SMTP server")?;
        anyhow::ensure!(answered, "the SMTP server did not answer");
        Ok("the SMTP server".to_owned())
    }

    /// Hands one e-mail over now; fails if it cannot be. Only the sender
    /// loop calls this: everything else queues (`outbox::enqueue`).
    async fn deliver(&self, to: &str, letter: Letter, attachments: Vec<Attachment>) -> anyhow::Result<()> {
        // Names and titles are often not ASCII ("Zoë Ñúñez"): a MIME part
        // declared `text/plain; charset=utf-8` (with `MIME-Version: 1.0`) makes
        // mail clients read the body as UTF-8 instead of guessing, and lettre
        // picks a 7-bit-safe transfer encoding for it and RFC 2047 words for
        // non-ASCII headers.
        let builder = Message::builder()
            .from(self.from.clone())
            .to(to.parse().context("recipient address")?)
            .subject(letter.subject);
        let text = SinglePart::plain(letter.body);
        let message = if attachments.is_empty() {
            builder.singlepart(text)
        } else {
            // multipart/mixed: the text first, then each file (base64).
            let mut parts = MultiPart::mixed().singlepart(text);
            for file in attachments {
                let kind = ContentType::parse(&file.content_type)
                    .with_context(|| format!("the attachment type {}", file.content_type))?;
                parts = parts.singlepart(MimeAttachment::new(file.filename).body(file.content, kind));
            }
            builder.multipart(parts)
        }
        .context("building an e-mail")?;
        match self.transport.as_ref() {
            Transport::Smtp(smtp) => smtp.send(message).await.map(|_| ()).context("SMTP delivery failed"),
            Transport::Outbox(outbox) => {
                outbox.send(message).await.map(|_| ()).context("writing an e-mail to the outbox failed")
            }
        }
    }
}

pub fn outbox_dir(config: &Config) -> PathBuf {
    config.data_dir.join("outbox")
}
