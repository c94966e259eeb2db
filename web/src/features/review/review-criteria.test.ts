import { describe, expect, it } from 'vitest';

import { criteriaOf, criterionRows, newCriterionRow, type CriterionRow } from './review-criteria';

const [relevance, clarity]: [CriterionRow, CriterionRow] = [
  { key: 'c1', id: 'c1', name: 'Relevance', weight: '1' },
  { key: 'c2', id: 'c2', name: 'Clarity', weight: '2' },
];

describe('the criteria editor', () => {
  it('starts from the saved criteria', () => {
    expect(
      criterionRows([
        { id: 'c1', name: 'Relevance', weight: 1 },
        { id: 'c2', name: 'Clarity', weight: 2 },
      ]),
    ).toEqual([relevance, clarity]);
  });

  it('sends renamed and reweighted criteria with their ids, new ones without', () => {
    const added = { ...newCriterionRow(), name: '  Data   quality ', weight: '0.5' };
    const rows = [{ ...relevance, name: 'Fit' }, { ...clarity, weight: '3' }, added];
    expect(criteriaOf(rows)).toEqual({
      criteria: [
        { id: 'c1', name: 'Fit', weight: 1 },
        { id: 'c2', name: 'Clarity', weight: 3 },
        { name: 'Data quality', weight: 0.5 },
      ],
    });
  });

  it('refuses an empty name, a name twice, a weight of 0 or none, and no criteria at all', () => {
    const blank = { ...newCriterionRow(), name: ' ' };
    const twice = { ...newCriterionRow(), name: 'relevance' };
    const zero = { ...clarity, weight: '0' };
    const empty = { ...newCriterionRow(), name: 'Style', weight: '' };
    expect(criteriaOf([relevance, blank, twice, zero, empty])).toEqual({
      errors: {
        [blank.key]: 'Give the criterion a name.',
        [twice.key]: '“relevance” is there twice.',
        [zero.key]: 'The weight must be a number above 0.',
        [empty.key]: 'The weight must be a number above 0.',
      },
    });
    expect(criteriaOf([])).toEqual({ errors: { none: 'Keep at least one criterion.' } });
  });
});
