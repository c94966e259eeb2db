import { useState } from 'react';

import { Button } from '../../../components/button';
import { SelectField } from '../../../components/field';
import { refusalMessage } from '../../../lib/api-client';
import { NeedsNote, type Notice } from '../../admin';
import { formatLabel } from '../../users';
import { usePlaceItems, type AdminProgram, type ProgramItem, type ProgramSession } from '../api/program';
import { added, kindsFor, nothingUnplaced, timeRange } from '../program-builder';

const MODE_LABELS: Record<string, string> = { in_person: 'in person', virtual: 'virtually' };

interface UnplacedListProps {
  year: number;
  program: AdminProgram;
  onNotice: (notice: Notice) => void;
}

/** The confirmed presentations not yet in a session of their kind, each with "Place in…". */
export function UnplacedList({ year, program, onNotice }: UnplacedListProps) {
  if (program.unplaced.length === 0) return <p>{nothingUnplaced(program.confirmed)}</p>;
  return (
    <ul className="program-items">
      {program.unplaced.map((item) => (
        <UnplacedItem key={item.submission_id} year={year} item={item} program={program} onNotice={onNotice} />
      ))}
    </ul>
  );
}

interface UnplacedItemProps {
  year: number;
  item: ProgramItem;
  program: AdminProgram;
  onNotice: (notice: Notice) => void;
}

function UnplacedItem({ year, item, program, onNotice }: UnplacedItemProps) {
  const place = usePlaceItems(year);
  const kinds = kindsFor(item.format);
  // Sessions of a kind it fits and is not yet in.
  const targets = program.sessions.filter(
    (session) =>
      kinds.includes(session.kind as 'talks' | 'posters') &&
      !program.sessions.some(
        (other) => other.kind === session.kind && other.items.some((placed) => placed.submission_id === item.submission_id),
      ),
  );
  const [target, setTarget] = useState('');

  const placeIn = async () => {
    const session: ProgramSession | undefined = targets.find((candidate) => candidate.id === target);
    if (!session) return;
    const ids = added(
      session.items.map((placed) => placed.submission_id),
      item.submission_id,
    );
    try {
      await place.mutateAsync({ id: session.id, submissionIds: ids });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to place the presentation. Please try again.' });
      return;
    }
    setTarget('');
    onNotice({ tone: 'success', text: `${item.code} was placed in “${session.title}”.` });
  };

  return (
    <li className="program-item">
      <div>
        <span className="program-code">{item.code}</span> <strong>{item.title}</strong>
        <div className="program-authors">
          {item.authors} · {formatLabel(item.format)}, {MODE_LABELS[item.mode ?? ''] ?? item.mode}
        </div>
        <NeedsNote needs={item.needs} />
      </div>
      {targets.length === 0 ? (
        <p className="program-item-actions">Add a {kinds.join(' or ')} session to place it.</p>
      ) : (
        <div className="program-item-actions">
          <SelectField
            label={`Place ${item.code} in…`}
            className="program-place-field"
            value={target}
            onChange={(event) => {
              setTarget(event.target.value);
            }}
          >
            <option value="">Choose a session</option>
            {targets.map((session) => (
              <option key={session.id} value={session.id}>
                {timeRange(session.starts_at, session.ends_at)} · {session.title}
              </option>
            ))}
          </SelectField>
          <Button disabled={!target || place.isPending} onClick={() => void placeIn()}>
            Place <span className="visually-hidden">{item.code}</span>
          </Button>
        </div>
      )}
    </li>
  );
}
