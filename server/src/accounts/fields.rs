//! Form fields of the accounts screens, parsed at the boundary: handlers get
//! a `PersonName` or a `NewPassword`, never a raw string, and a bad value
//! becomes one clear message per field.

use std::collections::BTreeMap;

use secrecy::{ExposeSecret, SecretString};

use crate::error::ApiError;

/// A first or last name: trimmed, not empty, at most 100 characters, no
/// control characters; composed (NFC), bidirectional controls removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

const MAX_NAME_CHARS: usize = 100;

impl PersonName {
    pub fn parse(raw: &str, label: &str) -> Result<Self, String> {
        let name = crate::text::composed(raw);
        let name = name.trim();
        if name.is_empty() {
            return Err(format!("Please enter your {label}."));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(format!("Your {label} can be at most {MAX_NAME_CHARS} characters long."));
        }
        if name.chars().any(char::is_control) {
            return Err(format!("Your {label} contains characters that are not allowed."));
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password someone chooses: at least 8 characters. The upper bound keeps
/// hashing cheap for a hostile client.
pub struct NewPassword(SecretString);

pub const MIN_PASSWORD_CHARS: usize = 8;
const MAX_PASSWORD_BYTES: usize = 1024;

impl NewPassword {
    pub fn parse(raw: &str) -> Result<Self, String> {
        if raw.chars().count() < MIN_PASSWORD_CHARS {
            return Err(format!("Your password must be at least {MIN_PASSWORD_CHARS} characters long."));
        }
        if raw.len() > MAX_PASSWORD_BYTES {
            return Err("Your password is too long.".into());
        }
        Ok(Self(SecretString::from(raw)))
    }

    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

/// One field's value, or a 422 answer with its message.
pub fn one<T>(field: &str, parsed: Result<T, String>) -> Result<T, ApiError> {
    let mut errors = FieldErrors::default();
    let value = errors.check(field, parsed);
    errors.finish()?;
    Ok(value.expect("finish() answered for a missing value"))
}

/// Collects per-field messages; `finish` turns any into one 422 answer.
#[derive(Default)]
pub struct FieldErrors(BTreeMap<String, Vec<String>>);

impl FieldErrors {
    /// Keeps the value, or records its message under `field`.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, String>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(message) => {
                self.0.entry(field.to_owned()).or_default().push(message);
                None
            }
        }
    }

    pub fn finish(self) -> Result<(), ApiError> {
        if self.0.is_empty() {
            return Ok(());
        }
        let message = self.0.values().flatten().cloned().collect::<Vec<_>>().join(" ");
        Err(ApiError::Unprocessable { message, fields: self.0 })
    }
}

/// A 422 answer about one field whose value was well-formed but wrong.
pub fn refused(field: &str, message: &str) -> ApiError {
    ApiError::Unprocessable {
        message: message.to_owned(),
        fields: BTreeMap::from([(field.to_owned(), vec![message.to_owned()])]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_bounded() {
        assert_eq!(PersonName::parse("  Ada ", "first name").unwrap().as_str(), "Ada");
        assert_eq!(PersonName::parse("   ", "first name").unwrap_err(), "Please enter your first name.");
        assert!(PersonName::parse(&"a".repeat(101), "last name").is_err());
        assert!(PersonName::parse(&"é".repeat(100), "last name").is_ok());
        assert!(PersonName::parse("Ada\u{0}", "first name").is_err());
        assert_eq!(
            PersonName::parse(" Ada\u{202E}fdp.exe\u{2069} ", "first name").unwrap().as_str(),
            "Adafdp.exe"
        );
        assert!(PersonName::parse("\u{202E}\u{200F}", "first name").is_err(), "nothing left is no name");
    }

    #[test]
    fn passwords_need_eight_characters() {
        assert_eq!(
            NewPassword::parse("short").err().unwrap(),
            "Your password must be at least 8 characters long."
        );
        assert!(NewPassword::parse("12345678").is_ok());
        assert!(NewPassword::parse("ééééééé").is_err(), "counted in characters, not bytes");
        assert!(NewPassword::parse(&"x".repeat(2000)).is_err());
    }

    #[test]
    fn field_errors_become_one_422_with_every_message() {
        let mut errors = FieldErrors::default();
        assert!(errors.check("first_name", PersonName::parse("", "first name")).is_none());
        assert!(errors.check("password", NewPassword::parse("x")).is_none());
        match errors.finish().unwrap_err() {
            ApiError::Unprocessable { fields, .. } => {
                assert_eq!(fields.keys().collect::<Vec<_>>(), ["first_name", "password"]);
            }
            other => panic!("expected 422, got {other:?}"),
        }
    }
}
