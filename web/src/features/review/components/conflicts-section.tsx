import { useId, useRef, useState } from 'react';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/field';
import { useForm } from '../../../hooks/use-form';
import { refusalMessage } from '../../../lib/api-client';
import { useAddConflict, useConflicts, useRemoveConflict } from '../api/conflicts';
import type { Conflict } from '../api/types';

function describe(conflict: Conflict): string {
  return [conflict.name, conflict.email].filter(Boolean).join(', ');
}

/** Said after every declaration alike: it never tells whether the person wrote anything. */
const DECLARED_NOTE =
  'The organisers will see it and reassign any submission it concerns. Your list changes only when they do.';

/**
 * The people the reviewer must not review: declared here (by name, e-mail
 * or both) or added by the organisers. A conflict keeps every submission by
 * or with that person away from the reviewer in future assignments; what is
 * already assigned stays until the organisers reassign it.
 */
export function ConflictsSection() {
  const conflicts = useConflicts();
  const add = useAddConflict();
  const remove = useRemoveConflict();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm(add, {
    initial: { name: '', email: '' },
    request: ({ name, email }) => ({ name: name.trim() || null, email: email.trim() || null }),
    check: ({ name, email }) => (name.trim() || email.trim() ? null : 'Enter a name, an e-mail address or both.'),
    failure: (error) => refusalMessage(error) ?? 'Failed to declare the conflict. Please try again.',
    onSent: (conflict) => {
      setNotice({ tone: 'success', text: `Conflict declared: ${describe(conflict)}. ${DECLARED_NOTE}` });
    },
  });

  const removeOne = async (conflict: Conflict) => {
    try {
      await remove.mutateAsync(conflict.id);
      setNotice({ tone: 'success', text: `Conflict removed: ${describe(conflict)}.` });
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to remove the conflict. Please try again.' });
    }
    // The pressed button is gone: the section's heading keeps the reader's place.
    headingRef.current?.focus();
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        Your conflicts
      </h2>
      <p>
        Name anyone whose work you should not review: a supervisor, a co-author, a close colleague. You are never
        given your own submissions or those you co-authored.
      </p>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {conflicts.isPending && <p>Loading your conflicts…</p>}
      {conflicts.isError && (
        <FormMessage tone="error">
          {refusalMessage(conflicts.error) ?? 'Failed to load your conflicts. Please try again.'}
        </FormMessage>
      )}
      {conflicts.data &&
        (conflicts.data.conflicts.length === 0 ? (
          <p>You have declared no conflicts.</p>
        ) : (
          <ul className="review-conflict-list" aria-label="Your conflicts">
            {conflicts.data.conflicts.map((conflict) => (
              <li key={conflict.id}>
                <span>{describe(conflict)}</span>
                {conflict.added_by_admin ? (
                  <span className="review-conflict-origin">added by the organisers</span>
                ) : (
                  <Button variant="quiet"
                    disabled={remove.isPending}
                    onClick={() => void removeOne(conflict)}
                  >
                    Remove <span className="visually-hidden">conflict with {describe(conflict)}</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ))}
      <form className="form conflict-form" onSubmit={form.handleSubmit} noValidate>
        <TextField label="Name" autoComplete="off" {...form.field('name', 'name')} />
        <TextField label="E-mail" type="email" autoComplete="off" {...form.field('email', 'email')} />
        {form.error && <FormMessage tone="error">{form.error}</FormMessage>}
        <SubmitButton busy={form.busy} busyLabel="Declaring...">
          Declare conflict
        </SubmitButton>
      </form>
    </section>
  );
}
