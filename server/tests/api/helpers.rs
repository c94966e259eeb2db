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
        self.config
            .database_url
            .as_ref()
            .map(|url| url.expose_secret().to_owned())
    }
}

fn postgres_server() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
}

/// Creates an empty database on the server and returns its URL.
async fn fresh_postgres_database(server: &str) -> String {
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
pub async fn spawn_app_with(
    extra: Router<AppState>,
    configure: impl FnOnce(&mut Config),
) -> TestApp {
    let mut database = TestDatabase::new().await;
    // By default no web app: tests of the web app give it a folder of its own.
    database.config.web_dir = database.data_dir.path().join("no-web-app");
    configure(&mut database.config);
    let state = colloquy::prepare(database.config.clone())
        .await
        .expect("the app starts");
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
    let address = format!("http://{}", listener.local_addr().unwrap());
    let router = colloquy::router_with(state.clone(), extra);
    tokio::spawn(colloquy::serve(listener, router, std::future::pending()));
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    TestApp {
        address,
        client,
        state,
        _database: database,
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("the request is answered")
    }
}

/// The repository's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}
