import { useState } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { refusalMessage } from '../../../lib/api-client';
import { NeedsNote, type Notice } from '../../admin';
import {
  useDeleteSession,
  usePlaceItems,
  useUpdateSession,
  type ProgramItem,
  type ProgramSession,
  type ScheduleWarning,
  type SessionInput,
} from '../api/program';
import { itemTime, moved, removed, timeRange } from '../program-builder';
import { SessionForm } from './session-form';

const KIND_LABELS = { talks: 'Talks', posters: 'Posters', break: 'Break', keynote: 'Keynote' } as const;

interface SessionCardProps {
  year: number;
  session: ProgramSession;
  /** The draft's warnings that concern this session. */
  warnings: ScheduleWarning[];
  onNotice: (notice: Notice) => void;
}

/** One session: what and when, its presentations in order, and its buttons. */
export function SessionCard({ year, session, warnings, onNotice }: SessionCardProps) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateSession(year);
  const remove = useDeleteSession(year);
  const confirm = useConfirm();
  const place = usePlaceItems(year);
  const ids = session.items.map((item) => item.submission_id);
  const headingId = `session-${session.id}`;
  const warningsId = `session-${session.id}-warnings`;

  const save = async (body: SessionInput) => {
    await update.mutateAsync({ id: session.id, body });
    setEditing(false);
    onNotice({ tone: 'success', text: `The session “${body.title.trim()}” was saved.` });
  };

  const deleteSession = async () => {
    const sure = await confirm({
      title: 'Delete session',
      message: `Delete the session “${session.title}”? Its presentations go back to the unplaced ones.`,
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(session.id);
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to delete the session. Please try again.' });
      return;
    }
    onNotice({ tone: 'success', text: `The session “${session.title}” was deleted.` });
  };

  const arrange = async (submissionIds: string[], done: string) => {
    try {
      await place.mutateAsync({ id: session.id, submissionIds });
    } catch (error) {
      onNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to change the session. Please try again.' });
      return;
    }
    onNotice({ tone: 'success', text: done });
  };

  return (
    <article
      className={warnings.length > 0 ? 'program-session is-clashing' : 'program-session'}
      aria-labelledby={headingId}
      aria-describedby={warnings.length > 0 ? warningsId : undefined}
    >
      <h3 id={headingId}>
        {timeRange(session.starts_at, session.ends_at)} · {session.title}
      </h3>
      <p className="program-session-facts">
        {KIND_LABELS[session.kind]}
        {session.room && ` · ${session.room}`}
        {session.kind === 'talks' &&
          ` · ${String(session.talk_minutes)}-minute talks, ${String(session.question_minutes)} minutes of questions`}
      </p>
      {warnings.length > 0 && (
        <ul id={warningsId} className="program-session-warnings">
          {warnings.map((warning) => (
            <li key={warning.message}>
              <span className="program-warning-label">Clash:</span> {warning.message}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <SessionForm
          session={session}
          defaultDate=""
          submitLabel="Save session"
          busy={update.isPending}
          onSubmit={save}
          onCancel={() => { setEditing(false); }}
        />
      ) : (
        <div className="admin-form-actions">
          <Button variant="secondary" onClick={() => { setEditing(true); }}>
            Edit <span className="visually-hidden">{session.title}</span>
          </Button>
          <Button variant="secondary" disabled={remove.isPending} onClick={() => void deleteSession()}>
            Delete <span className="visually-hidden">{session.title}</span>
          </Button>
        </div>
      )}
      {(session.kind === 'talks' || session.kind === 'posters') &&
        (session.items.length === 0 ? (
          <p>No presentations placed yet.</p>
        ) : (
          <ol className="program-items">
            {session.items.map((item, index) => (
              <PlacedItem
                key={item.submission_id}
                item={item}
                first={index === 0}
                last={index === session.items.length - 1}
                busy={place.isPending}
                onMove={(by) => void arrange(moved(ids, index, by), `${item.code} moved ${by < 0 ? 'up' : 'down'}.`)}
                onRemove={() => void arrange(removed(ids, item.submission_id), `${item.code} was taken out of the session.`)}
              />
            ))}
          </ol>
        ))}
    </article>
  );
}

interface PlacedItemProps {
  item: ProgramItem;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function PlacedItem({ item, first, last, busy, onMove, onRemove }: PlacedItemProps) {
  return (
    <li className={item.declined ? 'program-item is-declined' : 'program-item'}>
      <div>
        {itemTime(item) && (
          <>
            <span className="program-time">{itemTime(item)}</span>{' '}
          </>
        )}
        <span className="program-code">{item.code}</span> <strong>{item.title}</strong>
        <div className="program-authors">{item.authors}</div>
        <NeedsNote needs={item.needs} />
        {item.left_out_reason && (
          <p className="program-declined">{item.left_out_reason} Publishing leaves it out; take it out of the session.</p>
        )}
      </div>
      <div className="program-item-actions">
        <Button variant="secondary" disabled={busy || first} onClick={() => { onMove(-1); }}>
          Move up <span className="visually-hidden">{item.code}</span>
        </Button>
        <Button variant="secondary" disabled={busy || last} onClick={() => { onMove(1); }}>
          Move down <span className="visually-hidden">{item.code}</span>
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onRemove}>
          Remove <span className="visually-hidden">{item.code}</span>
        </Button>
      </div>
    </li>
  );
}
