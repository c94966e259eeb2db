import { useState } from 'react';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { toPacificInput } from '../../../lib/pacific-time';
import { AdminPage, type Notice } from '../../admin';
import { EditionPicker, useChosenEdition } from '../../editions';
import {
  useCreateSession,
  useProgram,
  usePublishProgram,
  type AdminProgram,
  type SessionInput,
} from '../api/program';
import { warningsFor } from '../program-builder';
import { LeftOutList } from './program-left-out';
import { SessionCard } from './program-session';
import { UnplacedList } from './program-unplaced';
import { SessionForm } from './session-form';
import './program.css';

/**
 * /user-data/program: an edition's day (the picker's, `?edition=`, else the
 * current one), built from the confirmed presentations.
 */
export function ProgramPage() {
  const edition = useChosenEdition();
  const { year, editions } = edition;
  const program = useProgram(year);

  return (
    <AdminPage title={routes.userDataProgram.title}>
      {year !== undefined && (
        <EditionPicker edition={edition} hint={`The sessions below are SCULC ${String(year)}’s program.`} />
      )}
      {(editions.isPending || (year !== undefined && program.isPending)) && <PageLoading label="Loading the program…" />}
      {(editions.isError || program.isError) && (
        <FormMessage tone="error">
          {refusalMessage(editions.error ?? program.error) ?? 'Failed to load the program. Please try again.'}
        </FormMessage>
      )}
      {editions.isSuccess && year === undefined && <p>There is no edition yet.</p>}
      {year !== undefined && program.data && <ProgramBuilder key={year} year={year} program={program.data} />}
    </AdminPage>
  );
}

function ProgramBuilder({ year, program }: { year: number; program: AdminProgram }) {
  const [notice, setNotice] = useState<Notice>();
  const create = useCreateSession(year);
  const publish = usePublishProgram(year);
  const confirm = useConfirm();
  const lastStart = program.sessions.at(-1)?.starts_at;
  const defaultDate = lastStart ? toPacificInput(lastStart).slice(0, 10) : '';

  const addSession = async (input: SessionInput) => {
    setNotice(undefined);
    await create.mutateAsync(input);
    setNotice({ tone: 'success', text: `The session “${input.title.trim()}” was added.` });
  };

  const publishNow = async () => {
    const question =
      `Publish the SCULC ${String(year)} program? The edition page, the program PDF and the calendar files ` +
      'show it at once.';
    if (!(await confirm({ title: 'Publish the program', message: question, confirmLabel: 'Publish' }))) return;
    setNotice(undefined);
    let published: AdminProgram;
    try {
      published = await publish.mutateAsync();
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to publish the program. Please try again.' });
      return;
    }
    const leftOut = published.left_out.length;
    const why =
      leftOut === 0
        ? ''
        : ` ${String(leftOut)} placed ${leftOut === 1 ? 'presentation was' : 'presentations were'} left out: see why below.`;
    setNotice({ tone: 'success', text: `The SCULC ${String(year)} program was published.${why}` });
  };

  return (
    <>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      <section className="card" aria-labelledby="program-publishing">
        <h2 id="program-publishing">SCULC {year} program</h2>
        <p>
          {program.published_at
            ? `Published ${formatConferenceTime(program.published_at)}.`
            : 'Not published yet: the edition page shows its own text.'}{' '}
          {program.published_at && (program.changed_since_publish ? 'There are unpublished changes.' : 'No changes since.')}
        </p>
        <Button disabled={publish.isPending} onClick={() => void publishNow()}>
          {publish.isPending ? 'Publishing...' : 'Publish'}
        </Button>
        <ScheduleWarnings program={program} />
        <LeftOutList items={program.left_out} />
      </section>
      <section className="card" aria-labelledby="program-sessions">
        <h2 id="program-sessions">Sessions</h2>
        {program.sessions.length === 0 && <p>No sessions yet. Add the first one below.</p>}
        <ol className="program-sessions">
          {program.sessions.map((session) => (
            <li key={session.id}>
              <SessionCard
                year={year}
                session={session}
                warnings={warningsFor(program.warnings, session.id)}
                onNotice={setNotice}
              />
            </li>
          ))}
        </ol>
      </section>
      <section className="card" aria-labelledby="program-unplaced">
        <h2 id="program-unplaced">Unplaced presentations</h2>
        <UnplacedList year={year} program={program} onNotice={setNotice} />
      </section>
      <section className="card" aria-labelledby="program-add">
        <h2 id="program-add">Add a session</h2>
        <SessionForm defaultDate={defaultDate} submitLabel="Add session" busy={create.isPending} onSubmit={addSession} />
      </section>
    </>
  );
}

/** What stops publication, before an admin tries: the server refuses to publish while any remains. */
function ScheduleWarnings({ program }: { program: AdminProgram }) {
  const { warnings } = program;
  // The live region stays on the page, so a clash a change makes is
  // announced; aria-live rather than role="status", which the change's own
  // notice (FormMessage) is.
  return (
    <div className={warnings.length > 0 ? 'program-warnings' : undefined} aria-live="polite">
      {warnings.length > 0 && (
        <>
          <h3>Clashes to resolve before publishing</h3>
          <ul>
            {warnings.map((warning) => (
              <li key={warning.message}>{warning.message}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
