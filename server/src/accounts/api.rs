//! Request and answer bodies of the accounts API.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

// The limits below are the ones `PersonName`, `Email` and `NewPassword`
// (fields.rs, email.rs) enforce, stated in the schema so that a client
// knows them: a name is at most 100 characters, not blank and without
// control characters; a new password is 8 characters or more and at most
// 1024 bytes (256 characters of up to 4 bytes). The e-mail pattern is the
// plain form every account can use; the server also takes other plausible
// addresses of at most 254 bytes.

/// A person's name: at most 100 characters, something other than spaces and
/// invisible direction marks, no control characters.
pub fn person_name() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(100))
        .pattern(Some(
            r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069][^\x00-\x1f\x7f-\x9f]*$",
        ))
        .build()
}

/// An e-mail address in the plain form every account can use.
pub fn email_address() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .max_length(Some(254))
        .pattern(Some(r"^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(\.[A-Za-z0-9-]{1,63})+$"))
        .build()
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[schema(schema_with = person_name)]
    pub first_name: String,
    #[schema(schema_with = person_name)]
    pub last_name: String,
    #[schema(schema_with = email_address)]
    pub email: String,
    #[schema(min_length = 8, max_length = 256)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    /// Not blank.
    #[schema(pattern = r"\S")]
    pub email: String,
    #[schema(min_length = 1)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CompleteProfileRequest {
    #[schema(schema_with = person_name)]
    pub first_name: String,
    #[schema(schema_with = person_name)]
    pub last_name: String,
    /// Required when the account has no password yet; refused when it has
    /// one (that changes only with the current password).
    #[serde(default)]
    #[schema(min_length = 8, max_length = 256)]
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    pub current_password: String,
    #[schema(min_length = 8, max_length = 256)]
    pub new_password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateProfileRequest {
    #[schema(schema_with = person_name)]
    pub first_name: String,
    #[schema(schema_with = person_name)]
    pub last_name: String,
}

/// The token from an e-mail link.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenRequest {
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordRequest {
    pub token: String,
    #[schema(min_length = 8, max_length = 256)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailRequest {
    #[schema(schema_with = email_address)]
    pub email: String,
}

/// A message for people.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageBody {
    pub message: String,
}

impl MessageBody {
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into() }
    }
}

/// Which sign-in providers the login page offers.
#[derive(Debug, Serialize, ToSchema)]
pub struct Providers {
    pub google: bool,
}
