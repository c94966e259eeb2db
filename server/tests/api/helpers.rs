//! `spawn_app()` and what tests share.

use std::path::{Path, PathBuf};

use axum::Router;
use colloquy::AppState;
use colloquy::config::Config;
use secrecy::SecretString;
use tempfile::TempDir;
use tokio::net::TcpListener;
use uuid::Uuid;

/// A database of its own for one test, and the configuration that names it.
pub struct TestDatabase {
    pub config: Config,
    /// The data folder; removed when the test ends.
    pub data_dir: TempDir,
}

impl TestDatabase {
    /// SQLite in a temp folder, or a new database on the PostgreSQL server
    /// that `TEST_DATABASE_URL` names.
    pub async fn new() -> Self {
        let data_dir = tempfile::tempdir().expect("a temp folder");
        let mut config = Config::with_data_dir(data_dir.path());
        if let Some(server) = postgres_server() {
            config.database_url = Some(SecretString::from(fresh_postgres_database(&server).await));
        }
        Self { config, data_dir }
    }

    /// `DATABASE_URL` for running the binary on this database (None: SQLite).
    pub fn database_url(&self) -> Option<String> {
        use secrecy::ExposeSecret;
        self.config.database_url.as_ref().map(|url| url.expose_secret().to_owned())
    }
}

pub fn postgres_server() -> Option<String> {
    std::env::var("TEST_DATABASE_URL").ok().filter(|url| !url.trim().is_empty())
}

/// Creates an empty database on the server and returns its URL.
pub async fn fresh_postgres_database(server: &str) -> String {
    use sqlx::Connection;
    let name = format!("colloquy_test_{}", Uuid::now_v7().simple());
    let mut connection = sqlx::PgConnection::connect(server)
        .await
        .expect("TEST_DATABASE_URL names a reachable PostgreSQL server");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut connection)
        .await
        .expect("can create a test database");
    let mut url = url::Url::parse(server).expect("TEST_DATABASE_URL is a URL");
    url.set_path(&name);
    url.to_string()
}

/// A running app and a client for it.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`
    pub address: String,
    pub client: reqwest::Client,
    pub state: AppState,
    /// Keeps the data folder (and its SQLite database) until the test ends.
    _database: TestDatabase,
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(Router::new(), |_| {}).await
}

/// Spawns the app with extra API routes and a chance to adjust the config.
pub async fn spawn_app_with(extra: Router<AppState>, configure: impl FnOnce(&mut Config)) -> TestApp {
    spawn_app_on(TestDatabase::new().await, extra, configure).await
}

/// Spawns the app on a database the test prepared (e.g. restored).
pub async fn spawn_app_on(
    mut database: TestDatabase,
    extra: Router<AppState>,
    configure: impl FnOnce(&mut Config),
) -> TestApp {
    let _ = tracing_subscriber::fmt().with_env_filter("error").with_test_writer().try_init();
    // By default no web app: tests of the web app give it a folder of its own.
    database.config.web_dir = Some(database.data_dir.path().join("no-web-app"));
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    // As `colloquy serve` does: links in e-mails point at the bound address.
    database.config.listen = listener.local_addr().unwrap();
    // PDFs are inspected by the real binary in a child process.
    database.config.pdf_inspector = env!("CARGO_BIN_EXE_colloquy").into();
    configure(&mut database.config);
    let state = colloquy::prepare(database.config.clone()).await.expect("the app starts");
    let address = serve_in_background(listener, state.clone(), extra);
    TestApp { address, client: browser(), state, _database: database }
}

/// Serves `state` on `listener` as `colloquy serve` does, until the test
/// ends; returns `http://ADDRESS`.
pub fn serve_in_background(listener: TcpListener, state: AppState, extra: Router<AppState>) -> String {
    let address = format!("http://{}", listener.local_addr().unwrap());
    colloquy::mail::sender::spawn(state.clone());
    let limits = colloquy::Limits::from(state.config.as_ref());
    let router = colloquy::router_with(state, extra);
    tokio::spawn(colloquy::serve(listener, router, limits, std::future::pending()));
    address
}

/// A client that behaves like the web app in a browser: keeps cookies,
/// sends the API's anti-CSRF header, does not follow redirects.
pub fn browser() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", reqwest::header::HeaderValue::from_static("colloquy"));
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.expect("the request is answered")
    }

    pub async fn post_json(&self, path: &str, body: serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).json(&body).send().await.expect("the request is answered")
    }

    /// Waits until the work requests left behind them is done (the e-mails
    /// they queue) and the outbox has sent everything queued: what a test
    /// counts then stays.
    pub async fn settled(&self) {
        let background = &self.state.background;
        background.close();
        background.wait().await;
        background.reopen();
        for _ in 0..500 {
            if self.state.db.outbox_counts().await.unwrap().queued == 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        panic!("the outbox did not empty in 10 s: {:?}", self.state.db.outbox_counts().await.unwrap());
    }

    /// Every e-mail in the outbox so far, decoded as a mail client would
    /// (see `readable`), oldest first.
    pub fn outbox(&self) -> Vec<String> {
        outbox_files(&self.state.config.data_dir.join("outbox"))
            .iter()
            .filter_map(|path| readable(&std::fs::read(path).unwrap()))
            .collect()
    }

    /// Waits (e-mails go out in the background) until `to` has had `count`
    /// e-mails, and returns them, oldest first.
    pub async fn emails_to(&self, to: &str, count: usize) -> Vec<String> {
        for _ in 0..100 {
            let emails: Vec<String> =
                self.outbox().into_iter().filter(|e| e.contains(&format!("To: {to}"))).collect();
            if emails.len() >= count {
                return emails;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{to} did not get {count} e-mail(s); the outbox has: {:#?}", self.outbox());
    }

    /// The token of the link to `path` in the `count`-th e-mail to `to`.
    ///
    /// File times can tie when two e-mails are written close together, so
    /// among the first `count` e-mails the newest with such a link is taken.
    pub async fn token_from_email(&self, to: &str, count: usize, path: &str) -> String {
        let emails = self.emails_to(to, count).await;
        emails
            .iter()
            .rev()
            .find_map(|email| link_token(email, path))
            .unwrap_or_else(|| panic!("no {path} link in: {emails:#?}"))
    }
}

/// The `.eml` files in `dir`, oldest first.
pub fn outbox_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "eml"));
    files.sort_by_key(|p| std::fs::metadata(p).and_then(|m| m.modified()).ok());
    files
}

/// An e-mail as its reader sees it, parsed by a real MIME parser: `From:`,
/// `To:` (addresses only) and `Subject:` with encoded words decoded, an empty
/// line, then the text body with its transfer encoding and charset undone.
/// None for a file the server has created but not yet written.
pub fn readable(raw: &[u8]) -> Option<String> {
    let message = mail_parser::MessageParser::default().parse(raw)?;
    let addresses = |address: Option<&mail_parser::Address>, with_names: bool| -> String {
        let Some(address) = address else { return String::new() };
        address
            .iter()
            .map(|addr| {
                let email = addr.address().unwrap_or_default();
                match addr.name() {
                    Some(name) if with_names => format!("{name} <{email}>"),
                    _ => email.to_owned(),
                }
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(format!(
        "From: {}\r\nTo: {}\r\nSubject: {}\r\n\r\n{}",
        addresses(message.from(), true),
        addresses(message.to(), false),
        message.subject().unwrap_or_default(),
        message.body_text(0).unwrap_or_default(),
    ))
}

/// The `token` query value of the first link to `path` in `text`.
pub fn link_token(text: &str, path: &str) -> Option<String> {
    let start = text.find(&format!("{path}?token="))? + path.len() + "?token=".len();
    let token: String =
        text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    (!token.is_empty()).then_some(token)
}

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}
