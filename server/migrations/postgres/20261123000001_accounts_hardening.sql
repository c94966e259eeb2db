-- Rate limits count in one row per key, taken and checked in one statement
-- (INSERT ... ON CONFLICT DO UPDATE ... RETURNING), so concurrent requests
-- cannot all see room; the event log they replace was read, then written.
DROP TABLE rate_limit_events;
CREATE TABLE rate_limit_counters (
    key TEXT PRIMARY KEY,
    used BIGINT NOT NULL,
    window_ends TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends ON rate_limit_counters (window_ends);

-- Set when a newer link of the same kind replaced this one, or when the
-- address's true owner took the account over.
ALTER TABLE email_tokens ADD COLUMN revoked_at TIMESTAMPTZ;

-- The sweep removes what has run out.
CREATE INDEX oidc_logins_expires_at ON oidc_logins (expires_at);
CREATE INDEX sessions_expires_at ON sessions (expires_at);
CREATE INDEX email_tokens_expires_at ON email_tokens (expires_at);
