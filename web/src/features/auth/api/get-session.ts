// The session query is shared code (other features read who is signed in);
// the auth feature's pages import it from here as before.
export { getSession, sessionQueryKey, sessionQueryOptions, useSession } from '../../../lib/session';
