import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { refusalMessage } from '../../../lib/api-client';
import type { Notice } from '../../admin';
import { useSendReminders } from '../api/send-reminders';
import type { AttendanceFilter } from '../api/types';

interface ReminderButtonProps {
  filter: AttendanceFilter;
  /** The table's search: only the people it finds are reminded. */
  q: string;
  /** How many people the table shows in the filter (all pages). */
  count: number;
  /** The edition the table shows: its presenters are reminded of its deadlines. */
  edition: number;
}

const people = (count: number) => (count === 1 ? '1 person' : `${count} people`);

const WHO: Record<AttendanceFilter, string> = {
  not_confirmed: 'accepted but not confirmed',
  without_materials: 'confirmed without materials',
};

/**
 * One e-mail to each person in the current filter, naming the confirm-by and
 * final-materials deadlines. It asks first; the answer says how many were
 * sent, read out by screen readers.
 */
export function ReminderButton({ filter, q, count, edition }: ReminderButtonProps) {
  const send = useSendReminders();
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<Notice>();
  const questionId = useId();
  const questionRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (asking) questionRef.current?.focus();
  }, [asking]);

  const confirm = async () => {
    try {
      const { sent } = await send.mutateAsync({ filter, ...(q ? { q } : {}), edition });
      setResult({ tone: 'success', text: `Reminder sent to ${people(sent)}.` });
    } catch (error) {
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Failed to send the reminders. Please try again.' });
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="users-reminder">
      {!asking && (
        <Button variant="secondary"
          disabled={count === 0}
          onClick={() => {
            setResult(undefined);
            setAsking(true);
          }}
        >
          Send reminder to {people(count)}
        </Button>
      )}
      {asking && (
        <div className="users-reminder-confirm" role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={questionRef} tabIndex={-1}>
            E-mail a reminder to {people(count)} {WHO[filter]}
            {q ? ` matching “${q}”` : ''} in SCULC {edition}? Each gets one e-mail with SCULC {edition}’s confirm-by
            and final-materials deadlines.
          </p>
          <div className="button-row">
            <Button disabled={send.isPending} onClick={() => void confirm()}>
              {send.isPending ? 'Sending...' : 'Send reminders'}
            </Button>
            <Button variant="secondary"
              disabled={send.isPending}
              onClick={() => {
                setAsking(false);
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      )}
      <div aria-live="polite">{result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}</div>
    </div>
  );
}
