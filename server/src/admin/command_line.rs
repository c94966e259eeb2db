//! `colloquy admin grant|revoke EMAIL`: how the first admin is made, and how
//! an operator takes the flag back without signing in.

use anyhow::anyhow;

use super::roles::FlagChange;
use crate::activity::Actor;
use crate::config::Config;
use crate::db::Db;
use crate::email::Email;

/// Sets (or clears) the admin flag of the account with this address and
/// returns what to tell the operator.
pub async fn set_admin(config: &Config, raw_email: &str, admin: bool) -> anyhow::Result<String> {
    let db = Db::open_migrated(config).await?;
    let email = Email::parse(raw_email).map_err(anyhow::Error::msg)?;
    let no_account = || anyhow!("there is no account with the e-mail address {email}");
    let account = db.account_by_email(&email).await?.ok_or_else(no_account)?;
    let actor = Actor::command_line();
    // The command line may revoke the last admin: it says how to grant one.
    if db.change_admin_flag(account.id, admin, false, &actor).await? == FlagChange::NoSuchUser {
        return Err(no_account());
    }
    if admin {
        return Ok(format!("{email} is now an admin."));
    }
    let mut report = format!("{email} is no longer an admin.");
    if db.count_admins().await? == 0 {
        report.push_str("\nNote: there are no admins left; grant one with `colloquy admin grant EMAIL`.");
    }
    Ok(report)
}
