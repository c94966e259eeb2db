-- An event's own questions (issue 26 item 1): free text an admin adds
-- beside the fixed answers (mode, lunch, dietary and access needs). They
-- are asked in `position` order; a retired question is no longer asked but
-- keeps the answers already given (the CSV still has its column). At most
-- ten are live per event, which the handlers check in the event's turn.
CREATE TABLE registration_questions (
    id UUID PRIMARY KEY,
    event_id UUID NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
    required BOOLEAN NOT NULL,
    position INTEGER NOT NULL,
    -- Null while it is asked.
    retired_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX registration_questions_event_id ON registration_questions (event_id, position);

-- A registration's answers to its event's questions; an unanswered
-- question has no row.
CREATE TABLE registration_answers (
    registration_id UUID NOT NULL REFERENCES registrations (id) ON DELETE CASCADE,
    question_id UUID NOT NULL REFERENCES registration_questions (id) ON DELETE CASCADE,
    answer TEXT NOT NULL CHECK (length(answer) BETWEEN 1 AND 1000),
    PRIMARY KEY (registration_id, question_id)
);
CREATE INDEX registration_answers_question_id ON registration_answers (question_id);

-- A visitor's answers wait with their request until the link is followed.
CREATE TABLE registration_request_answers (
    token_hash TEXT NOT NULL REFERENCES registration_requests (token_hash) ON DELETE CASCADE,
    question_id UUID NOT NULL REFERENCES registration_questions (id) ON DELETE CASCADE,
    answer TEXT NOT NULL CHECK (length(answer) BETWEEN 1 AND 1000),
    PRIMARY KEY (token_hash, question_id)
);
CREATE INDEX registration_request_answers_question_id ON registration_request_answers (question_id);
