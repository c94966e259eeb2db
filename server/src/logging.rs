//! Logs on standard error: lines for people by default, or one JSON object
//! per event (`COLLOQUY_LOG_FORMAT=json`) for log collectors.
//!
//! Lines are coloured only on a terminal: written to a file or a journal,
//! colour codes are bytes a reader has to wade through (and `grep` misses
//! words split by them). `NO_COLOR` (any value but empty, no-color.org)
//! turns colour off on a terminal too.

use std::io::IsTerminal;

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
    let colour = coloured(std::io::stderr().is_terminal(), std::env::var_os("NO_COLOR").as_deref());
    let logs =
        tracing_subscriber::fmt().with_env_filter(filter).with_writer(std::io::stderr).with_ansi(colour);
    match format {
        LogFormat::Text => logs.init(),
        // The current span's fields (method, path, client) go in each event,
        // so a collector can group a request's lines without parsing text.
        LogFormat::Json => logs.json().with_current_span(true).with_span_list(false).init(),
    }
}

/// Whether text logs carry colour: on a terminal, unless `NO_COLOR` says no.
fn coloured(terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    terminal && no_color.is_none_or(|value| value.is_empty())
}

#[cfg(test)]
mod tests {
    use std::ffi::OsStr;

    use super::coloured;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(coloured(true, None));
        assert!(coloured(true, Some(OsStr::new(""))));
        assert!(!coloured(true, Some(OsStr::new("1"))));
        assert!(!coloured(false, None));
        assert!(!coloured(false, Some(OsStr::new("1"))));
    }
}
