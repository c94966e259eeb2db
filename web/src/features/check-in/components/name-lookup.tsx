import { useRef, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/field';
import { formatConferenceClock } from '../../../lib/format-clock';
import { searchable, usePeople } from '../api/find-people';
import type { FoundPerson } from '../../../api/types';

const TOO_SHORT = 'Type at least two characters of a name or an e-mail address.';

function fullName(person: FoundPerson) {
  return `${person.first_name} ${person.last_name}`;
}

/** What the list says of one person: checked in, waiting offline, why they hold no place (in red), or the button. */
function PersonAction({
  person,
  busy,
  waiting,
  onCheckIn,
}: {
  person: FoundPerson;
  busy: boolean;
  waiting: boolean;
  onCheckIn: (person: FoundPerson) => void;
}) {
  if (person.not_registered) {
    return (
      <p className="check-in-person-refused">
        <span aria-hidden="true">✕ </span>
        {person.not_registered}
      </p>
    );
  }
  if (person.checked_in_at) {
    return (
      <p className="check-in-person-done">
        ✓ Checked in at {formatConferenceClock(person.checked_in_at)}
        {person.checked_in_by ? ` by ${person.checked_in_by}` : ''}
        {person.outside_window ? ', outside the check-in window (an admin’s decision)' : ''}
      </p>
    );
  }
  if (waiting) return <p className="check-in-person-waiting">Saved offline: waits for the connection.</p>;
  return (
    <Button
      disabled={busy}
      onClick={() => {
        onCheckIn(person);
      }}
    >
      Check in {fullName(person)}
    </Button>
  );
}

/**
 * Finds people who registered by any part of their name or e-mail address
 * (the server ignores case and accents), each with a button to check them
 * in, or in red why they hold no place. After a check-in the box is
 * cleared and takes the focus, ready for the next person. The last results
 * stay on screen when the network goes, so a volunteer can still check in
 * someone found a moment before (queued).
 */
export function NameLookup({
  slug,
  busy,
  waiting,
  onCheckIn,
}: {
  slug: string;
  busy: boolean;
  /** People whose check-in is saved offline: shown as waiting, not offered again. */
  waiting: ReadonlySet<string>;
  onCheckIn: (person: FoundPerson) => void;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const people = usePeople(slug, q);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = typed.trim();
    const short = !searchable(wanted);
    setTooShort(short);
    setQ(short ? '' : wanted);
  };
  const checkIn = (person: FoundPerson) => {
    onCheckIn(person);
    setTyped('');
    setQ('');
    box.current?.focus();
  };
  return (
    <section className="check-in-lookup" aria-labelledby="check-in-lookup-title">
      <h2 id="check-in-lookup-title">Find by name</h2>
      <form role="search" aria-label="Find a person who registered" onSubmit={submit}>
        <TextField
          ref={box}
          label="Name or e-mail address"
          hint="Any part of it; accents and capitals do not matter."
          type="search"
          autoComplete="off"
          value={typed}
          onChange={(change) => {
            setTyped(change.target.value);
          }}
          action={<Button type="submit">Search</Button>}
          errors={tooShort ? [TOO_SHORT] : []}
        />
      </form>
      {people.isError && !people.data && (
        <FormMessage tone="error">The search could not reach the server. Please try again.</FormMessage>
      )}
      {q && people.data && (
        <>
          <p role="status">
            {people.data.length === 0
              ? `No one who registered matches “${q}”.`
              : `${String(people.data.length)} ${people.data.length === 1 ? 'person matches' : 'people match'} “${q}”.`}
          </p>
          <ul className="check-in-people">
            {people.data.map((person) => (
              <li
                key={person.registration_id}
                className={person.not_registered ? 'check-in-person is-refused' : 'check-in-person'}
              >
                <p className="check-in-person-name">{fullName(person)}</p>
                {!person.not_registered && (
                  <p className="check-in-person-facts">
                    {person.mode === 'in_person' ? 'In person' : 'Virtual'}
                    {person.lunch ? ', lunch' : ''}
                  </p>
                )}
                <PersonAction
                  person={person}
                  busy={busy}
                  waiting={waiting.has(person.registration_id)}
                  onCheckIn={checkIn}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
