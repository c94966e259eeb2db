import { useId } from 'react';

import type { Edition } from '../../../api/types';
import { formatConferenceTime } from '../../../lib/format';
import { formatFileSize } from '../../../lib/format-size';
import './submissions.css';

/** The spec's guidelines for abstracts, filled in from the edition's limits and deadline. */
export function AbstractGuidelines({ edition }: { edition: Edition }) {
  const headingId = useId();

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Submission Guidelines</h2>
      <ul className="submissions-guidelines">
        <li>Your abstract must be at most {edition.word_limit} words, excluding references.</li>
        <li>
          Your abstract must be anonymized: leave out your name and anything else that identifies you, including
          the PDF&apos;s author field.
        </li>
        {edition.call_closes_at && (
          <li>
            The deadline is <time dateTime={edition.call_closes_at}>{formatConferenceTime(edition.call_closes_at)}</time>
            .
          </li>
        )}
        <li>
          If your work was done as part of a team and your abstract is accepted, we will ask for verification from
          the principal investigator.
        </li>
        <li>Upload one PDF file of at most {formatFileSize(edition.max_file_bytes)}.</li>
        <li>
          You can submit up to {edition.max_submissions_per_author}{' '}
          {edition.max_submissions_per_author === 1 ? 'abstract' : 'abstracts'}.
        </li>
      </ul>
    </section>
  );
}
