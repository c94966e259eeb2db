// The admin routes' pages, each in its domain's feature folder, loaded together on the first visit to any of them.
export { ActivityPage } from '../../activity/components/activity-page';
export { EditionsPage } from '../../editions/components/editions-page';
export { TemplatesPage } from '../../templates/components/templates-page';
export { UserDataPage } from '../../users/components/user-data-page';
export { ReviewsPage } from '../../review/components/reviews-page';
export { SubmissionReviewsPage } from '../../review/components/submission-reviews-page';
export { ProgramPage } from '../../program/components/program-page';
export { RegistrationPage } from '../../registration/components/registration-page';
