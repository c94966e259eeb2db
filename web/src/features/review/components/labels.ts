import type { AssignmentState } from '../api/types';

export const STATE_LABELS: Record<AssignmentState, string> = {
  pending: 'Not started',
  draft: 'Draft saved',
  submitted: 'Submitted',
};

export const DEADLINE_PASSED = 'The review deadline has passed. Reviews can no longer be changed.';
