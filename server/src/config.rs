//! Layered configuration: built-in defaults, then `colloquy.toml`, then the
//! `COLLOQUY_*` variables (and `DATABASE_URL`), then command-line flags.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use secrecy::SecretString;
use serde::{Deserialize, Serialize};
use url::Url;

use crate::client_ip::TrustedProxies;

/// Everything the server and the CLI need to know about their surroundings.
///
/// Secrets are `SecretString`s, so printing a `Config` never shows them.
#[derive(Debug, Clone, Deserialize)]
pub struct Config {
    /// Address the HTTP server binds.
    pub listen: SocketAddr,
    /// Folder for the SQLite database, local files and the e-mail outbox.
    pub data_dir: PathBuf,
    /// `postgres://…` for PostgreSQL; unset means SQLite at `DATA/colloquy.db`.
    pub database_url: Option<SecretString>,
    /// `s3://bucket/prefix`; unset means files under `DATA/files`.
    pub storage: Option<String>,
    /// `smtp://user:pass@host:port` or `smtps://…`; unset means `DATA/outbox/`.
    pub smtp_url: Option<SecretString>,
    /// Origin used in links inside e-mails and for Google sign-in; unset means
    /// `http://` + the address the server listens on.
    pub public_url: Option<Url>,
    /// Sender of the site's e-mails.
    pub mail_from: String,
    /// Development only: serve the web app from this folder (e.g. `web/dist`)
    /// instead of the copy built into the binary.
    pub web_dir: Option<PathBuf>,
    /// Google (or any OpenID provider) sign-in; unset hides the button.
    pub oidc_client_id: Option<String>,
    pub oidc_client_secret: Option<SecretString>,
    pub oidc_issuer: Url,
    /// The program that inspects uploaded PDFs in a child process: this
    /// binary (`colloquy inspect-pdf`). Tests point it at the built binary.
    #[serde(skip, default = "this_program")]
    pub pdf_inspector: PathBuf,
    /// Reverse proxies whose `X-Forwarded-For` is believed (CIDR list).
    #[serde(default)]
    pub trusted_proxies: TrustedProxies,
    /// Threads that hash passwords (each holds argon2's 19 MiB); unset means
    /// one per core.
    #[serde(default, deserialize_with = "optional_count")]
    pub password_workers: Option<usize>,
    /// Password checks that may wait for a free thread at once; past them
    /// the answer is 503. Unset means `accounts::password::DEFAULT_QUEUE`.
    #[serde(default, deserialize_with = "optional_count")]
    pub password_queue: Option<usize>,
    /// Seconds a password check may wait for a free thread before the
    /// answer is 503.
    pub password_wait_secs: u64,
    /// Seconds a client has to send a request's headers; also how long a
    /// kept-alive connection may sit idle.
    pub header_timeout_secs: u64,
    /// Seconds a request body or a response may make no progress before the
    /// connection ends.
    pub idle_timeout_secs: u64,
    /// Seconds a whole request body (an abstract upload is the largest) may
    /// take to arrive.
    pub body_deadline_secs: u64,
    /// Connections served at once; more wait in the kernel's backlog.
    pub max_connections: usize,
    /// Where Prometheus metrics are served (a listener of their own, never
    /// the public one); unset means no metrics.
    #[serde(default, deserialize_with = "optional_address")]
    pub metrics_listen: Option<SocketAddr>,
    /// `text` (default) or `json` logs.
    #[serde(default)]
    pub log_format: crate::logging::LogFormat,
    /// Hours before an event's start from which the desk checks people in.
    pub check_in_hours_before: u32,
    /// Hours after the end of an event's day until which the desk checks
    /// people in (and a check-in counts for a certificate).
    pub check_in_hours_after: u32,
    /// Bytes the site's stored photos (every WebP file of every upload) may
    /// take in all; past it, uploads are refused until unused ones are swept.
    pub photo_quota_bytes: u64,
    /// Photos one editor may upload in an hour.
    pub photos_per_hour: u64,
}

/// An address where an empty value (`VAR=`) means unset.
fn optional_address<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<SocketAddr>, D::Error> {
    match Option::<String>::deserialize(deserializer)? {
        None => Ok(None),
        Some(text) if text.trim().is_empty() => Ok(None),
        Some(text) => text.trim().parse().map(Some).map_err(|_| {
            serde::de::Error::custom(format!("expected an address such as 127.0.0.1:9100, found {text:?}"))
        }),
    }
}

/// A number where an empty value (`VAR=`) means unset, as for every setting.
fn optional_count<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<usize>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Count {
        Number(usize),
        Text(String),
    }
    match Option::<Count>::deserialize(deserializer)? {
        None => Ok(None),
        Some(Count::Number(n)) => Ok(Some(n)),
        Some(Count::Text(text)) if text.trim().is_empty() => Ok(None),
        Some(Count::Text(text)) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| serde::de::Error::custom(format!("expected a whole number, found {text:?}"))),
    }
}

fn this_program() -> PathBuf {
    std::env::current_exe().unwrap_or_else(|_| PathBuf::from("colloquy"))
}

/// The defaults, as one serialisable layer under the file and the environment.
#[derive(Serialize)]
struct Defaults {
    listen: SocketAddr,
    data_dir: PathBuf,
    mail_from: String,
    oidc_issuer: Url,
    header_timeout_secs: u64,
    idle_timeout_secs: u64,
    body_deadline_secs: u64,
    max_connections: usize,
    check_in_hours_before: u32,
    check_in_hours_after: u32,
    photo_quota_bytes: u64,
    photos_per_hour: u64,
    password_wait_secs: u64,
}

/// The longest a request waits for its turn at the password pool by
/// default: a person still waits for a sign-in form then, and a lecture
/// hall's burst fits.
pub const PASSWORD_WAIT_SECS: u64 = 10;

/// The site's photos: 2 GiB holds about two thousand uploads (their four
/// WebP files take about 1 MB), like an edition's final materials' quota.
const PHOTO_QUOTA_BYTES: u64 = 2 << 30;
/// A gallery at a time, not a flood of decodes.
const PHOTOS_PER_HOUR: u64 = 60;

impl Default for Defaults {
    fn default() -> Self {
        Self {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            mail_from: "Undergraduate Linguistics Society <no-reply@localhost>".into(),
            oidc_issuer: Url::parse("https://accounts.google.com").expect("valid default URL"),
            header_timeout_secs: 10,
            idle_timeout_secs: 30,
            // A 10 MB abstract at 300 kbit/s, a slow phone connection.
            body_deadline_secs: 300,
            max_connections: 1000,
            check_in_hours_before: 12,
            check_in_hours_after: 12,
            photo_quota_bytes: PHOTO_QUOTA_BYTES,
            photos_per_hour: PHOTOS_PER_HOUR,
            password_wait_secs: PASSWORD_WAIT_SECS,
        }
    }
}

/// Values given on the command line; they win over every other layer.
#[derive(Debug, Default, Serialize)]
pub struct Overrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub listen: Option<SocketAddr>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<PathBuf>,
}

impl Config {
    /// Reads defaults < `colloquy.toml` (or the file named by
    /// `COLLOQUY_CONFIG`) < `COLLOQUY_*` and `DATABASE_URL` < `overrides`.
    pub fn load(overrides: Overrides) -> Result<Self, Box<figment::Error>> {
        let file = std::env::var_os("COLLOQUY_CONFIG")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("colloquy.toml"));
        Figment::from(Serialized::defaults(Defaults::default()))
            .merge(Toml::file(file))
            .merge(Env::prefixed("COLLOQUY_").ignore(&["CONFIG"]))
            .merge(Env::raw().only(&["DATABASE_URL"]).map(|_| "database_url".into()))
            .merge(Serialized::defaults(overrides))
            .extract()
            .map(Config::without_blank_values)
            .map_err(Box::new)
            .and_then(Config::checked)
    }

    /// The defaults with a given data folder: what tests and tools start from.
    pub fn with_data_dir(data_dir: impl AsRef<Path>) -> Self {
        let defaults = Defaults::default();
        Self {
            listen: defaults.listen,
            data_dir: data_dir.as_ref().to_path_buf(),
            database_url: None,
            storage: None,
            smtp_url: None,
            public_url: None,
            mail_from: defaults.mail_from,
            web_dir: None,
            oidc_client_id: None,
            oidc_client_secret: None,
            oidc_issuer: defaults.oidc_issuer,
            pdf_inspector: this_program(),
            trusted_proxies: TrustedProxies::default(),
            password_workers: None,
            password_queue: None,
            password_wait_secs: defaults.password_wait_secs,
            header_timeout_secs: defaults.header_timeout_secs,
            idle_timeout_secs: defaults.idle_timeout_secs,
            body_deadline_secs: defaults.body_deadline_secs,
            max_connections: defaults.max_connections,
            metrics_listen: None,
            log_format: crate::logging::LogFormat::Text,
            check_in_hours_before: defaults.check_in_hours_before,
            check_in_hours_after: defaults.check_in_hours_after,
            photo_quota_bytes: defaults.photo_quota_bytes,
            photos_per_hour: defaults.photos_per_hour,
        }
    }

    /// A limit of 0 would turn every client away; better to say so at start.
    fn checked(self) -> Result<Self, Box<figment::Error>> {
        let limits = [
            ("header_timeout_secs", self.header_timeout_secs),
            ("idle_timeout_secs", self.idle_timeout_secs),
            ("body_deadline_secs", self.body_deadline_secs),
            ("max_connections", self.max_connections as u64),
            ("photos_per_hour", self.photos_per_hour),
            ("password_wait_secs", self.password_wait_secs),
        ];
        for (name, value) in limits {
            if value == 0 {
                let variable = format!("COLLOQUY_{}", name.to_uppercase());
                return Err(Box::new(figment::Error::from(format!("{variable} must be at least 1"))));
            }
        }
        Ok(self)
    }

    /// `VAR=` in a shell or an empty string in the file means "unset".
    fn without_blank_values(mut self) -> Self {
        use secrecy::ExposeSecret;
        fn blank_secret(value: &Option<SecretString>) -> bool {
            value.as_ref().is_some_and(|v| v.expose_secret().trim().is_empty())
        }
        if blank_secret(&self.database_url) {
            self.database_url = None;
        }
        if blank_secret(&self.smtp_url) {
            self.smtp_url = None;
        }
        if blank_secret(&self.oidc_client_secret) {
            self.oidc_client_secret = None;
        }
        if self.storage.as_deref().is_some_and(|s| s.trim().is_empty()) {
            self.storage = None;
        }
        if self.web_dir.as_deref().is_some_and(|dir| dir.as_os_str().is_empty()) {
            self.web_dir = None;
        }
        if self.oidc_client_id.as_deref().is_some_and(|s| s.trim().is_empty()) {
            self.oidc_client_id = None;
        }
        self
    }

    /// The site's origin as people reach it.
    pub fn public_url(&self) -> Url {
        self.public_url.clone().unwrap_or_else(|| {
            Url::parse(&format!("http://{}", self.listen)).expect("an address makes a valid URL")
        })
    }

    /// Whether `origin` (an `Origin` header) is one the site's own pages have:
    /// the public URL's. With no public URL set and a loopback listen
    /// address, `http://localhost:PORT` is this server too (the name people
    /// type for the printed `http://127.0.0.1:PORT`).
    pub fn is_own_origin(&self, origin: &[u8]) -> bool {
        if origin == self.public_url().origin().ascii_serialization().as_bytes() {
            return true;
        }
        self.public_url.is_none()
            && self.listen.ip().is_loopback()
            && origin == format!("http://localhost:{}", self.listen.port()).as_bytes()
    }

    /// Whether the site is reached over HTTPS (then cookies are Secure).
    pub fn is_https(&self) -> bool {
        self.public_url().scheme() == "https"
    }

    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.header_timeout_secs)
    }

    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout_secs)
    }

    pub fn body_deadline(&self) -> Duration {
        Duration::from_secs(self.body_deadline_secs)
    }

    pub fn password_wait(&self) -> Duration {
        Duration::from_secs(self.password_wait_secs)
    }

    /// Where the embedded SQLite database lives when `DATABASE_URL` is unset.
    pub fn sqlite_path(&self) -> PathBuf {
        self.data_dir.join("colloquy.db")
    }
}

#[cfg(test)]
// figment's `Jail` closures must return its (large) error type.
#[allow(clippy::result_large_err)]
mod tests {
    use super::*;
    use figment::Jail;

    #[test]
    fn defaults_then_file_then_environment_then_flags() {
        Jail::expect_with(|jail| {
            jail.create_file(
                "colloquy.toml",
                "listen = \"127.0.0.1:9000\"\npublic_url = \"https://sculc.example.org\"",
            )?;
            jail.set_env("COLLOQUY_LISTEN", "127.0.0.1:9100");
            jail.set_env("DATABASE_URL", "postgres://u:p@localhost/db");
            let config =
                Config::load(Overrides { data_dir: Some("/srv/colloquy".into()), ..Overrides::default() })
                    .map_err(|e| *e)?;
            assert_eq!(config.listen, "127.0.0.1:9100".parse().unwrap());
            assert_eq!(config.public_url().as_str(), "https://sculc.example.org/");
            assert!(config.is_https());
            assert_eq!(config.data_dir, PathBuf::from("/srv/colloquy"));
            assert!(config.database_url.is_some());
            assert_eq!(config.oidc_issuer.as_str(), "https://accounts.google.com/");
            Ok(())
        });
    }

    #[test]
    fn secrets_never_print_and_blank_variables_mean_unset() {
        Jail::expect_with(|jail| {
            jail.set_env("COLLOQUY_SMTP_URL", "smtp://user:hunter2@mail:25");
            jail.set_env("DATABASE_URL", "");
            let config = Config::load(Overrides::default()).map_err(|e| *e)?;
            assert!(!format!("{config:?}").contains("hunter2"));
            assert!(config.database_url.is_none());
            assert_eq!(config.listen, "127.0.0.1:8080".parse().unwrap());
            assert_eq!(config.public_url().as_str(), "http://127.0.0.1:8080/");
            Ok(())
        });
    }

    #[test]
    fn trusted_proxies_and_connection_limits_come_from_the_environment_or_the_file() {
        Jail::expect_with(|jail| {
            let config = Config::load(Overrides::default()).map_err(|e| *e)?;
            assert!(config.trusted_proxies.is_empty());
            assert_eq!((config.header_timeout_secs, config.max_connections), (10, 1000));
            assert_eq!((config.check_in_hours_before, config.check_in_hours_after), (12, 12));

            jail.set_env("COLLOQUY_TRUSTED_PROXIES", "10.0.0.0/8, ::1");
            jail.set_env("COLLOQUY_IDLE_TIMEOUT_SECS", "5");
            jail.set_env("COLLOQUY_CHECK_IN_HOURS_BEFORE", "2");
            let config = Config::load(Overrides::default()).map_err(|e| *e)?;
            assert_eq!(config.check_in_hours_before, 2);
            assert_eq!(config.trusted_proxies, "10.0.0.0/8 ::1".parse().unwrap());
            assert_eq!(config.idle_timeout(), Duration::from_secs(5));

            jail.clear_env();
            jail.create_file("colloquy.toml", "trusted_proxies = [\"192.0.2.0/24\", \"fd00::/8\"]")?;
            let config = Config::load(Overrides::default()).map_err(|e| *e)?;
            assert_eq!(config.trusted_proxies, "192.0.2.0/24, fd00::/8".parse().unwrap());
            Ok(())
        });
    }

    #[test]
    fn an_invalid_trusted_proxy_or_a_zero_limit_stops_the_start_with_its_name() {
        Jail::expect_with(|jail| {
            jail.set_env("COLLOQUY_TRUSTED_PROXIES", "10.0.0.0/8, 10.0.0.0/33");
            let error = Config::load(Overrides::default()).unwrap_err().to_string();
            assert!(error.contains("`10.0.0.0/33`") && error.contains("CIDR"), "{error}");

            jail.set_env("COLLOQUY_TRUSTED_PROXIES", "");
            jail.set_env("COLLOQUY_MAX_CONNECTIONS", "0");
            let error = Config::load(Overrides::default()).unwrap_err().to_string();
            assert!(error.contains("COLLOQUY_MAX_CONNECTIONS must be at least 1"), "{error}");
            Ok(())
        });
    }

    #[test]
    fn password_pool_sizes_are_whole_numbers_and_blank_means_unset() {
        Jail::expect_with(|jail| {
            jail.set_env("COLLOQUY_PASSWORD_WORKERS", "3");
            jail.set_env("COLLOQUY_PASSWORD_QUEUE", "");
            let config = Config::load(Overrides::default()).map_err(|e| *e)?;
            assert_eq!(config.password_workers, Some(3));
            assert_eq!(config.password_queue, None);
            jail.set_env("COLLOQUY_PASSWORD_QUEUE", "many");
            let error = Config::load(Overrides::default()).unwrap_err();
            assert!(error.to_string().contains("expected a whole number"), "{error}");
            Ok(())
        });
    }
}
