//! E-mail: through SMTP when `COLLOQUY_SMTP_URL` is set, otherwise each
//! message is written as one `.eml` file in `DATA/outbox/`.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use lettre::message::{Mailbox, SinglePart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;

use crate::accounts::email::Email;
use crate::config::Config;

/// A message before it has a recipient and sender.
#[derive(Debug, Clone)]
pub struct Letter {
    pub subject: String,
    pub body: String,
}

#[derive(Clone)]
pub struct Mailer {
    transport: Arc<Transport>,
    from: Mailbox,
    metrics: crate::metrics::Metrics,
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
                    .build(),
            ),
            None => {
                let outbox = outbox_dir(config);
                std::fs::create_dir_all(&outbox)
                    .with_context(|| format!("cannot create the outbox {}", outbox.display()))?;
                Transport::Outbox(AsyncFileTransport::new(outbox))
            }
        };
        Ok(Self { transport: Arc::new(transport), from, metrics: crate::metrics::Metrics::default() })
    }

    /// Counts sent and failed e-mails in `metrics`.
    pub fn counting(mut self, metrics: crate::metrics::Metrics) -> Self {
        self.metrics = metrics;
        self
    }

    /// Sends now; fails if the message cannot be handed over.
    pub async fn send(&self, to: &Email, letter: Letter) -> anyhow::Result<()> {
        let sent = self.deliver(to, letter).await;
        match &sent {
            Ok(()) => self.metrics.email_sent(),
            Err(_) => self.metrics.email_failed(),
        }
        sent
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

    async fn deliver(&self, to: &Email, letter: Letter) -> anyhow::Result<()> {
        // Names and titles are often not ASCII ("Zoë Ñúñez"): a MIME part
        // declared `text/plain; charset=utf-8` (with `MIME-Version: 1.0`) makes
        // mail clients read the body as UTF-8 instead of guessing, and lettre
        // picks a 7-bit-safe transfer encoding for it and RFC 2047 words for
        // non-ASCII headers.
        let message = Message::builder()
            .from(self.from.clone())
            .to(to.as_str().parse().context("recipient address")?)
            .subject(letter.subject)
            .singlepart(SinglePart::plain(letter.body))
            .context("building an e-mail")?;
        match self.transport.as_ref() {
            Transport::Smtp(smtp) => smtp.send(message).await.map(|_| ()).context("SMTP delivery failed"),
            Transport::Outbox(outbox) => {
                outbox.send(message).await.map(|_| ()).context("writing an e-mail to the outbox failed")
            }
        }
    }

    /// Sends without making the request wait: the answer to "register" or
    /// "forgot password" then takes as long whether or not an e-mail went
    /// out, and a slow mail server does not slow the site. Failures are logged.
    pub fn send_later(&self, to: Email, letter: Letter) {
        let mailer = self.clone();
        tokio::spawn(async move {
            if let Err(error) = mailer.send(&to, letter).await {
                tracing::error!(error = format!("{error:#}"), "an e-mail could not be sent");
            }
        });
    }
}

pub fn outbox_dir(config: &Config) -> PathBuf {
    config.data_dir.join("outbox")
}
