-- Admin search at 10,000 users: a search that matches nobody had to read
-- every user and summary to prove it (a substring match uses no B-tree).
-- FTS5's trigram tokenizer indexes every three-character substring, folding
-- case (Unicode-aware, as the GLOB classes the search used), so a search of
-- three or more characters reads only the rows that can match.
--
-- One row per user of the searched text, kept by triggers in the same
-- transaction as the change; `search_key` is a stable integer key for the
-- index (a plain table's rowid may be renumbered by VACUUM).
CREATE TABLE user_search (
    search_key INTEGER PRIMARY KEY,
    user_id BLOB NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL,
    abstract_name TEXT
);

CREATE VIRTUAL TABLE user_search_index USING fts5(
    first_name, last_name, email, abstract_name,
    content = 'user_search', content_rowid = 'search_key', tokenize = 'trigram'
);

-- The index follows its content table (FTS5's external-content recipe).
CREATE TRIGGER user_search_index_insert AFTER INSERT ON user_search BEGIN
    INSERT INTO user_search_index (rowid, first_name, last_name, email, abstract_name)
    VALUES (NEW.search_key, NEW.first_name, NEW.last_name, NEW.email, NEW.abstract_name);
END;

CREATE TRIGGER user_search_index_delete AFTER DELETE ON user_search BEGIN
    INSERT INTO user_search_index (user_search_index, rowid, first_name, last_name, email, abstract_name)
    VALUES ('delete', OLD.search_key, OLD.first_name, OLD.last_name, OLD.email, OLD.abstract_name);
END;

CREATE TRIGGER user_search_index_update AFTER UPDATE ON user_search BEGIN
    INSERT INTO user_search_index (user_search_index, rowid, first_name, last_name, email, abstract_name)
    VALUES ('delete', OLD.search_key, OLD.first_name, OLD.last_name, OLD.email, OLD.abstract_name);
    INSERT INTO user_search_index (rowid, first_name, last_name, email, abstract_name)
    VALUES (NEW.search_key, NEW.first_name, NEW.last_name, NEW.email, NEW.abstract_name);
END;

-- The content follows the users and their current first abstract.
CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
    INSERT INTO user_search (user_id, first_name, last_name, email, abstract_name)
    VALUES (NEW.id, NEW.first_name, NEW.last_name, NEW.email,
            (SELECT first_original_name FROM submission_summaries WHERE user_id = NEW.id));
END;

CREATE TRIGGER users_search_update AFTER UPDATE OF first_name, last_name, email ON users BEGIN
    UPDATE user_search SET first_name = NEW.first_name, last_name = NEW.last_name, email = NEW.email
    WHERE user_id = NEW.id;
END;

CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
    DELETE FROM user_search WHERE user_id = OLD.id;
END;

-- Summaries are replaced (deleted, then inserted) on every change.
CREATE TRIGGER summaries_search_insert AFTER INSERT ON submission_summaries BEGIN
    UPDATE user_search SET abstract_name = NEW.first_original_name WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER summaries_search_update AFTER UPDATE OF first_original_name ON submission_summaries BEGIN
    UPDATE user_search SET abstract_name = NEW.first_original_name WHERE user_id = NEW.user_id;
END;

CREATE TRIGGER summaries_search_delete AFTER DELETE ON submission_summaries BEGIN
    UPDATE user_search SET abstract_name = NULL WHERE user_id = OLD.user_id;
END;

INSERT INTO user_search (user_id, first_name, last_name, email, abstract_name)
SELECT u.id, u.first_name, u.last_name, u.email, m.first_original_name
FROM users u LEFT JOIN submission_summaries m ON m.user_id = u.id;
