/**
 * The query key of GET /api/session. Shared code rather than part of the
 * auth feature because every feature that changes who is signed in or what
 * their name is (sign-in, profile edits, log out) must refresh it, and
 * features do not import from one another.
 */
export const sessionQueryKey = ['session'] as const;
