import { useId, useState, type ComponentProps, type SubmitEvent } from 'react';
import { Link } from 'react-router';

import { Button } from '../../../components/button';
import { NumberField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import type { Notice } from '../../admin';
import {
  registrationsCsvUrl,
  useEvent,
  useMoveWaiting,
  useSetCapacity,
  type AdminEvent,
  type AdminRegistration,
  type MoveDirection,
} from '../api/events';
import { EventDetailsForm } from './event-details-form';
import { EventPageLinks } from './event-page-links';
import { EventQuestions } from './event-questions';
import { RegistrationsTable } from './registrations-table';
import { FactList } from '../../../components/fact-list';

const ORDINAL = new Intl.PluralRules('en-US', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** 1 -> "1st", 22 -> "22nd". */
export function ordinal(n: number): string {
  return `${String(n)}${SUFFIX[ORDINAL.select(n)] ?? 'th'}`;
}

/** Where a registration stands, in words; `position` on the waiting list. */
export function statusText(
  registration: Pick<AdminRegistration, 'state' | 'offer_expires_at'>,
  position: number | null | undefined,
): string {
  switch (registration.state) {
    case 'registered':
      return 'Registered';
    case 'waiting':
      return position ? `Waiting (${ordinal(position)} in line)` : 'Waiting';
    case 'offered':
      return registration.offer_expires_at
        ? `Offered a place, until ${formatConferenceTime(registration.offer_expires_at)}`
        : 'Offered a place';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Offer expired';
  }
}

/** An event's places in person: a whole number from 0 to 10,000. */
export function PlacesField(props: Omit<ComponentProps<typeof NumberField>, 'label' | 'name' | 'min' | 'max'>) {
  return <NumberField label="Places in person" name="capacity" inputMode="numeric" min={0} max={10000} {...props} />;
}

function CapacityForm({ event, onNotice }: { event: AdminEvent; onNotice: (notice: Notice) => void }) {
  const [capacity, setCapacity] = useState(String(event.capacity));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSetCapacity();

  const submit = async (form: SubmitEvent<HTMLFormElement>) => {
    form.preventDefault();
    setErrors({});
    if (!/^\d+$/.test(capacity.trim())) {
      setErrors({ capacity: ['Enter a number of places, such as 120.'] });
      return;
    }
    const before = event.counts.offered;
    try {
      const saved = await save.mutateAsync({ slug: event.slug, capacity: Number(capacity) });
      const offered = saved.counts.offered - before;
      const offers = offered > 0 ? ` ${String(offered)} place${offered === 1 ? ' was' : 's were'} offered to the waiting list.` : '';
      onNotice({ tone: 'success', text: `${saved.title} now has ${String(saved.capacity)} places in person.${offers}` });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to change the places. Please try again.' });
    }
  };

  return (
    <form className="form registration-event-capacity" noValidate onSubmit={(form) => void submit(form)}>
      <PlacesField
        hint="More places are offered to the waiting list at once; fewer take no one's place away."
        value={capacity}
        errors={errors.capacity}
        onChange={(change) => {
          setCapacity(change.target.value);
        }}
      />
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save Places'}
      </Button>
    </form>
  );
}

interface EventRegistrationsProps {
  slug: string;
  onNotice: (notice: Notice) => void;
}

/** One event: its counts, its places, and its registrations in order of arrival, the waiting list movable. */
export function EventRegistrations({ slug, onNotice }: EventRegistrationsProps) {
  const event = useEvent(slug);
  const move = useMoveWaiting();
  const headingId = useId();

  if (event.isPending) return <PageLoading label="Loading the registrations…" />;
  if (event.isError) {
    return (
      <FormMessage tone="error">
        {refusalMessage(event.error) ?? 'Failed to load the registrations. Please try again.'}
      </FormMessage>
    );
  }
  const data = event.data;
  const { counts } = data;

  const moveOne = async (registration: AdminRegistration, direction: MoveDirection) => {
    const name = `${registration.first_name} ${registration.last_name}`;
    try {
      const moved = await move.mutateAsync({ slug, id: registration.id, direction });
      const at = moved.registrations.filter((r) => r.state === 'waiting').findIndex((r) => r.id === registration.id);
      onNotice({ tone: 'success', text: `${name} is ${ordinal(at + 1)} in line now.` });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to move them. Please try again.' });
    }
  };

  const facts: [string, string][] = [
    ['Registered', String(counts.registered)],
    ['Places in person taken', `${String(counts.taken)} of ${String(data.capacity)}`],
    ['Offers waiting for an answer', String(counts.offered)],
    ['On the waiting list', String(counts.waiting)],
    ['Checked in', String(counts.checked_in)],
    ['Lunches', String(counts.lunches)],
    ['With dietary or access needs', String(counts.needs)],
  ];

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{data.title}</h2>
      <p>
        Starts {formatConferenceTime(data.starts_at)}. Registration is {data.open ? 'open' : 'closed'}
        {data.closes_at ? ` (it closes ${formatConferenceTime(data.closes_at)})` : ''}. Members and visitors register
        on its page, <Link to={`/events/${encodeURIComponent(data.slug)}`}>/events/{data.slug}</Link>
        {data.slug.startsWith('sculc-') ? ', and on /sculc for its edition' : ''}.
      </p>
      <FactList className="registration-event-counts" facts={facts} />
      <EventDetailsForm event={data} onNotice={onNotice} />
      <CapacityForm key={data.capacity} event={data} onNotice={onNotice} />
      <EventQuestions event={data} onNotice={onNotice} />
      <EventPageLinks slug={data.slug} title={data.title} onNotice={onNotice} />
      <p>
        <a className="button button-secondary" href={registrationsCsvUrl(slug)} download>
          Download the registrations (CSV)
        </a>
      </p>
      {data.registrations.length === 0 ? (
        <p>No one has registered yet.</p>
      ) : (
        <RegistrationsTable
          event={data}
          busy={event.isFetching}
          statusOf={statusText}
          moving={move.isPending}
          onMove={moveOne}
        />
      )}
    </section>
  );
}
