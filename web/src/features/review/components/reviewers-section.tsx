import { useId, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { refusalMessage } from '../../../lib/api-client';
import { useAddReviewerConflict, useRemoveReviewerConflict, useReviewers } from '../api/review-queries';
import type { Reviewer, ReviewerConflict } from '../api/review-types';
import { ReviewerField } from './reviewer-field';

function describe(conflict: ReviewerConflict): string {
  return [conflict.name, conflict.email].filter(Boolean).join(', ');
}

/** The reviewers with their load and conflicts; admins add and remove conflicts for them. */
export function ReviewersSection({ year }: { year: number }) {
  const reviewers = useReviewers(year);
  const add = useAddReviewerConflict();
  const remove = useRemoveReviewerConflict();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [reviewerId, setReviewerId] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const headingId = useId();

  const removeOne = async (reviewer: Reviewer, conflict: ReviewerConflict) => {
    try {
      await remove.mutateAsync({ reviewerId: reviewer.id, conflictId: conflict.id });
      setNotice({ tone: 'success', text: `${reviewer.name}: conflict with ${describe(conflict)} removed.` });
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to remove the conflict. Please try again.' });
    }
  };

  const addOne = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reviewer = reviewers.data?.reviewers.find(({ id }) => id === reviewerId);
    if (!reviewer) {
      setNotice({ tone: 'error', text: 'Choose a reviewer.' });
      return;
    }
    if (!name.trim() && !email.trim()) {
      setNotice({ tone: 'error', text: 'Enter a name, an e-mail address or both.' });
      return;
    }
    try {
      const conflict = await add.mutateAsync({
        reviewerId: reviewer.id,
        name: name.trim() || null,
        email: email.trim() || null,
      });
      setNotice({ tone: 'success', text: `${reviewer.name}: conflict with ${describe(conflict)} added.` });
      setName('');
      setEmail('');
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to add the conflict. Please try again.' });
    }
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Reviewers</h2>
      <p>
        Their reviews in SCULC {year}; a conflict holds in every edition. Give the reviewer role in the Users tab.
      </p>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {reviewers.isPending && <p>Loading the reviewers…</p>}
      {reviewers.isError && (
        <FormMessage tone="error">
          {refusalMessage(reviewers.error) ?? 'Failed to load the reviewers. Please try again.'}
        </FormMessage>
      )}
      {reviewers.data?.reviewers.length === 0 && <p>No one is a reviewer yet.</p>}
      {reviewers.data && reviewers.data.reviewers.length > 0 && (
        <>
          <ul className="review-reviewer-list">
            {reviewers.data.reviewers.map((reviewer) => (
              <li key={reviewer.id}>
                <p className="reviewer-name">
                  <strong>{reviewer.name}</strong> <span className="review-muted">{reviewer.email}</span>
                </p>
                <p>
                  {reviewer.submitted} of {reviewer.assigned} reviewed
                </p>
                {reviewer.crossed.length > 0 && (
                  <p className="reviewer-crossed">
                    Their conflicts cross {reviewer.crossed.join(', ')}, not yet reviewed. The reviewer is not told;
                    open each code in the table above and remove {reviewer.name} there (another admin does so for
                    your own submissions).
                  </p>
                )}
                {reviewer.conflicts.length > 0 && (
                  <ul className="review-reviewer-conflicts" aria-label={`Conflicts of ${reviewer.name}`}>
                    {reviewer.conflicts.map((conflict) => (
                      <li key={conflict.id}>
                        {describe(conflict)}{' '}
                        <span className="review-muted">
                          ({conflict.added_by_admin ? 'added by an organiser' : 'declared by the reviewer'})
                        </span>{' '}
                        <Button variant="quiet"
                          disabled={remove.isPending}
                          onClick={() => void removeOne(reviewer, conflict)}
                        >
                          Remove{' '}
                          <span className="visually-hidden">
                            conflict of {reviewer.name} with {describe(conflict)}
                          </span>
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
          <form className="form" noValidate onSubmit={(event) => void addOne(event)} aria-label="Add a conflict">
            <h3>Add a conflict</h3>
            <ReviewerField
              value={reviewerId}
              onChange={setReviewerId}
              reviewers={reviewers.data.reviewers}
            />
            <TextField
              label="Name of the person"
              autoComplete="off"
              value={name}
              onChange={(event) => {
                setName(event.target.value);
              }}
            />
            <TextField
              label="E-mail of the person"
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
              }}
            />
            <Button variant="secondary" type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add conflict'}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
