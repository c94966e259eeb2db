//! Logs on standard error: lines for people by default, or one JSON object
//! per event (`COLLOQUY_LOG_FORMAT=json`) for log collectors.

use serde::Deserialize;
use tracing_subscriber::EnvFilter;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl<'de> Deserialize<'de> for LogFormat {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = String::deserialize(deserializer)?;
        match value.trim().to_ascii_lowercase().as_str() {
            // An empty variable counts as unset, as for every setting.
            "" | "text" => Ok(Self::Text),
            "json" => Ok(Self::Json),
            other => Err(serde::de::Error::custom(format!("expected `text` or `json`, found {other:?}"))),
        }
    }
}

/// Installs the process's log subscriber (`RUST_LOG` filters it).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr);
    match format {
        LogFormat::Text => logs.init(),
        // The current span's fields (method, path, client) go in each event,
        // so a collector can group a request's lines without parsing text.
        LogFormat::Json => logs.json().with_current_span(true).with_span_list(false).init(),
    }
}
