/**
 * The messages of the guards around the signed-in pages (ProtectedRoute,
 * AdminOnly, the protected route table), which every page's code holds,
 * the home page's included. The other messages are only in the pages that
 * show them: in one object (messages.ts), they cost every visitor of `/`
 * 1.9 KB (0.6 KB gzip) of its JavaScript budget (bench/README.md).
 * messages.ts spreads these into its own, so screens still read them there.
 */
export const guardMessages = {
  registerFirst: 'You need to register first.',
  logInToSubmit: 'You Must Log In to Submit an Abstract',
  completeProfileFirst: 'Please complete your profile before proceeding',
  // Not in the spec: the reason given on /login for the other protected pages.
  signInToContinue: 'Please sign in to continue.',
  // Not in the spec: the admin pages (issue 5).
  notAuthorised: 'You need admin rights to see this page.',
} as const;
