//! The limits one password attempt (sign-in, change password) is counted
//! against, and how: only a completed failure counts.

use super::limits;
use crate::AppState;
use crate::db::Db;
use crate::email::Email;
use crate::error::{ApiError, ApiResult};
use crate::rate_limit::ClientIp;
use crate::rate_limit::store::Slot;

/// A password attempt while its password is checked.
///
/// The account's limits (its ceiling from everywhere, and this client's
/// share of it) must hold exactly, even against many guesses in parallel
/// (OWASP ASVS 2.2.1): the attempt reserves a slot of each before the check,
/// atomically, and keeps them only if the password was wrong. A success, or
/// a check that could not be made (the server was busy, the client went
/// away), gives them back. An honest sign-in thus holds its account's slot
/// only for the moment of hashing, and only its own account's.
///
/// The client's limit (the network's: a campus behind one address) must
/// never hold back an honest crowd, so nothing is reserved there: the
/// attempt goes ahead while the network's recorded failures are under the
/// limit, and records its own once the password proved wrong. Attempts in
/// flight together can pass the limit by at most as many as hold a turn on
/// the password pool (two per worker: the attempt is taken after its turn,
/// so those waiting for one have not been counted in yet).
pub(super) struct PasswordAttempt {
    db: Db,
    client: String,
    account: Option<Email>,
    slots: Vec<Slot>,
}

impl PasswordAttempt {
    /// Checks the network's limit and reserves the account's slots, or
    /// answers 429 saying whether the network or the account is limited; a
    /// refused attempt keeps nothing.
    pub(super) async fn take(state: &AppState, client: ClientIp, account: Option<&Email>) -> ApiResult<Self> {
        let db = &state.db;
        let client = client.to_string();
        if !db.has_free_slot(&limits::LOGIN_CLIENT, &client).await? {
            return Err(ApiError::TooManyRequests(limits::LOGIN_CLIENT_MESSAGE.into()));
        }
        let mut attempt = Self { db: db.clone(), client, account: account.cloned(), slots: Vec::new() };
        if let Some(account) = account {
            let wanted = [
                (limits::LOGIN_ACCOUNT, account.as_str().to_owned()),
                (limits::LOGIN_ACCOUNT_CLIENT, account_client(&attempt.client, account)),
            ];
            for (limit, subject) in wanted {
                match db.take_slot(&limit, &subject).await? {
                    Some(slot) => attempt.slots.push(slot),
                    None => {
                        attempt.give_back().await?;
                        return Err(ApiError::TooManyRequests(limits::LOGIN_ACCOUNT_MESSAGE.into()));
                    }
                }
            }
        }
        Ok(attempt)
    }

    /// The password was wrong: the account's slots stay taken, and the
    /// network's failure is recorded. (Past its limit, which attempts in
    /// flight together can be, there is no slot to record it in: the limit
    /// is reached either way.)
    pub(super) async fn failed(mut self) -> ApiResult<()> {
        self.slots.clear();
        self.db.take_slot(&limits::LOGIN_CLIENT, &self.client).await?;
        Ok(())
    }

    /// The password was right: the attempt was no guess. Its slots go back,
    /// and this client's earlier failures on the account are forgiven (not
    /// the account's ceiling, or signing in now and then would let a
    /// stranger guess without end).
    pub(super) async fn succeeded(mut self) -> ApiResult<()> {
        self.give_back().await?;
        if let Some(account) = &self.account {
            let subject = account_client(&self.client, account);
            self.db.clear_slots(&limits::LOGIN_ACCOUNT_CLIENT, &subject).await?;
        }
        Ok(())
    }

    async fn give_back(&mut self) -> sqlx::Result<()> {
        for slot in std::mem::take(&mut self.slots) {
            self.db.give_back_slot(&slot).await?;
        }
        Ok(())
    }
}

/// An attempt that ends without a verdict (hashing busy or failed, a
/// database error, the request dropped) was no guess: its slots go back.
impl Drop for PasswordAttempt {
    fn drop(&mut self) {
        if self.slots.is_empty() {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let slots = std::mem::take(&mut self.slots);
        let db = self.db.clone();
        runtime.spawn(async move {
            for slot in slots {
                if let Err(error) = db.give_back_slot(&slot).await {
                    tracing::warn!(error = %error, "giving back a password attempt's slot failed");
                }
            }
        });
    }
}

fn account_client(client: &str, account: &Email) -> String {
    format!("{client} {}", account.as_str())
}
