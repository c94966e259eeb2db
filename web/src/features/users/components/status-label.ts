import type { SubmissionStatus } from '../api/types';

export const statusLabels: Readonly<Record<SubmissionStatus, string>> = {
  submitted: 'Submitted, no decision yet',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};
