-- Tickets (issue 26 item 3). A ticket is a registration's id signed with
-- HMAC-SHA256 under one 32-byte secret, made once by whichever instance
-- first needs it and kept here, so every instance signs and checks alike
-- and no configuration is needed. One row at most.
CREATE TABLE ticket_key (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    secret BYTEA NOT NULL CHECK (length(secret) = 32),
    created_at TIMESTAMPTZ NOT NULL
);

-- The confirmation e-mail carries the ticket's QR code and the event's
-- calendar entry: an e-mail's attachments are queued with it, in its
-- transaction, and go when it has been delivered (as its body does).
CREATE TABLE outbox_attachments (
    email_id UUID NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    content BYTEA NOT NULL,
    PRIMARY KEY (email_id, position)
);
