//! Google sign-in (any OpenID Connect provider): the authorization code flow
//! with PKCE. State, nonce and the PKCE verifier are kept in the database,
//! so the provider may send the browser back to any instance; a cookie ties
//! the flow to the browser that started it.

use std::sync::Arc;

use axum::extract::State;
use axum::response::Redirect;
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet, EndpointSet,
    IssuerUrl, LocalizedClaim, Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse,
};
use secrecy::ExposeSecret;
use serde::Deserialize;
use time::{Duration, OffsetDateTime};
use utoipa::IntoParams;

use super::api::Providers;
use super::fields::PersonName;
use super::limits;
use super::session::session_cookie;
use super::store::sign_in_flows::Flow;
use super::tokens::hash_token;
use crate::accounts::store::users::NewAccount;
use crate::client_ip::ClientIp;
use crate::email::Email;
use crate::error::{Json, Query};
use crate::{AppState, clock};

/// Where the web app lands after each outcome.
const DEFAULT_RETURN: &str = "/sculc";
const NEW_ACCOUNT: &str = "/complete-profile?notice=google-new";
const CANCELED: &str = "/login?notice=google-canceled";
const FAILED: &str = "/login?notice=google-failed";
const RATE_LIMITED: &str = "/login?notice=google-rate-limited";

/// The cookie holding the flow's state in the browser that started it.
const FLOW_COOKIE: &str = "colloquy_oidc";
const FLOW_PATH: &str = "/api/accounts/google";
/// How long someone may take at the provider.
const FLOW_LIFETIME: Duration = Duration::minutes(10);

type Client = CoreClient<
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// Which sign-in providers are configured.
#[utoipa::path(
    get,
    path = "/api/accounts/providers",
    tag = "accounts",
    responses((status = 200, description = "Configured providers", body = Providers))
)]
pub async fn providers(State(state): State<AppState>) -> Json<Providers> {
    Json(Providers { google: state.config.oidc_client_id.is_some() })
}

fn http_client() -> anyhow::Result<openidconnect::reqwest::Client> {
    Ok(openidconnect::reqwest::ClientBuilder::new()
        // Following redirects would open the server to SSRF.
        .redirect(openidconnect::reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(10))
        .build()?)
}

/// How long what the provider published is used before asking again.
const METADATA_LIFETIME: Duration = Duration::hours(1);

/// What the provider published (its discovery document and signing keys),
/// kept for an hour so that a sign-in does not ask for it twice and a crowd
/// of visitors does not make the site hammer the provider. A cache, not
/// state: every instance fills its own.
#[derive(Clone, Default)]
pub struct ProviderCache(Arc<tokio::sync::Mutex<Option<CachedMetadata>>>);

struct CachedMetadata {
    issuer: IssuerUrl,
    fetched_at: OffsetDateTime,
    metadata: CoreProviderMetadata,
}

impl ProviderCache {
    /// The provider's metadata, and whether it was fetched just now. One
    /// fetch at a time: others wait for it rather than fetch as well.
    async fn metadata(
        &self,
        issuer: &IssuerUrl,
        http: &openidconnect::reqwest::Client,
        refetch: bool,
    ) -> anyhow::Result<(CoreProviderMetadata, bool)> {
        let mut cached = self.0.lock().await;
        let now = clock::now();
        if let Some(hit) = cached.as_ref().filter(|c| {
            !refetch && c.issuer == *issuer && now >= c.fetched_at && now < c.fetched_at + METADATA_LIFETIME
        }) {
            return Ok((hit.metadata.clone(), false));
        }
        let metadata = CoreProviderMetadata::discover_async(issuer.clone(), http).await?;
        *cached =
            Some(CachedMetadata { issuer: issuer.clone(), fetched_at: now, metadata: metadata.clone() });
        Ok((metadata, true))
    }
}

/// A client for the provider, and whether its metadata was fetched just now
/// (`refetch` skips the cache).
async fn oidc_client(
    state: &AppState,
    http: &openidconnect::reqwest::Client,
    refetch: bool,
) -> anyhow::Result<(Client, bool)> {
    let config = &state.config;
    let client_id =
        config.oidc_client_id.clone().ok_or_else(|| anyhow::anyhow!("Google sign-in is not configured"))?;
    let issuer = IssuerUrl::new(config.oidc_issuer.as_str().trim_end_matches('/').to_owned())?;
    let (metadata, fresh) = state.oidc_provider.metadata(&issuer, http, refetch).await?;
    let secret = config.oidc_client_secret.as_ref().map(|s| ClientSecret::new(s.expose_secret().to_owned()));
    let callback = config.public_url().join("/api/accounts/google/callback")?;
    let client = CoreClient::from_provider_metadata(metadata, ClientId::new(client_id), secret)
        .set_redirect_uri(RedirectUrl::from_url(callback));
    Ok((client, fresh))
}

/// Only a path on this site, so the flow cannot be used to send people
/// elsewhere (open redirect).
fn safe_return_path(requested: Option<&str>) -> String {
    match requested {
        Some(path)
            if path.starts_with('/')
                && !path.starts_with("//")
                && !path.contains('\\')
                && !path.chars().any(char::is_control)
                && path.len() <= 512 =>
        {
            path.to_owned()
        }
        _ => DEFAULT_RETURN.to_owned(),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct StartQuery {
    /// The path to come back to after signing in.
    return_to: Option<String>,
}

/// Sends the browser to the provider's sign-in page.
#[utoipa::path(
    get,
    path = "/api/accounts/google/start",
    tag = "accounts",
    params(StartQuery),
    responses((status = 303, description = "To the provider (or back to /login when sign-in cannot start, or this client started too many)"))
)]
pub async fn start(
    State(state): State<AppState>,
    client: ClientIp,
    jar: CookieJar,
    Query(query): Query<StartQuery>,
) -> (CookieJar, Redirect) {
    // Each start stores a flow: anonymous clients get a bounded number.
    match state.db.take_slot(&limits::GOOGLE_START, &client.to_string()).await {
        Ok(Some(_)) => {}
        Ok(None) => return (jar, Redirect::to(RATE_LIMITED)),
        Err(error) => {
            tracing::error!(error = %error, "counting a Google sign-in start failed");
            return (jar, Redirect::to(FAILED));
        }
    }
    match begin(&state, safe_return_path(query.return_to.as_deref())).await {
        Ok((url, flow_state)) => {
            let cookie = Cookie::build((FLOW_COOKIE, flow_state))
                .path(FLOW_PATH)
                .http_only(true)
                .same_site(SameSite::Lax)
                .secure(state.config.is_https())
                .max_age(FLOW_LIFETIME)
                .build();
            (jar.add(cookie), Redirect::to(url.as_str()))
        }
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "Google sign-in could not start");
            (jar, Redirect::to(FAILED))
        }
    }
}

async fn begin(state: &AppState, return_to: String) -> anyhow::Result<(url::Url, String)> {
    let http = http_client()?;
    let (client, _) = oidc_client(state, &http, false).await?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, csrf, nonce) = client
        .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
        .add_scope(Scope::new("email".into()))
        .add_scope(Scope::new("profile".into()))
        .set_pkce_challenge(challenge)
        .url();
    let now = clock::now();
    // Flows that ran out are removed by the sweep (sweep.rs).
    let flow = Flow { nonce: nonce.secret().clone(), pkce_verifier: verifier.secret().clone(), return_to };
    state.db.save_sign_in_flow(&hash_token(csrf.secret()), &flow, now + FLOW_LIFETIME).await?;
    Ok((url, csrf.secret().clone()))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    /// Set by the provider when sign-in did not happen (`access_denied` when
    /// the person canceled).
    error: Option<String>,
}

/// Where the provider sends the browser back.
#[utoipa::path(
    get,
    path = "/api/accounts/google/callback",
    tag = "accounts",
    params(CallbackQuery),
    responses((status = 303, description = "Signed in and back to the site, or to /login with a notice"))
)]
pub async fn callback(
    State(state): State<AppState>,
    jar: CookieJar,
    Query(query): Query<CallbackQuery>,
) -> (CookieJar, Redirect) {
    let browser_state = jar.get(FLOW_COOKIE).map(|c| c.value().to_owned());
    let jar = jar.remove(Cookie::build(FLOW_COOKIE).path(FLOW_PATH));
    // The flow is used up whatever happens next.
    let flow = match &query.state {
        Some(flow_state) => {
            state.db.take_sign_in_flow(&hash_token(flow_state)).await.unwrap_or_else(|error| {
                tracing::error!(error = format!("{error:#}"), "reading a Google sign-in flow failed");
                None
            })
        }
        None => None,
    };
    if let Some(error) = &query.error {
        let canceled = error == "access_denied";
        tracing::info!(error, "the provider did not sign the person in");
        return (jar, Redirect::to(if canceled { CANCELED } else { FAILED }));
    }
    let same_browser = browser_state.is_some() && browser_state == query.state;
    let (Some(flow), Some(code), true) = (flow, query.code, same_browser) else {
        tracing::warn!("a Google sign-in callback with an unknown, expired or foreign state");
        return (jar, Redirect::to(FAILED));
    };
    match finish(&state, flow, code).await {
        Ok((session_id, destination)) => {
            (jar.add(session_cookie(&state.config, session_id)), Redirect::to(&destination))
        }
        Err(error) => {
            tracing::error!(error = format!("{error:#}"), "Google sign-in failed");
            (jar, Redirect::to(FAILED))
        }
    }
}

/// Exchanges the code, verifies the ID token and signs the person in:
/// returns the new session id and where to go.
async fn finish(state: &AppState, flow: Flow, code: String) -> anyhow::Result<(String, String)> {
    let http = http_client()?;
    let (client, fresh) = oidc_client(state, &http, false).await?;
    let tokens = client
        .exchange_code(AuthorizationCode::new(code))?
        .set_pkce_verifier(PkceCodeVerifier::new(flow.pkce_verifier))
        .request_async(&http)
        .await?;
    let id_token = tokens.id_token().ok_or_else(|| anyhow::anyhow!("the provider sent no ID token"))?;
    let nonce = Nonce::new(flow.nonce);
    let claims = match id_token.claims(&client.id_token_verifier(), &nonce) {
        Ok(claims) => claims.clone(),
        // The provider may have changed its signing keys since they were
        // cached: ask once more before refusing.
        Err(error) if !fresh => {
            tracing::info!(error = %error, "an ID token did not verify with cached keys; fetching them again");
            let (client, _) = oidc_client(state, &http, true).await?;
            id_token.claims(&client.id_token_verifier(), &nonce)?.clone()
        }
        Err(error) => return Err(error.into()),
    };
    let issuer = claims.issuer().as_str().to_owned();
    let subject = claims.subject().as_str().to_owned();
    let verified_email = match (claims.email(), claims.email_verified()) {
        (Some(email), Some(true)) => Some(Email::parse(email.as_str()).map_err(anyhow::Error::msg)?),
        _ => None,
    };
    let first_name = provider_name(claims.given_name(), "first name");
    let last_name = provider_name(claims.family_name(), "last name");

    let db = &state.db;
    let user_id = match db.user_by_identity(&issuer, &subject).await? {
        Some(user_id) => user_id,
        None => {
            let email = verified_email.ok_or_else(|| {
                anyhow::anyhow!("the provider vouches for no e-mail address of a new identity")
            })?;
            let existing = db.account_by_email(&email).await?.map(|account| account.id);
            let user_id = match existing {
                Some(user_id) => user_id,
                None => {
                    let new = NewAccount {
                        email: &email,
                        first_name: &first_name,
                        last_name: &last_name,
                        password_hash: None,
                        verified: true,
                    };
                    match db.create_account(new).await? {
                        Some(id) => id,
                        // Registered a moment ago by another request.
                        None => {
                            db.account_by_email(&email)
                                .await?
                                .ok_or_else(|| anyhow::anyhow!("an account vanished while signing in"))?
                                .id
                        }
                    }
                }
            };
            // The provider vouches for the address: its owner is signing in.
            if db.link_identity(&issuer, &subject, user_id, (&first_name, &last_name)).await? {
                tracing::warn!(
                    %user_id,
                    "an account whose address was never verified went to the owner a provider vouches for; \
                     its password, names, sessions and e-mail links were removed"
                );
            }
            user_id
        }
    };
    let user = db
        .session_user_by_id(user_id)
        .await?
        .ok_or_else(|| anyhow::anyhow!("the linked account no longer exists"))?;
    let session_id = db.start_session(user_id).await?;
    let destination = if user.profile_complete { flow.return_to } else { NEW_ACCOUNT.to_owned() };
    Ok((session_id, destination))
}

/// A name as the provider gives it, if it passes as a name here.
fn provider_name<T: std::ops::Deref<Target = String>>(
    claim: Option<&LocalizedClaim<T>>,
    label: &str,
) -> String {
    claim
        .and_then(|names| names.get(None))
        .and_then(|name| PersonName::parse(name.as_str(), label).ok())
        .map(|name| name.as_str().to_owned())
        .unwrap_or_default()
}

/// Fetches the provider's discovery document (`colloquy check`); returns
/// its issuer.
pub async fn discover(config: &crate::config::Config) -> anyhow::Result<String> {
    let issuer = IssuerUrl::new(config.oidc_issuer.as_str().trim_end_matches('/').to_owned())?;
    let metadata = CoreProviderMetadata::discover_async(issuer, &http_client()?).await?;
    Ok(metadata.issuer().to_string())
}

#[cfg(test)]
mod tests {
    use super::safe_return_path;

    #[test]
    fn only_paths_on_this_site_are_returned_to() {
        assert_eq!(safe_return_path(Some("/sculc/submit-abstract")), "/sculc/submit-abstract");
        for hostile in ["//evil.example", "https://evil.example", "/\\evil.example", "evil", "/a\nb"] {
            assert_eq!(safe_return_path(Some(hostile)), "/sculc", "{hostile:?}");
        }
        assert_eq!(safe_return_path(None), "/sculc");
    }
}
