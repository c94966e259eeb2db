/**
 * Prefix of every admin query. A decision, a deletion or a role change can
 * move a row in the table, change a user's submissions and add to the
 * activity log at once, so admin mutations invalidate the whole prefix.
 */
export const adminQueryKey = ['admin'] as const;
