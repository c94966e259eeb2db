-- Admin search at 10,000 users: a search that matches nobody had to read
-- every user and summary to prove it (a substring LIKE uses no B-tree).
-- Trigram indexes (pg_trgm, trusted: the database owner may create it)
-- answer `LOWER(column) LIKE '%text%'` from the index for three or more
-- characters; the query unions one lookup per table (an OR across the join
-- could use neither).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX users_first_name_trgm ON users USING gin (LOWER(first_name) gin_trgm_ops);
CREATE INDEX users_last_name_trgm ON users USING gin (LOWER(last_name) gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (LOWER(email) gin_trgm_ops);
CREATE INDEX submission_summaries_name_trgm
    ON submission_summaries USING gin (LOWER(first_original_name) gin_trgm_ops);
