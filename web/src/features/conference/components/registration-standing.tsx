import { useState, type ReactNode } from 'react';

import type { EventView } from '../../../api/types';
import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';

interface RegistrationStandingProps {
  event: EventView;
  /** Cancels the registration (or leaves the waiting list). */
  cancel: () => Promise<unknown>;
  /** Takes the place offered. */
  accept: () => Promise<unknown>;
  busy: boolean;
  /** Shown under a registration that holds a place: the ticket, or where it is. */
  ticket: ReactNode;
  /** Shown above the button that cancels (the person's answers). */
  children?: ReactNode;
}

/**
 * Where a live registration stands (`event.mine`), in words, with what its
 * person can do next: take a place offered, cancel, leave the waiting list;
 * once the event has started (`event.started`), a sentence saying nothing
 * changes any more instead of buttons the server would refuse.
 * The member's card and a registration's own link both show it.
 */
export function RegistrationStanding({ event, cancel, accept, busy, ticket, children }: RegistrationStandingProps) {
  const confirm = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const mine = event.mine;
  if (!mine) return null;

  const run = async (action: () => Promise<unknown>, fallback: string) => {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(refusalMessage(error) ?? fallback);
    }
  };

  const leave = async () => {
    const leaving = mine.state === 'waiting' ? 'Leave the waiting list' : 'Cancel your registration';
    const sure = await confirm({
      title: leaving,
      message:
        mine.state === 'registered' && mine.mode === 'in_person'
          ? `${leaving} for ${event.title}? Your place goes to the next person waiting.`
          : `${leaving} for ${event.title}?`,
      confirmLabel: leaving,
      cancelLabel: 'Keep it',
      tone: 'danger',
    });
    if (sure) await run(cancel, 'Your registration could not be cancelled. Please try again.');
  };

  return (
    <>
      {failure && <FormMessage tone="error">{failure}</FormMessage>}
      {mine.state === 'registered' && (
        <>
          <p>
            You are registered for {event.title}: {mine.mode === 'in_person' ? 'in person' : 'virtually'}
            {mine.lunch ? ', with lunch' : ''}.
          </p>
          {ticket}
        </>
      )}
      {mine.state === 'waiting' && (
        <p>
          In-person places are full. You are number {mine.position} on the waiting list; if a place comes free,
          we will e-mail you.
        </p>
      )}
      {mine.state === 'offered' && mine.offer_expires_at && (
        <>
          <p>
            A place has come free for you. Take it by {formatConferenceTime(mine.offer_expires_at)}, or it goes to the
            next person waiting.
          </p>
          <p className="button-row">
            <Button
              disabled={busy}
              onClick={() => void run(accept, 'The place could not be taken. Please try again.')}
            >
              Take the place
            </Button>
          </p>
        </>
      )}
      {children}
      {event.started ? (
        <p>{event.title} has started, so your registration can no longer be changed or cancelled.</p>
      ) : (
        <p className="button-row">
          <Button variant="secondary" disabled={busy} onClick={() => void leave()}>
            {mine.state === 'waiting' ? 'Leave the waiting list' : 'Cancel my registration'}
          </Button>
        </p>
      )}
    </>
  );
}
