-- Each talk of a talks session gets its own time (issue 25 item 7): the
-- session's talks follow one another from its start, each a talk of
-- talk_minutes then question_minutes of questions (15 and 5 unless an
-- admin says otherwise). Posters take their session's whole window.
ALTER TABLE program_sessions ADD COLUMN talk_minutes INTEGER NOT NULL DEFAULT 15
    CHECK (talk_minutes BETWEEN 1 AND 240);
ALTER TABLE program_sessions ADD COLUMN question_minutes INTEGER NOT NULL DEFAULT 5
    CHECK (question_minutes BETWEEN 0 AND 60);
