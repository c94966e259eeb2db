//! Sign-up and e-mail verification.

use axum::extract::State;
use axum::http::StatusCode;
use url::Url;
use uuid::Uuid;

use super::api::{EmailRequest, MessageBody, RegisterRequest, TokenRequest};
use super::fields::{self, FieldErrors, NewPassword, PersonName};
use super::store::tokens::issue_email_token;
use super::tokens::{Purpose, TokenProblem};
use super::{in_background, letters, limits, password};
use crate::AppState;
use crate::accounts::store::users::{Account, NewAccount};
use crate::email::Email;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::mail::{Letter, outbox};
use crate::rate_limit::ClientIp;

/// Creates an account and sends the verification e-mail. The account is not
/// signed in. An address that already has an account gets the same answer
/// (so nobody can find out who has one) and an e-mail saying so.
#[utoipa::path(
    post,
    path = "/api/accounts/register",
    tag = "accounts",
    request_body = RegisterRequest,
    responses(
        (status = 202, description = "A verification e-mail is on its way", body = MessageBody),
        (status = 422, description = "A field is missing or invalid", body = ErrorBody),
        (status = 429, description = "Too many sign-ups from this client", body = ErrorBody),
        password::HashingBusy,
    )
)]
pub async fn register(
    State(state): State<AppState>,
    client: ClientIp,
    Json(request): Json<RegisterRequest>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    let mut errors = FieldErrors::default();
    let first_name = errors.check("first_name", PersonName::parse(&request.first_name, "first name"));
    let last_name = errors.check("last_name", PersonName::parse(&request.last_name, "last name"));
    let email = errors.check("email", Email::parse(&request.email));
    let new_password = errors.check("password", NewPassword::parse(&request.password));
    errors.finish()?;
    let (Some(first_name), Some(last_name), Some(email), Some(new_password)) =
        (first_name, last_name, email, new_password)
    else {
        unreachable!("finish() returned early for any missing field");
    };

    take_mail_request(&state, client).await?;
    let client = client.to_string();
    let password_hash = state.passwords.hash(&new_password).await?;
    let created = state
        .db
        .create_account(NewAccount {
            email: &email,
            first_name: first_name.as_str(),
            last_name: last_name.as_str(),
            password_hash: Some(&password_hash),
            verified: false,
        })
        .await?;
    let message = format!("We have sent a verification e-mail to {email}.");
    // The e-mail is made after the answer, which then takes as long whether
    // or not the address had an account.
    let background = state.clone();
    in_background(&state, "sending the sign-up e-mail", async move {
        let letter = match created {
            Some(user_id) => {
                // A new account's name is not yet its owner's: "Hello,".
                let greeting = crate::text::greeting("");
                Compose::Link { user_id, purpose: Purpose::Verify, letter: letters::verify_email, greeting }
            }
            None => Compose::Plain(letters::already_registered(&background.config.public_url())),
        };
        send_limited(&background, &client, email, letter).await
    });
    Ok((StatusCode::ACCEPTED, Json(MessageBody::new(message))))
}

/// Counts a request that may send an e-mail against the client's limit.
pub(super) async fn take_mail_request(state: &AppState, client: ClientIp) -> Result<(), ApiError> {
    state.db.take(&limits::MAIL_CLIENT, &client.to_string(), limits::MAIL_CLIENT_MESSAGE).await
}

/// An accounts e-mail, with or without a fresh single-use link.
pub(super) enum Compose {
    /// A new link of `purpose` for the account (older ones stop working),
    /// put in the e-mail `letter` writes.
    Link {
        user_id: Uuid,
        purpose: Purpose,
        /// Given the link's token and `greeting`.
        letter: fn(&Url, &str, &str) -> Letter,
        greeting: String,
    },
    Plain(Letter),
}

/// What asking for a link by address answers, for the OpenAPI document.
#[derive(utoipa::IntoResponses)]
#[expect(dead_code, reason = "describes the answers; the handlers build them from their parts")]
pub(super) enum LinkByEmailAnswers {
    #[response(status = 202, description = "Always the same answer")]
    Accepted(MessageBody),
    #[response(status = 422, description = "Not an e-mail address")]
    NotAnAddress(ErrorBody),
    #[response(status = 429, description = "Too many requests from this client")]
    TooManyRequests(ErrorBody),
}

/// An e-mailed link asked for by address (verification, password reset).
pub(super) struct LinkByEmail {
    /// For the log, if sending fails.
    pub what: &'static str,
    pub purpose: Purpose,
    pub letter: fn(&Url, &str, &str) -> Letter,
    /// Whether the address's account gets the link.
    pub wanted_by: fn(&Account) -> bool,
}

impl LinkByEmail {
    /// Checks the address and the client's rate, then sends the link if the
    /// address has an account that wants it. Whether it has one is looked
    /// up after the answer, which then does the same work (and takes the
    /// same time) either way.
    pub(super) async fn request(
        self,
        state: &AppState,
        client: ClientIp,
        request: &EmailRequest,
    ) -> ApiResult<Email> {
        let email = fields::one("email", Email::parse(&request.email))?;
        take_mail_request(state, client).await?;
        let background = state.clone();
        let to = email.clone();
        let client = client.to_string();
        in_background(state, self.what, async move {
            let account = background.db.account_by_email(&to).await?;
            if let Some(account) = account.filter(|account| (self.wanted_by)(account)) {
                let letter = Compose::Link {
                    user_id: account.id,
                    purpose: self.purpose,
                    letter: self.letter,
                    greeting: account.greeting(),
                };
                send_limited(&background, &client, to, letter).await?;
            }
            Ok(())
        });
        Ok(email)
    }
}

/// Takes a slot for one more e-mail to `to` at `client`'s request, or
/// answers false (and logs why) when the inbox has had its share this hour,
/// from this client or in all: then nothing may be sent, and the request is
/// answered as usual, so nobody can flood an inbox through the site.
pub async fn inbox_has_room(db: &crate::db::Db, client: &str, to: &Email) -> anyhow::Result<bool> {
    let Some(from_client) =
        db.take_slot(&limits::MAIL_CLIENT_INBOX, &format!("{client} {}", to.as_str())).await?
    else {
        tracing::warn!("not sending another e-mail to an inbox this client had sent too many this hour");
        return Ok(false);
    };
    if db.take_slot(&limits::MAIL_INBOX, to.as_str()).await?.is_none() {
        // Not sent: the client's share is not used up by it.
        db.give_back_slot(&from_client).await?;
        tracing::warn!("not sending another e-mail to an inbox that had too many this hour");
        return Ok(false);
    }
    Ok(true)
}

/// Queues the e-mail unless the inbox has had its share this hour, from
/// this client or in all. A link is made in the same transaction as its
/// e-mail is queued: either both exist or neither does.
pub(super) async fn send_limited(
    state: &AppState,
    client: &str,
    to: Email,
    compose: Compose,
) -> anyhow::Result<()> {
    if !inbox_has_room(&state.db, client, &to).await? {
        return Ok(());
    }
    let mut tx = state.db.begin().await?;
    let letter = match compose {
        Compose::Link { user_id, purpose, letter, greeting } => {
            let token = issue_email_token(&mut tx, user_id, purpose).await?;
            letter(&state.config.public_url(), &token, &greeting)
        }
        Compose::Plain(letter) => letter,
    };
    outbox::enqueue(&mut tx, &to, &letter).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

/// The answer for a link that cannot be used.
pub(super) fn token_error(problem: TokenProblem) -> ApiError {
    match problem {
        TokenProblem::Expired => ApiError::coded(
            StatusCode::BAD_REQUEST,
            "token_expired",
            "This link has expired. Ask for a new one.",
        ),
        TokenProblem::Used => ApiError::coded(
            StatusCode::BAD_REQUEST,
            "token_used",
            "This link has already been used. Ask for a new one if you still need it.",
        ),
        TokenProblem::Invalid => {
            ApiError::coded(StatusCode::BAD_REQUEST, "token_invalid", "This link is not valid.")
        }
        TokenProblem::Replaced => ApiError::coded(
            StatusCode::BAD_REQUEST,
            "token_replaced",
            "A newer link has replaced this one. Use the link in the newest e-mail, or ask for a new one.",
        ),
    }
}

/// Verifies the address the link in the verification e-mail was sent to;
/// the account's other verification links stop working.
#[utoipa::path(
    post,
    path = "/api/accounts/verify-email",
    tag = "accounts",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "The address is verified", body = MessageBody),
        (status = 400, description = "The link is expired, used, replaced or not valid (see `code`)", body = ErrorBody),
    )
)]
pub async fn verify_email(
    State(state): State<AppState>,
    Json(request): Json<TokenRequest>,
) -> ApiResult<Json<MessageBody>> {
    state.db.verify_email_with_token(request.token.trim()).await?.map_err(token_error)?;
    Ok(Json(MessageBody::new("Your email address has been verified. You can sign in now.")))
}

/// Sends a new verification link, if the address has an unverified account.
/// The answer is the same either way.
#[utoipa::path(
    post,
    path = "/api/accounts/resend-verification",
    tag = "accounts",
    request_body = EmailRequest,
    responses(LinkByEmailAnswers)
)]
pub async fn resend_verification(
    State(state): State<AppState>,
    client: ClientIp,
    Json(request): Json<EmailRequest>,
) -> ApiResult<(StatusCode, Json<MessageBody>)> {
    let link = LinkByEmail {
        what: "resending a verification e-mail",
        purpose: Purpose::Verify,
        letter: letters::verify_email,
        wanted_by: |account| account.email_verified_at.is_none(),
    };
    let email = link.request(&state, client, &request).await?;
    let message = format!(
        "If {email} has an account that still needs verifying, we have sent it a new verification e-mail."
    );
    Ok((StatusCode::ACCEPTED, Json(MessageBody::new(message))))
}
