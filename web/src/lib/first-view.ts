/**
 * How long an answer fetched ahead of its page stays fresh: the start-up
 * fetches a signed-in page's data beside the page's code
 * (app/route-data.ts), and the page, mounting a moment later, uses that
 * answer instead of asking again, which TanStack Query would do for data
 * that is stale at once (its default). Short, so that coming back to a page
 * later still asks the server; mutations invalidate these queries by key
 * whatever their age.
 */
export const FIRST_VIEW_FRESH_MS = 5_000;
