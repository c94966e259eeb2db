-- Single-use e-mail links (verification, password reset), stored hashed.
CREATE TABLE email_tokens (
    id_hash TEXT PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL CHECK (purpose IN ('verify', 'reset')),
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ
);
CREATE INDEX email_tokens_user_id ON email_tokens (user_id);

-- Accounts at OpenID providers (Google) linked to users.
CREATE TABLE identities (
    issuer TEXT NOT NULL,
    subject TEXT NOT NULL,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (issuer, subject)
);
CREATE INDEX identities_user_id ON identities (user_id);

-- Google sign-ins under way: state, nonce and PKCE verifier live here, not in
-- one instance's memory, so the callback may reach any instance.
CREATE TABLE oidc_logins (
    state_hash TEXT PRIMARY KEY,
    nonce TEXT NOT NULL,
    pkce_verifier TEXT NOT NULL,
    return_to TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- Events counted by rate limits (failed sign-ins, e-mails sent), shared by
-- every instance.
CREATE TABLE rate_limit_events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    key TEXT NOT NULL,
    at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_limit_events_key_at ON rate_limit_events (key, at);
