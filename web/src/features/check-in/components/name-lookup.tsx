import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/field';
import { formatConferenceClock } from '../../../lib/format-clock';
import { searchable, usePeople } from '../api/find-people';
import type { FoundPerson } from '../../../api/types';

const TOO_SHORT = 'Type at least two characters of a first or last name.';

function fullName(person: FoundPerson) {
  return `${person.first_name} ${person.last_name}`;
}

/**
 * Finds registered people by first or last name, each with a button to
 * check them in. The last results stay on screen when the network goes, so
 * a volunteer can still check in someone found a moment before (queued).
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
  const people = usePeople(slug, q);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = typed.trim();
    const short = !searchable(wanted);
    setTooShort(short);
    setQ(short ? '' : wanted);
  };
  return (
    <section className="check-in-lookup" aria-labelledby="check-in-lookup-title">
      <h2 id="check-in-lookup-title">Find by name</h2>
      <form role="search" aria-label="Find a registered person" onSubmit={submit}>
        <TextField
          label="First or last name"
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
              ? `No one registered matches “${q}”.`
              : `${String(people.data.length)} ${people.data.length === 1 ? 'person matches' : 'people match'} “${q}”.`}
          </p>
          <ul className="check-in-people">
            {people.data.map((person) => (
              <li key={person.registration_id} className="check-in-person">
                <p className="check-in-person-name">{fullName(person)}</p>
                <p className="check-in-person-facts">
                  {person.mode === 'in_person' ? 'In person' : 'Virtual'}
                  {person.lunch ? ', lunch' : ''}
                </p>
                {person.checked_in_at ? (
                  <p className="check-in-person-done">
                    ✓ Checked in at {formatConferenceClock(person.checked_in_at)}
                    {person.checked_in_by ? ` by ${person.checked_in_by}` : ''}
                    {person.outside_window ? ', outside the check-in window (an admin’s decision)' : ''}
                  </p>
                ) : waiting.has(person.registration_id) ? (
                  <p className="check-in-person-waiting">Saved offline: waits for the connection.</p>
                ) : (
                  <Button
                    disabled={busy}
                    onClick={() => {
                      onCheckIn(person);
                    }}
                  >
                    Check in {fullName(person)}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
