/** A reviewer, their assignments and one submission's review, for the review pages' tests. */
import type { SessionUser } from '../../api/types';
import { member } from '../../test/render-app';
import type { ReviewDetail, ReviewerHome } from './api/types';

export const reviewer: SessionUser = { ...member, id: '0b7c6a52-0000-4a38-9f0e-00000000beef', roles: ['reviewer'] };

export const home: ReviewerHome = {
  edition_year: 2025,
  deadline: '2025-04-01T06:59:00Z',
  open: true,
  assigned: 3,
  reviewed: 1,
  assignments: [
    { code: 'S25-003', title: 'Vowel harmony in Turkish', keywords: ['Phonology'], preferred_format: 'talk', state: 'submitted' },
    { code: 'S25-007', title: 'Evidentials in Quechua', keywords: ['Semantics', 'Fieldwork'], preferred_format: 'poster', state: 'draft' },
    { code: 'S25-011', title: 'Code-switching online', keywords: [], preferred_format: 'either', state: 'pending' },
  ],
};

export function detail(fields: Partial<ReviewDetail> = {}): ReviewDetail {
  return {
    code: 'S25-007',
    title: 'Evidentials in Quechua',
    keywords: ['Semantics', 'Fieldwork'],
    preferred_format: 'poster',
    word_count: 412,
    flags: [],
    file_url: '/api/review/S25-007/file',
    deadline: '2025-04-01T06:59:00Z',
    open: true,
    form: {
      criteria: [
        { id: 'c-rel', name: 'Relevance', weight: 1 },
        { id: 'c-ori', name: 'Originality', weight: 1 },
        { id: 'c-cla', name: 'Clarity', weight: 1 },
      ],
      scale: { min: 1, max: 5 },
      recommendations: ['accept', 'weak_accept', 'weak_reject', 'reject'],
    },
    review: null,
    others: null,
    next_code: 'S25-011',
    ...fields,
  };
}
