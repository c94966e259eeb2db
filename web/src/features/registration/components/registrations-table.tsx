import { useEffect, useId, useRef, useState } from 'react';

import { Button } from '../../../components/button';
import { DataTable } from '../../../components/data-table';
import { formatConferenceTime } from '../../../lib/format';
import type { AdminEvent, AdminRegistration, MoveDirection } from '../api/events';
import { FactList } from '../../../components/fact-list';

/** How much of a long answer a cell shows before "Show all". */
export const CELL_CHARS = 60;

/** `text` cut at a word before `CELL_CHARS` characters, with an ellipsis; null when it fits whole. */
export function shortened(text: string): string | null {
  const characters = Array.from(text);
  if (characters.length <= CELL_CHARS) return null;
  const cut = characters.slice(0, CELL_CHARS).join('');
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > CELL_CHARS / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/** A cell's text, cut when long, with a button that shows the whole of it (and hides it again). */
function LongText({ text, what }: { text: string; what: string }) {
  const [whole, setWhole] = useState(false);
  const short = shortened(text);
  if (!text) return <>—</>;
  if (!short) return <>{text}</>;
  return (
    <>
      <span className="registration-cell-text">{whole ? text : short}</span>{' '}
      <Button
        variant="quiet"
        aria-expanded={whole}
        aria-label={`${whole ? 'Show less of' : 'Show all of'} ${what}`}
        onClick={() => {
          setWhole(!whole);
        }}
      >
        {whole ? 'Show less' : 'Show all'}
      </Button>
    </>
  );
}

/** One question's column: its wording, and whether it is still asked. */
interface Column {
  id: string;
  label: string;
}

function fullName(registration: AdminRegistration): string {
  return `${registration.first_name} ${registration.last_name}`;
}

/** Everything one person gave, whole: opened from their name, closed back to it. */
function PersonDetail({
  registration,
  status,
  columns,
  onClose,
}: {
  registration: AdminRegistration;
  status: string;
  columns: readonly Column[];
  onClose: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, [registration.id]);
  const answers = new Map(registration.question_answers.map((answer) => [answer.question_id, answer.answer]));
  const facts: [string, string][] = [
    ['E-mail', registration.email],
    ['Status', status],
    ['Attends', registration.mode === 'in_person' ? 'In person' : 'Virtually'],
    ['Lunch', registration.lunch ? 'Yes' : 'No'],
    ['Dietary needs', registration.dietary || '—'],
    ['Access needs', registration.access || '—'],
    ['Registered', formatConferenceTime(registration.created_at)],
    ['Checked in', registration.checked_in_at ? formatConferenceTime(registration.checked_in_at) : '—'],
    ...columns.map((column): [string, string] => [column.label, answers.get(column.id) || '—']),
  ];
  return (
    <section className="registration-person" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1}>
        {fullName(registration)}
      </h3>
      <FactList className="registration-person-facts" facts={facts} />
      <p className="button-row">
        <Button variant="secondary" onClick={onClose}>
          Back to the list
        </Button>
      </p>
    </section>
  );
}

interface RegistrationsTableProps {
  event: AdminEvent;
  busy: boolean;
  /** Where a registration stands, in words ("Waiting (2nd in line)"). */
  statusOf: (registration: AdminRegistration, position: number | undefined) => string;
  /** A move on the waiting list is being saved: no other starts meanwhile. */
  moving: boolean;
  onMove: (registration: AdminRegistration, direction: MoveDirection) => Promise<void>;
}

/**
 * An event's registrations in order of arrival: a column per question of
 * the event (retired ones too, marked), long answers and needs cut to a
 * line with the whole text on demand, and each person's whole registration
 * from their name. The waiting list's order can be changed from here.
 */
export function RegistrationsTable({ event, busy, statusOf, moving, onMove }: RegistrationsTableProps) {
  const [open, setOpen] = useState<string | null>(null);
  const nameButtons = useRef(new Map<string, HTMLButtonElement>());
  const columns: Column[] = event.questions.map((question) => ({
    id: question.id,
    label: question.retired ? `${question.label} (retired)` : question.label,
  }));
  const waiting = event.registrations.filter((registration) => registration.state === 'waiting');
  const positions = new Map(waiting.map((registration, index) => [registration.id, index + 1]));
  const opened = event.registrations.find((registration) => registration.id === open);

  const close = () => {
    const id = open;
    setOpen(null);
    // Back where the officer was: the name they opened.
    if (id) requestAnimationFrame(() => nameButtons.current.get(id)?.focus());
  };

  if (opened) {
    return (
      <PersonDetail
        registration={opened}
        status={statusOf(opened, positions.get(opened.id))}
        columns={columns}
        onClose={close}
      />
    );
  }
  return (
    <DataTable
      caption={`Registrations for ${event.title}, in order of arrival`}
      busy={busy}
      className="registration-table"
    >
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">E-mail</th>
          <th scope="col">Status</th>
          <th scope="col">Mode</th>
          <th scope="col">Lunch</th>
          <th scope="col">Needs</th>
          {columns.map((column) => (
            <th scope="col" key={column.id} className="registration-answer-column">
              {column.label}
            </th>
          ))}
          <th scope="col">Checked in</th>
          <th scope="col">Waiting list</th>
        </tr>
      </thead>
      <tbody>
        {event.registrations.map((registration) => {
          const name = fullName(registration);
          const position = positions.get(registration.id);
          const needs = [registration.dietary, registration.access].filter(Boolean).join('; ');
          const answers = new Map(registration.question_answers.map((answer) => [answer.question_id, answer.answer]));
          return (
            <tr key={registration.id}>
              <th scope="row">
                <Button
                  variant="quiet"
                  ref={(button: HTMLButtonElement | null) => {
                    if (button) nameButtons.current.set(registration.id, button);
                    else nameButtons.current.delete(registration.id);
                  }}
                  aria-label={`${name}: see the whole registration`}
                  onClick={() => {
                    setOpen(registration.id);
                  }}
                >
                  {name}
                </Button>
              </th>
              <td>{registration.email}</td>
              <td>{statusOf(registration, position)}</td>
              <td>{registration.mode === 'in_person' ? 'In person' : 'Virtual'}</td>
              <td>{registration.lunch ? 'Yes' : 'No'}</td>
              <td className="registration-answer-cell">
                <LongText text={needs} what={`${name}’s needs`} />
              </td>
              {columns.map((column) => (
                <td key={column.id} className="registration-answer-cell">
                  <LongText text={answers.get(column.id) ?? ''} what={`${name}’s answer to “${column.label}”`} />
                </td>
              ))}
              <td>{registration.checked_in_at ? formatConferenceTime(registration.checked_in_at) : '—'}</td>
              <td>
                {position !== undefined && (
                  <span className="registration-waiting-moves">
                    <Button
                      variant="secondary"
                      aria-label={`Move ${name} up the waiting list`}
                      disabled={position === 1 || moving}
                      onClick={() => void onMove(registration, 'up')}
                    >
                      Up
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Move ${name} down the waiting list`}
                      disabled={position === waiting.length || moving}
                      onClick={() => void onMove(registration, 'down')}
                    >
                      Down
                    </Button>
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
