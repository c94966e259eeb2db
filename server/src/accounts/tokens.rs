//! Random secrets handed to browsers (session ids, e-mail links, sign-in
//! state) and the single-use e-mail tokens built on them. Only SHA-256
//! hashes are stored (`store::tokens`), so a database leak reveals no
//! usable token.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use time::Duration;

/// 256 random bits, URL-safe.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system provides randomness");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The hash under which a token is stored.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Verify,
    Reset,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Verify => "verify",
            Self::Reset => "reset",
        }
    }

    /// How long a link stays valid.
    pub fn lifetime(self) -> Duration {
        match self {
            Self::Verify => Duration::hours(24),
            Self::Reset => Duration::hours(1),
        }
    }
}

/// Why a link cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenProblem {
    Invalid,
    Expired,
    Used,
    /// A newer link of the same kind was sent or used, or the address's owner
    /// took the account over.
    Replaced,
}
