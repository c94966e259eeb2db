//! The operator's content commands: `colloquy content import DIR` and
//! `colloquy edition call YEAR --from --until`.

use std::path::Path;

use time::OffsetDateTime;

use super::editions::pacific;
use super::store::Summary;
use super::store::versions::{GoLive, NotLive};
use crate::activity::Actor;
use crate::config::Config;
use crate::db::Db;

/// Checks every file of `dir`, then replaces all the site's content with it
/// in one transaction; returns the summary.
pub async fn import(config: &Config, dir: &Path) -> anyhow::Result<String> {
    // Check the files before touching the database: an invalid folder
    // changes nothing and names every file at fault.
    let bundle = super::bundle::from_dir(dir)?;
    let web_dir = config.web_dir.clone();
    let exists = move |path: &str| crate::web::serves_file(web_dir.as_deref(), path).unwrap_or(true);
    bundle.missing_images(&exists)?;
    let db = Db::open_migrated(config).await?;
    let live = match db.go_live(GoLive::Import(&bundle.documents()), &exists, &Actor::command_line()).await {
        Ok(live) => live,
        Err(NotLive::Invalid(invalid)) => return Err(invalid.into()),
        Err(NotLive::Database(error)) => return Err(error.into()),
        Err(other) => anyhow::bail!("the content was not imported: {other:?}"),
    };
    Ok(format!(
        "{}\nFrom {}; the site serves it now, as version {} in the history.",
        Summary::of(&bundle),
        dir.display(),
        live.version
    ))
}

/// Sets the call-for-abstracts window of `year`, creating the edition from
/// the newest one's settings if needed.
pub async fn set_call(
    config: &Config,
    year: i32,
    from: OffsetDateTime,
    until: OffsetDateTime,
) -> anyhow::Result<String> {
    anyhow::ensure!(from < until, "--from must be before --until");
    let db = Db::open_migrated(config).await?;
    if !db.edition_years().await?.contains(&year) {
        super::editions::plausible_year(year, crate::clock::now()).map_err(anyhow::Error::msg)?;
    }
    db.set_call_window(year, Some(from), Some(until)).await?;
    Ok(format!(
        "The call for abstracts of SCULC {year} is open from {} until {}.",
        pacific(from),
        pacific(until)
    ))
}
