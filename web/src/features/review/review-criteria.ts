/**
 * The criteria editor's rows as typed, and the settings they become. A new
 * criterion has no id until the server gives it one; the key keeps React's
 * rows apart meanwhile.
 */
import type { ReviewCriterion, ReviewSettingsInput } from './api/review-types';

export interface CriterionRow {
  key: string;
  id?: string;
  name: string;
  weight: string;
}

let nextKey = 0;

export function criterionRows(criteria: readonly ReviewCriterion[]): CriterionRow[] {
  return criteria.map(({ id, name, weight }) => ({ key: id, id, name, weight: String(weight) }));
}

export function newCriterionRow(): CriterionRow {
  nextKey += 1;
  return { key: `new-${nextKey}`, name: '', weight: '1' };
}

/**
 * The criteria as the API takes them, or a message per row that cannot be
 * sent (by row key): a name, no name twice, a weight above 0.
 */
export function criteriaOf(
  rows: readonly CriterionRow[],
): { criteria: ReviewSettingsInput['criteria'] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  const criteria: ReviewSettingsInput['criteria'] = [];
  for (const row of rows) {
    const name = row.name.trim().replace(/\s+/g, ' ');
    const weight = Number(row.weight);
    if (!name) errors[row.key] = 'Give the criterion a name.';
    else if (seen.has(name.toLowerCase())) errors[row.key] = `“${name}” is there twice.`;
    else if (!row.weight.trim() || !Number.isFinite(weight) || weight <= 0) {
      errors[row.key] = 'The weight must be a number above 0.';
    }
    seen.add(name.toLowerCase());
    criteria.push(row.id ? { id: row.id, name, weight } : { name, weight });
  }
  if (rows.length === 0) errors.none = 'Keep at least one criterion.';
  return Object.keys(errors).length ? { errors } : { criteria };
}
