//! Enums kept in the database as text, written once: `stored_enum!` takes
//! the list of variants with their names and gives the enum, its name in
//! the API (serde and the OpenAPI schema), `as_str` for writing, and strict
//! reading (`FromStr`, and `sqlx::Decode` on either database).
//!
//! Reading is strict everywhere: a stored name the code does not know is an
//! `UnknownStored` error (a query that reads it fails: a logged 500), never
//! taken for another value. Guessing would show a rejected author as
//! waiting, or a hidden review as visible.

/// A stored name that is none of its enum's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} {stored:?} in the database")]
pub struct UnknownStored {
    /// What the enum is, for the log: "submission status".
    pub what: &'static str,
    /// The stored text as it is.
    pub stored: String,
}

/// An enum stored as text, and named the same in the API:
///
/// ```ignore
/// stored_enum! {
///     /// Where a submission stands.
///     pub enum SubmissionStatus("submission status") {
///         Submitted = "submitted",
///         Accepted = "accepted",
///     }
/// }
/// ```
///
/// derives `Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize,
/// ToSchema` (more may be derived beside the doc comment), and gives
/// `ALL` (in the listed order), `as_str`, `FromStr` (strict, with
/// `UnknownStored`) and `sqlx::Type` + `sqlx::Decode` as text.
macro_rules! stored_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident($what:literal) {
            $($(#[$variant_meta:meta])* $variant:ident = $stored:tt),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
        $vis enum $name {
            $($(#[$variant_meta])* #[serde(rename = $stored)] $variant),+
        }

        impl $name {
            /// Every value, in the order they are listed.
            pub const ALL: [Self; [$($stored),+].len()] = [$(Self::$variant),+];

            /// The name it is stored (and sent) as.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $stored),+
                }
            }
        }

        impl std::str::FromStr for $name {
            type Err = $crate::stored::UnknownStored;

            fn from_str(stored: &str) -> Result<Self, Self::Err> {
                Self::ALL
                    .into_iter()
                    .find(|value| value.as_str() == stored)
                    .ok_or_else(|| $crate::stored::UnknownStored { what: $what, stored: stored.to_owned() })
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            String: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <String as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <String as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            String: sqlx::Decode<'r, DB>,
        {
            fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                Ok(<String as sqlx::Decode<'r, DB>>::decode(value)?.parse::<Self>()?)
            }
        }
    };
}
pub(crate) use stored_enum;

#[cfg(test)]
mod tests {
    use super::*;

    stored_enum! {
        /// A test enum.
        #[derive(Hash)]
        enum Colour("colour") {
            Red = "red",
            /// With a dotted name, as the activity log's actions have.
            DarkBlue = "dark.blue",
        }
    }

    #[test]
    fn names_are_written_once_and_read_back_strictly() {
        assert_eq!(Colour::ALL, [Colour::Red, Colour::DarkBlue]);
        for colour in Colour::ALL {
            assert_eq!(colour.as_str().parse::<Colour>().unwrap(), colour);
            assert_eq!(serde_json::to_value(colour).unwrap(), colour.as_str());
        }
        assert_eq!(serde_json::from_str::<Colour>("\"dark.blue\"").unwrap(), Colour::DarkBlue);
        let error = "Red".parse::<Colour>().unwrap_err();
        assert_eq!(error, UnknownStored { what: "colour", stored: "Red".into() });
        assert_eq!(error.to_string(), "unknown colour \"Red\" in the database");
    }
}
