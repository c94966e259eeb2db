import './score-list.css';

import type { Recommendation } from '../api/types';
import { RECOMMENDATION_LABELS } from '../review-values';

interface ScoreListProps {
  criteria: readonly { id: string; name: string }[];
  scores: Readonly<Record<string, number | undefined>>;
  recommendation: Recommendation | null | undefined;
}

/** A review's scores by criterion and its recommendation, as reviewers and admins read them. */
export function ScoreList({ criteria, scores, recommendation }: ScoreListProps) {
  return (
    <dl className="review-score-list">
      {criteria.map((criterion) => (
        <div key={criterion.id}>
          <dt>{criterion.name}</dt>
          <dd>{scores[criterion.id] ?? '—'}</dd>
        </div>
      ))}
      <div>
        <dt>Recommendation</dt>
        <dd>{recommendation ? RECOMMENDATION_LABELS[recommendation] : '—'}</dd>
      </div>
    </dl>
  );
}
