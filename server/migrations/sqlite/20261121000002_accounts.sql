-- Single-use e-mail links (verification, password reset), stored hashed.
CREATE TABLE email_tokens (
    id_hash TEXT PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
);
CREATE INDEX email_tokens_user_id ON email_tokens (user_id);

-- Accounts at OpenID providers (Google) linked to users.
CREATE TABLE identities (
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (issuer, subject)
);
CREATE INDEX identities_user_id ON identities (user_id);

-- Google sign-ins under way: state, nonce and PKCE verifier live here, not in
-- one instance's memory, so the callback may reach any instance.
CREATE TABLE oidc_logins (
    state_hash TEXT PRIMARY KEY NOT NULL,
    nonce TEXT NOT NULL,
    pkce_verifier TEXT NOT NULL,
    return_to TEXT NOT NULL,
    expires_at TEXT NOT NULL
);

-- Events counted by rate limits (failed sign-ins, e-mails sent), shared by
-- every instance.
CREATE TABLE rate_limit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX rate_limit_events_key_at ON rate_limit_events (key, at);
