// The reviewer's pages, loaded together on the first visit to either.
export { ReviewHomePage } from './review-home-page';
export { ReviewSubmissionPage } from './review-submission-page';
