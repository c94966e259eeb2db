//! The operator's content commands: `colloquy content import DIR` and
//! `colloquy edition call YEAR --from --until`.

use std::path::Path;

use time::OffsetDateTime;

use super::editions::pacific;
use crate::config::Config;
use crate::db::Db;

/// Checks every file of `dir`, then replaces all the site's content with it
/// in one transaction; returns the summary.
pub async fn import(config: &Config, dir: &Path) -> anyhow::Result<String> {
    // Check the files before touching the database: an invalid folder
    // changes nothing and names every file at fault.
    let bundle = super::bundle::from_dir(dir)?;
    let db = Db::open_migrated(config).await?;
    let summary = db.replace_content(&bundle).await?;
    Ok(format!(
        "{summary}\nFrom {}; the site serves it now (API answers are cached for up to a minute).",
        dir.display()
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
