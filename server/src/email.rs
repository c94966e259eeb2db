//! E-mail addresses as the accounts system keeps them.

use std::fmt;

/// A syntactically plausible e-mail address, trimmed and lower-cased, so two
/// spellings of one address are one account.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Email(String);

/// The longest address SMTP can carry (RFC 5321 path limit).
const MAX_LEN: usize = 254;

impl Email {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let address = raw.trim().to_lowercase();
        if address.is_empty() {
            return Err("Please enter an e-mail address.".into());
        }
        if address.len() > MAX_LEN {
            return Err("That e-mail address is too long.".into());
        }
        let valid = match address.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && !domain.is_empty()
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !address.chars().any(|c| c.is_whitespace() || c.is_control())
            }
            None => false,
        };
        if valid {
            Ok(Self(address))
        } else {
            Err(format!("'{}' is not a valid e-mail address.", raw.trim()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Email;

    #[test]
    fn spellings_of_one_address_are_equal() {
        let a = Email::parse("  Ada.Lovelace@Example.EDU ").unwrap();
        let b = Email::parse("ada.lovelace@example.edu").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.as_str(), "ada.lovelace@example.edu");
    }

    #[test]
    fn implausible_addresses_are_refused_with_a_message() {
        for raw in [
            "",
            "   ",
            "ada",
            "ada@",
            "@example.edu",
            "ada@example",
            "a@b@c.edu",
            "ada lovelace@example.edu",
            "ada@.edu",
        ] {
            let error = Email::parse(raw).unwrap_err();
            assert!(!error.is_empty(), "{raw:?} should be refused");
        }
        assert!(Email::parse(&format!("{}@example.edu", "a".repeat(250))).is_err());
    }
}
