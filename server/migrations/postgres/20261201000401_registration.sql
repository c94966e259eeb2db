-- Attendee registration (issue 26): an event (an edition of SCULC, a NACLO
-- session) opens registration with a window and a number of in-person
-- places; members register in one step, in person or virtually. Virtual
-- places are not limited. Once the in-person places are taken, newcomers
-- join a waiting list in the order they arrived; a place that comes free is
-- offered to the first of them, by e-mail, for `offer_hours`.
--
-- Every change to an event's registrations starts by bumping its
-- `arrivals` (the first write of the transaction): on PostgreSQL that
-- row's lock makes registrations of one event take turns, SQLite has one
-- writer anyway. The number it returns is the registration's place in the
-- order of arrival, so counting the places taken and claiming one cannot
-- interleave, and an offer is made in the transaction that frees the place,
-- with its e-mail in the outbox: exactly one offer per free place, also
-- with instances racing and across restarts.
CREATE TABLE events (
    id UUID PRIMARY KEY,
    -- Its address: "sculc-2026", "naclo-open-round-2026".
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    starts_at TIMESTAMPTZ NOT NULL,
    -- The registration window (null: from now on / until the event starts).
    opens_at TIMESTAMPTZ,
    closes_at TIMESTAMPTZ,
    -- In-person places.
    capacity INTEGER NOT NULL CHECK (capacity >= 0),
    -- How long a place offered from the waiting list is kept.
    offer_hours INTEGER NOT NULL CHECK (offer_hours BETWEEN 1 AND 336),
    arrivals INTEGER NOT NULL DEFAULT 0,
    created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE registrations (
    id UUID PRIMARY KEY,
    event_id UUID NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- 'offered': a place from the waiting list, until offer_expires_at.
    state TEXT NOT NULL CHECK (state IN ('registered', 'waiting', 'offered', 'cancelled', 'expired')),
    mode TEXT NOT NULL CHECK (mode IN ('in_person', 'virtual')),
    lunch BOOLEAN NOT NULL,
    dietary TEXT NOT NULL,
    access TEXT NOT NULL,
    -- The order of arrival within the event (events.arrivals when it came).
    arrival INTEGER NOT NULL,
    offer_expires_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CHECK ((state = 'offered') = (offer_expires_at IS NOT NULL)),
    UNIQUE (event_id, arrival)
);
-- One live registration per person and event; a cancelled or expired one
-- may be followed by a new one.
CREATE UNIQUE INDEX registrations_live ON registrations (event_id, user_id)
    WHERE state IN ('registered', 'waiting', 'offered');
-- The waiting list and the places taken, in order of arrival.
CREATE INDEX registrations_event_state ON registrations (event_id, state, arrival);
-- The offers running out, for the sweep.
CREATE INDEX registrations_offer_expires_at ON registrations (offer_expires_at) WHERE state = 'offered';
CREATE INDEX registrations_user_id ON registrations (user_id);
