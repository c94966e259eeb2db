-- The outbox: every e-mail is written here in the same transaction as what
-- caused it (a sign-up, a decision), and the sender loop of some instance
-- delivers it. A row is due when next_attempt_at has come, it is neither
-- sent nor given up, and no live claim holds it; an instance claims one by
-- setting claimed_by/claimed_until in one statement, so exactly one
-- instance works on a delivery at a time, and a crashed instance's claim
-- simply expires. Once sent, the body (which may hold a single-use link) is
-- emptied. Times are UTC.
CREATE TABLE outbox (
    id UUID PRIMARY KEY,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMPTZ NOT NULL,
    claimed_by TEXT,
    claimed_until TIMESTAMPTZ,
    last_attempt_at TIMESTAMPTZ,
    last_error TEXT,
    sent_at TIMESTAMPTZ,
    gave_up_at TIMESTAMPTZ
);
-- What the sender loops ask for, over and over: the due rows.
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE sent_at IS NULL AND gave_up_at IS NULL;
-- What admins see: deliveries that have failed.
CREATE INDEX outbox_failing ON outbox (last_attempt_at) WHERE sent_at IS NULL AND last_error IS NOT NULL;
-- Pruning delivered rows.
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
