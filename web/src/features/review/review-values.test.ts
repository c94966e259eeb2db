import { describe, expect, it } from 'vitest';

import type { ReviewForm } from './api/types';
import { firstErrorField, inputOf, missingAnswers, scaleOf } from './review-values';

const form: ReviewForm = {
  criteria: [
    { id: 'c-relevance', name: 'Relevance', weight: 1 },
    { id: 'c-clarity', name: 'Clarity', weight: 2 },
  ],
  scale: { min: 1, max: 5 },
  recommendations: ['accept', 'weak_accept', 'weak_reject', 'reject'],
};

describe('the review form', () => {
  it('offers every score of the scale, low to high', () => {
    expect(scaleOf(form)).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts empty, or from the saved draft', () => {
    expect(inputOf(null)).toEqual({
      scores: {},
      recommendation: null,
      comment_for_author: '',
      comment_for_organisers: '',
    });
    const saved = inputOf({
      scores: { 'c-relevance': 4 },
      recommendation: 'weak_accept',
      comment_for_author: 'Clear.',
      comment_for_organisers: '',
      state: 'draft',
      saved_at: '2025-03-25T10:00:00Z',
      submitted_at: null,
      edited_at: null,
    });
    expect(saved.scores).toEqual({ 'c-relevance': 4 });
    expect(saved.recommendation).toBe('weak_accept');
  });

  it('names each unscored criterion and a missing recommendation, focusing the first in form order', () => {
    const fields = missingAnswers(form, { ...inputOf(null), scores: { 'c-relevance': 3 } });
    expect(fields).toEqual({ 'scores.c-clarity': ['Choose a score.'], recommendation: ['Choose a recommendation.'] });
    expect(firstErrorField(form, fields)).toBe('scores.c-clarity');
    expect(firstErrorField(form, { comment_for_author: ['Too long.'], recommendation: ['x'] })).toBe('recommendation');
  });

  it('accepts a complete review and refuses comments over 5,000 characters', () => {
    const complete = {
      scores: { 'c-relevance': 1, 'c-clarity': 5 },
      recommendation: 'reject' as const,
      comment_for_author: 'x'.repeat(5000),
      comment_for_organisers: '',
    };
    expect(missingAnswers(form, complete)).toEqual({});
    expect(missingAnswers(form, { ...complete, comment_for_organisers: 'x'.repeat(5001) })).toEqual({
      comment_for_organisers: ['Shorten the comment to 5,000 characters.'],
    });
  });
});
