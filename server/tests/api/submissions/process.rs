//! Another instance of the server: the real binary, started as an operator
//! starts it, on the database and data folder of a test's app. Sessions live
//! in the database, so a client signed in on the app is signed in here too.

use std::process::Stdio;
use std::time::Duration;

use secrecy::ExposeSecret;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

use crate::helpers::TestApp;

pub struct ServerProcess {
    child: Child,
    /// `http://127.0.0.1:PORT`
    pub address: String,
}

impl ServerProcess {
    /// Starts `colloquy serve` on `app`'s database and data folder, with the
    /// extra environment `env`, and waits until it serves.
    pub async fn start(app: &TestApp, env: &[(&str, &str)]) -> Self {
        let config = &app.state.config;
        let log = tempfile::NamedTempFile::new_in(&config.data_dir).unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_colloquy"));
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(&config.data_dir)
            .env_remove("DATABASE_URL")
            .env_remove("COLLOQUY_DATA_DIR")
            .env_remove("COLLOQUY_STORAGE")
            .env("COLLOQUY_CONFIG", config.data_dir.join("absent.toml"))
            .env_remove("COLLOQUY_WEB_DIR")
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(log.reopen().unwrap())
            .kill_on_drop(true);
        if let Some(web_dir) = &config.web_dir {
            command.env("COLLOQUY_WEB_DIR", web_dir);
        }
        if let Some(url) = &config.database_url {
            command.env("DATABASE_URL", url.expose_secret());
        }
        let mut child = command.spawn().expect("the binary starts");
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = tokio::time::timeout(Duration::from_secs(60), lines.next_line()).await;
        let line = match first {
            Ok(Ok(Some(line))) => line,
            other => panic!(
                "the server did not start ({other:?}); its log:\n{}",
                std::fs::read_to_string(log.path()).unwrap_or_default()
            ),
        };
        let address = line
            .strip_prefix("colloquy is serving the site at ")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"))
            .to_owned();
        Self { child, address }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    /// A request that uploads `pdf` as an abstract.
    pub fn upload(&self, client: &reqwest::Client, pdf: &[u8]) -> reqwest::RequestBuilder {
        let part = reqwest::multipart::Part::bytes(pdf.to_vec())
            .file_name("abstract.pdf")
            .mime_str("application/pdf")
            .unwrap();
        client
            .post(self.url("/api/submissions"))
            .multipart(reqwest::multipart::Form::new().text("title", "Tone sandhi").part("file", part))
    }

    /// `kill -9`: the process ends at once, with no chance to clean up.
    pub async fn kill(&mut self) {
        self.child.kill().await.expect("the server can be killed");
    }
}
