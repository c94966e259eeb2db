//! The accounts e-mails.
//!
//! Anyone can ask the site to send these to any address, so they carry no
//! text chosen by whoever asked: the site must not become a way to put
//! someone else's words in front of a stranger under the society's name.
//! Only an account whose owner has verified the address is greeted by its
//! first name (`Account::greeting`); a name typed at sign-up never is.

use url::Url;

use crate::mail::Letter;

const SIGNATURE: &str = "Undergraduate Linguistics Society";

fn link(public_url: &Url, path: &str, token: Option<&str>) -> String {
    let mut url = public_url.join(path).expect("a path joins a URL");
    if let Some(token) = token {
        url.query_pairs_mut().append_pair("token", token);
    }
    url.to_string()
}

pub fn verify_email(public_url: &Url, token: &str, greeting: &str) -> Letter {
    Letter {
        subject: "Verify your e-mail address".into(),
        body: format!(
            "{greeting}\n\n\
             Thank you for signing up. Please verify your e-mail address by opening this link:\n\n\
             {}\n\n\
             The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail and \
             do not open the link: it would confirm an account someone else made with your address.\n\n\
             {SIGNATURE}\n",
            link(public_url, "/verify-email", Some(token))
        ),
    }
}

pub fn already_registered(public_url: &Url) -> Letter {
    Letter {
        subject: "Someone tried to sign up with your e-mail address".into(),
        body: format!(
            "Hello,\n\n\
             Someone (perhaps you) tried to create an account with this e-mail address, \
             but it already has one. No new account was made.\n\n\
             To sign in: {}\n\
             If you forgot your password, reset it here: {}\n\n\
             If this was not you, you can ignore this e-mail; your account is unchanged.\n\n\
             {SIGNATURE}\n",
            link(public_url, "/login", None),
            link(public_url, "/forgot-password", None)
        ),
    }
}

pub fn reset_password(public_url: &Url, token: &str, greeting: &str) -> Letter {
    Letter {
        subject: "Reset your password".into(),
        body: format!(
            "{greeting}\n\n\
             To choose a new password, open this link:\n\n\
             {}\n\n\
             The link works once and expires in 1 hour. If you did not ask for it, you can ignore \
             this e-mail; your password is unchanged.\n\n\
             {SIGNATURE}\n",
            link(public_url, "/reset-password", Some(token))
        ),
    }
}
