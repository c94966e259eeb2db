-- Issue 22 item 10: the bytes of final materials (slides, posters, and the
-- replaced files kept for admins) an edition may store, 2 GiB unless an
-- admin says otherwise; uploads past it are refused.
ALTER TABLE editions ADD COLUMN materials_quota_bytes BIGINT NOT NULL DEFAULT 2147483648
    CHECK (materials_quota_bytes > 0);
