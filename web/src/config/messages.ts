/**
 * The spec's messages (sections 2, 4, 5 and 8), copied letter for letter.
 * Screens take them from here so that a typo cannot creep into one copy;
 * tests spell them out again on purpose, as a second reading of the spec.
 */
import { guardMessages } from './guard-messages.ts';

export const messages = {
  // The spec's messages of the guards (and two of ours): guard-messages.ts.
  ...guardMessages,
  incorrectCredentials: 'Incorrect email or password.',
  emailUnverified: 'Please verify your email before logging in.',
  loginFailed: 'An error occurred during login. Please try again.',
  // Not in the spec: while a busy server is asked again (a lecture hall signing in at once).
  busyRetrying: 'The server is busy, trying again…',
  googleCanceled: 'Google Sign-In was canceled. Please try again.',
  googleFailed: 'Google Sign-In failed. Please try again.',
  googleNoProfile: 'Please complete your profile.',
  registerFailed: 'Failed to register',
  passwordsDoNotMatch: 'Passwords do not match',
  fillOutAllFields: 'Please fill out all fields.',
  profileLoadFailed: 'Error fetching user data',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  uploadFailed: 'Failed to upload the file. Please try again.',
  selectFileToUpload: 'Please select a file to upload.',
  submissionDeleted: 'Your submission has been deleted.',
  deleteSubmissionFailed: 'Failed to delete the submission. Please try again.',
  noSubmissionsFound: 'No submissions found. Please ensure your submission was successful.',
  // Not in the spec: the upload screen's own checks (the server makes them
  // too; 'The file must be a PDF.' is its wording), the message /sculc/
  // view-submission shows after an upload (it contains 'success', so it is
  // styled as one), and load failures of the submission pages.
  notPdf: 'The file must be a PDF.',
  oneFileAtATime: 'Please choose one file at a time.',
  uploadSucceeded: 'Your abstract was uploaded successfully.',
  submissionsLoadFailed: 'Failed to load your submissions. Please try again.',
  editionLoadFailed: 'Failed to load the conference details. Please try again.',
  // Not in the spec: withdrawing a decided submission (issue 10), which
  // replaces deleting it once an admin has decided.
  submissionWithdrawn: 'Your submission has been withdrawn.',
  withdrawSubmissionFailed: 'Failed to withdraw the submission. Please try again.',
  // Not in the spec: the admin pages (issue 5).
  lastAdmin: 'At least one admin must remain.',
} as const;

/**
 * The `?notice=` codes the server's Google callback puts on the page it
 * redirects to (a full-page redirect cannot carry router state).
 */
export const noticeMessages: Readonly<Record<string, string>> = {
  'google-canceled': messages.googleCanceled,
  'google-failed': messages.googleFailed,
  'google-new': messages.googleNoProfile,
  // Not in the spec: the server's answer when one network starts too many sign-ins.
  'google-rate-limited': 'Too many Google sign-ins from your network. Please wait 15 minutes and try again.',
};
