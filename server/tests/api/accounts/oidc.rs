//! Google sign-in against a real OpenID provider: the end-to-end tests' own
//! (`web/e2e/oidc-provider.ts`, npm's `oidc-provider`), run by Node in a
//! child process, and signed in at through its development login and
//! consent forms as a browser would.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};

use reqwest::StatusCode;
use serde_json::json;

use super::{PASSWORD, body, login};
use crate::helpers::{TestApp, browser, repo_root, spawn_app_with};

const CLIENT_ID: &str = "colloquy-api-tests";
const CLIENT_SECRET: &str = "a-secret-only-these-tests-know";

/// The provider, running until this is dropped.
pub struct OidcProvider {
    /// e.g. `http://127.0.0.1:41235`
    pub issuer: String,
    child: Child,
    /// Closing it tells the provider to stop.
    stdin: Option<ChildStdin>,
    /// `METHOD /path?query` of every request it got, in order.
    requests: Arc<Mutex<Vec<String>>>,
}

impl OidcProvider {
    /// Starts the provider for one client, whose callback is `redirect_uri`.
    /// Blocks until it listens (a second or two), so that it can be started
    /// from `spawn_app_with`'s configuration step, once the port is known.
    pub fn start(redirect_uri: &str) -> Self {
        let web = repo_root().join("web");
        assert!(
            web.join("node_modules/oidc-provider").is_dir(),
            "web/node_modules is not installed: run `make test-rust` (or `cd web && npm ci`)"
        );
        let mut child = Command::new("node")
            .arg("e2e/oidc-provider-main.mjs")
            .args([CLIENT_ID, CLIENT_SECRET, redirect_uri])
            .current_dir(&web)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("node runs (it is on PATH)");
        let stdin = child.stdin.take();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let issuer = match lines.next() {
            Some(Ok(line)) if line.starts_with("issuer ") => line["issuer ".len()..].to_owned(),
            other => {
                let _ = child.kill();
                let mut stderr = String::new();
                child.stderr.take().unwrap().read_to_string(&mut stderr).ok();
                panic!("the provider did not start ({other:?}): {stderr}");
            }
        };
        // Its warnings (Node 20, in-memory storage, development pages) are expected.
        let mut stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let seen = requests.clone();
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                if let Some(request) = line.strip_prefix("request ") {
                    seen.lock().unwrap().push(request.to_owned());
                }
            }
        });
        Self { issuer, child, stdin, requests }
    }

    /// How many requests for `path` (without the query) the provider got.
    fn requests_for(&self, path: &str) -> usize {
        let requests = self.requests.lock().unwrap();
        requests
            .iter()
            .filter(|r| r.split_once(' ').is_some_and(|(_, target)| target.split('?').next() == Some(path)))
            .count()
    }

    /// Asserts that the provider got `expected` requests for `path` and no
    /// more. Its log lines reach the test through a pipe and a reader
    /// thread, so a request the site has made may show a moment later: wait
    /// for it, then make sure no further one arrives.
    pub async fn assert_requests(&self, path: &str, expected: usize, what: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while self.requests_for(path) < expected && std::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        assert_eq!(self.requests_for(path), expected, "{what}");
    }
}

impl Drop for OidcProvider {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An app configured with a provider of its own.
pub async fn app_with_provider() -> (TestApp, OidcProvider) {
    let mut provider = None;
    let app = spawn_app_with(axum::Router::new(), |config| {
        let started = OidcProvider::start(&format!("http://{}/api/accounts/google/callback", config.listen));
        config.oidc_client_id = Some(CLIENT_ID.into());
        config.oidc_client_secret = Some(CLIENT_SECRET.into());
        config.oidc_issuer = started.issuer.parse().unwrap();
        provider = Some(started);
    })
    .await;
    (app, provider.expect("configured"))
}

fn location_of(response: &reqwest::Response) -> url::Url {
    let location = response.headers()["location"].to_str().unwrap();
    response.url().join(location).unwrap()
}

/// The `action` of the page's form, absolute.
fn form_action(page_url: &url::Url, html: &str) -> url::Url {
    let start = html.find("action=\"").expect("the page has a form") + "action=\"".len();
    let action = &html[start..start + html[start..].find('"').unwrap()];
    page_url.join(&action.replace("&amp;", "&")).unwrap()
}

/// Clicks "Sign in with Google" in `person`'s browser, signs in at the
/// provider as `login` (any password does) and allows what the site asks
/// for; returns the site's answer to the provider's redirect back.
pub async fn sign_in_at_provider(app: &TestApp, person: &reqwest::Client, login: &str) -> reqwest::Response {
    let mut response =
        person.get(app.url("/api/accounts/google/start?return_to=/profile")).send().await.unwrap();
    for _ in 0..12 {
        if response.status().is_redirection() {
            let next = location_of(&response);
            if next.as_str().starts_with(&app.url("/api/accounts/google/callback")) {
                return person.get(next).send().await.unwrap();
            }
            response = person.get(next).send().await.unwrap();
            continue;
        }
        assert_eq!(response.status(), StatusCode::OK, "at {}", response.url());
        let page = response.url().clone();
        let html = response.text().await.unwrap();
        let form: Vec<(&str, &str)> = if html.contains("name=\"login\"") {
            vec![("prompt", "login"), ("login", login), ("password", "any password will do")]
        } else {
            vec![("prompt", "consent")]
        };
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        response = person
            .post(form_action(&page, &html))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
    }
    panic!("the provider never sent the browser back to the site");
}

/// The path and query the site's answer redirects to.
fn redirected_to(response: &reqwest::Response) -> String {
    let location = location_of(response);
    format!("{}?{}", location.path(), location.query().unwrap_or_default()).trim_end_matches('?').to_owned()
}

#[tokio::test]
async fn a_verified_identity_takes_a_pre_registered_address_away_from_whoever_registered_it() {
    let (app, _provider) = app_with_provider().await;
    let victim = "victim.person@example.test";

    // Someone registers the victim's address with a password and names of
    // their choosing, and never verifies it (they cannot: it is not theirs).
    let attacker_password = "the attacker's own password";
    let registered = app
        .post_json(
            "/api/accounts/register",
            json!({"first_name": "Eve", "last_name": "Mallory", "email": victim, "password": attacker_password}),
        )
        .await;
    assert_eq!(registered.status(), 202);
    let pending_link = app.token_from_email(victim, 1, "/verify-email").await;
    // However it came to be (an older version of the site, say), a session
    // of the account must not outlive the handover either.
    let user_id: uuid::Uuid = colloquy::on_db!(&app.state.db, |pool| {
        sqlx::query_scalar("SELECT id FROM users WHERE email = $1")
            .bind(victim)
            .fetch_one(pool)
            .await
            .unwrap()
    });
    let planted_session = app.state.db.start_session(user_id).await.unwrap();

    // The victim signs in with Google, whose provider vouches for the address.
    let person = browser();
    let back = sign_in_at_provider(&app, &person, victim).await;
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    // The account is theirs now, to complete with names and a password of their own.
    assert_eq!(redirected_to(&back), "/complete-profile?notice=google-new");
    let me = person.get(app.url("/api/me")).send().await.unwrap();
    assert_eq!(me.status(), 200);
    let me = body(me).await;
    assert_eq!(me["email"], victim);
    assert_eq!((me["first_name"].as_str(), me["last_name"].as_str()), (Some("Victim"), Some("Person")));
    assert_eq!(me["has_password"], false);
    assert_eq!(me["profile_complete"], false);

    // Nothing the registrant chose still works.
    let attempt = login(&app, victim, attacker_password).await;
    assert_eq!(attempt.status(), 401, "the registrant's password no longer signs in");
    let planted = browser()
        .get(app.url("/api/me"))
        .header("cookie", format!("colloquy_session={planted_session}"))
        .send()
        .await
        .unwrap();
    assert_eq!(planted.status(), 401, "the account's earlier sessions ended");
    let link = app.post_json("/api/accounts/verify-email", json!({"token": pending_link})).await;
    assert_eq!(link.status(), 400);
    assert_eq!(body(link).await["code"], "token_replaced");

    let completed = person
        .post(app.url("/api/accounts/complete-profile"))
        .json(&json!({"first_name": "Victoria", "last_name": "Person", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(completed.status(), 200);
    assert_eq!(body(completed).await["profile_complete"], true);
    assert_eq!(login(&app, victim, PASSWORD).await.status(), 200);
    assert_eq!(login(&app, victim, attacker_password).await.status(), 401);
}

#[tokio::test]
async fn an_account_with_a_verified_address_keeps_its_password_and_names() {
    let (app, _provider) = app_with_provider().await;
    let owner = "kj.nasa@example.test";
    super::verified_account(&app, owner).await;

    let person = browser();
    let back = sign_in_at_provider(&app, &person, owner).await;
    assert_eq!(redirected_to(&back), "/profile");
    let me = body(person.get(app.url("/api/me")).send().await.unwrap()).await;
    assert_eq!((me["first_name"].as_str(), me["has_password"].as_bool()), (Some("Ada"), Some(true)));
    assert_eq!(login(&app, owner, PASSWORD).await.status(), 200);
}

#[tokio::test]
async fn the_providers_metadata_is_fetched_once_an_hour_not_for_every_sign_in() {
    let (app, provider) = app_with_provider().await;
    const DISCOVERY: &str = "/.well-known/openid-configuration";

    for login in ["grace.hopper@example.test", "ada.lovelace@example.test"] {
        let back = sign_in_at_provider(&app, &browser(), login).await;
        assert_eq!(redirected_to(&back), "/complete-profile?notice=google-new", "{login}");
    }
    provider.assert_requests(DISCOVERY, 1, "one discovery served two sign-ins").await;
    provider.assert_requests("/jwks", 1, "the signing keys were fetched once").await;

    // A visitor who only starts does not make the site ask again either.
    let start = app.get("/api/accounts/google/start").await;
    assert!(location_of(&start).as_str().starts_with(&provider.issuer), "{:?}", start.headers());
    provider.assert_requests(DISCOVERY, 1, "starting does not fetch again").await;

    // An hour later the site asks again: the provider may have changed.
    app.state.clock.advance(time::Duration::minutes(61));
    app.get("/api/accounts/google/start").await;
    provider.assert_requests(DISCOVERY, 2, "an hour later the metadata is fetched again").await;
}
