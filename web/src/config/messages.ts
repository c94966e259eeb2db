/**
 * The spec's messages (sections 2, 4, 5 and 8), copied letter for letter.
 * Screens take them from here so that a typo cannot creep into one copy;
 * tests spell them out again on purpose, as a second reading of the spec.
 */
export const messages = {
  incorrectCredentials: 'Incorrect email or password.',
  emailUnverified: 'Please verify your email before logging in.',
  loginFailed: 'An error occurred during login. Please try again.',
  googleCanceled: 'Google Sign-In was canceled. Please try again.',
  googleFailed: 'Google Sign-In failed. Please try again.',
  googleNoProfile: 'Please complete your profile.',
  registerFailed: 'Failed to register',
  passwordsDoNotMatch: 'Passwords do not match',
  fillOutAllFields: 'Please fill out all fields.',
  profileLoadFailed: 'Error fetching user data',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  registerFirst: 'You need to register first.',
  logInToSubmit: 'You Must Log In to Submit an Abstract',
  completeProfileFirst: 'Please complete your profile before proceeding',
  // Not in the spec: the reason given on /login for the other protected pages.
  signInToContinue: 'Please sign in to continue.',
} as const;

/**
 * The `?notice=` codes the server's Google callback puts on the page it
 * redirects to (a full-page redirect cannot carry router state).
 */
export const noticeMessages: Readonly<Record<string, string>> = {
  'google-canceled': messages.googleCanceled,
  'google-failed': messages.googleFailed,
  'google-new': messages.googleNoProfile,
};
