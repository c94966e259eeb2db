//! Password hashing with argon2id, off the async threads (it is slow on
//! purpose).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

use super::fields::NewPassword;

/// The PHC string (`$argon2id$v=19$…`) of a new password, with a fresh salt.
pub async fn hash(password: &NewPassword) -> anyhow::Result<String> {
    let password = password.expose().to_owned();
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|error| anyhow::anyhow!("hashing a password failed: {error}"))
    })
    .await?
}

/// Whether `password` matches `stored`. With no stored hash (unknown account,
/// or one that only signs in with Google) a dummy hash is checked instead, so
/// the answer takes as long either way and reveals nothing.
pub async fn verify(password: &str, stored: Option<String>) -> anyhow::Result<bool> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let parsed = PasswordHash::new(&stored)
            .map_err(|error| anyhow::anyhow!("a stored password hash is malformed: {error}"))?;
        let matches = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(matches && stored != DUMMY_HASH)
    })
    .await?
}

/// The argon2id hash of a random password nobody knows.
const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$Hh0Dk3A8H2CFLe8nWzJwBt6j0R9W0qSuJ0YQ8kJZb6o";

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let password = NewPassword::parse("correct horse").unwrap();
        let stored = hash(&password).await.unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("correct horse", Some(stored.clone())).await.unwrap());
        assert!(!verify("wrong horse", Some(stored)).await.unwrap());
        assert!(!verify("anything", None).await.unwrap());
    }
}
