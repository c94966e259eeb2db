// The admin routes' pages, loaded together on the first visit to any of them.
export { ActivityPage } from './activity-page';
export { EditionsPage } from './editions-page';
export { TemplatesPage } from './templates-page';
export { UserDataPage } from './user-data-page';
export { ReviewsPage } from './reviews-page';
export { SubmissionReviewsPage } from './submission-reviews-page';
export { ProgramPage } from './program-page';
export { RegistrationPage } from './registration-page';
