import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { refusalMessage } from '../../../lib/api-client';
import { AdminPage, type Notice } from '../../admin';
import { SignatoryForm, SignatoryPrompt } from '../../certificates';
import { OpenRegistration } from '../../registration';
import { useAnnounceEdition } from '../api/announce-edition';
import { askingIfTheCallIsOver } from '../api/call-over';
import { useDeleteEdition } from '../api/delete-edition';
import { useEditionProposal } from '../api/get-edition-proposal';
import { useEditions } from '../api/get-editions';
import type { AdminEdition } from '../api/types';
import { EditionForm } from './edition-form';
import { EDITION_PARAM, EditionPicker, useChosenEdition } from './edition-picker';
import { NewEditionForm } from './new-edition-form';

/**
 * /user-data/editions: any edition's settings, chosen with the picker (the
 * newest by default), its registration, announcing the newest on the public
 * site, and the guided form for the next edition.
 */
export function EditionsPage() {
  const editions = useEditions();
  const [search] = useSearchParams();
  const chosen = useChosenEdition();
  const remove = useDeleteEdition();
  const announce = useAnnounceEdition();
  const [notice, setNotice] = useState<Notice>();
  const [creating, setCreating] = useState(false);
  const confirm = useConfirm();
  const newest = editions.data?.[0];
  const previous = editions.data?.[1];
  // Without ?edition=, the newest: the one being prepared is what the chair works on.
  const shownYear = search.get(EDITION_PARAM) ? chosen.year : newest?.year;
  const current = editions.data?.find((edition) => edition.year === shownYear) ?? newest;
  const isNewest = current !== undefined && current.year === newest?.year;

  const created = (edition: AdminEdition) => {
    setCreating(false);
    setNotice({
      tone: 'success',
      text:
        `SCULC ${String(edition.year)} was created. It is not on the public site yet: check its settings ` +
        'below and its pages in the site editor (a draft), then announce it.',
    });
  };

  const announceEdition = async (year: number) => {
    const question =
      `Announce SCULC ${year} on the site? The menu, the banner and /sculc turn to it, and its call opens ` +
      'when its window starts. This cannot be taken back.';
    if (!(await confirm({ title: `Announce SCULC ${year}`, message: question, confirmLabel: 'Announce' }))) return;
    setNotice(undefined);
    try {
      const announced = await askingIfTheCallIsOver(
        (confirmed) => announce.mutateAsync({ year, callOverConfirmed: confirmed }),
        (reason) =>
          confirm({ title: `Announce SCULC ${year} anyway?`, message: reason, confirmLabel: 'Announce anyway' }),
      );
      if (!announced) return;
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to announce the edition. Please try again.' });
      return;
    }
    setNotice({ tone: 'success', text: `SCULC ${year} is on the public site.` });
  };

  const deleteEdition = async (year: number) => {
    const after = previous ? `SCULC ${previous.year} becomes the current edition again. ` : '';
    const question = `Delete SCULC ${year}? ${after}Its settings and program go with it; this cannot be undone.`;
    const sure = await confirm({ title: `Delete SCULC ${year}`, message: question, confirmLabel: 'Delete', tone: 'danger' });
    if (!sure) return;
    setNotice(undefined);
    try {
      await remove.mutateAsync(year);
    } catch (error) {
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'Failed to delete the edition. Please try again.' });
      return;
    }
    setNotice({ tone: 'success', text: `SCULC ${year} was deleted.` });
  };

  return (
    <AdminPage title={routes.userDataEditions.title}>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      {editions.isPending && <PageLoading label="Loading the editions…" />}
      {editions.isError && (
        <FormMessage tone="error">
          {refusalMessage(editions.error) ?? 'Failed to load the editions. Please try again.'}
        </FormMessage>
      )}
      {editions.isSuccess && !current && <p>There is no edition yet.</p>}
      {current && (
        <EditionPicker
          edition={{ ...chosen, year: current.year }}
          hint="Every edition's settings, its certificates' signatory included, can be read and changed here."
        />
      )}
      {current && (
        <>
          <section className="card" aria-labelledby="current-edition">
            <h2 id="current-edition">
              SCULC {current.year} (
              {current.year === chosen.current
                ? 'current edition'
                : current.announced_at
                  ? 'an earlier edition'
                  : 'not announced yet'}
              )
            </h2>
            {!current.announced_at && (
              <div>
                <p>
                  SCULC {current.year} is not on the public site: the menu, the banner, /sculc and the program PDF
                  still show SCULC {previous?.year ?? current.year - 1}, and its call stays closed. Announce it once
                  its settings and pages are ready; its call then opens when its window starts.
                </p>
                <Button disabled={announce.isPending} onClick={() => void announceEdition(current.year)}>
                  {announce.isPending ? 'Announcing...' : `Announce SCULC ${current.year} on the site`}
                </Button>
              </div>
            )}
            <h3>Registration</h3>
            <OpenRegistration
              key={`registration-${current.year}`}
              asked={{ edition: current.year }}
              whileOpen={<SignatoryPrompt year={current.year} signatoryId="certificates-signatory" />}
            />
            <h3>Settings</h3>
            <EditionForm key={current.year} edition={current} />
            <h3 id="certificates-signatory" tabIndex={-1}>
              Certificates&rsquo; signatory
            </h3>
            <SignatoryForm key={`signatory-${current.year}`} year={current.year} />
          </section>
          {isNewest && (
          <section className="card" aria-labelledby="next-edition">
            <h2 id="next-edition">Next year</h2>
            {creating ? (
              <NextEdition copiedFrom={current.year} onCreated={created} onCancel={() => {
                  setCreating(false);
                }}
              />
            ) : (
              <>
                <p>
                  The next edition starts from the dates of SCULC {current.year}, moved on to the first year whose
                  call is still ahead and kept on the same weekdays, and its pages from a draft copy of this
                  year&rsquo;s. Nothing public changes until you announce it.
                </p>
                <Button
                  onClick={() => {
                    setNotice(undefined);
                    setCreating(true);
                  }}
                >
                  Prepare the next edition
                </Button>
              </>
            )}
          </section>
          )}
          {isNewest && (
          <section className="card" aria-labelledby="delete-edition">
            <h2 id="delete-edition">Delete SCULC {current.year}</h2>
            <p>
              An edition created by mistake can be deleted while nobody has submitted to it
              {previous ? `; SCULC ${previous.year} then becomes the current edition again` : ''}.
            </p>
            <Button variant="danger"
              disabled={remove.isPending}
              onClick={() => void deleteEdition(current.year)}
            >
              {remove.isPending ? 'Deleting...' : `Delete SCULC ${current.year}`}
            </Button>
          </section>
          )}
        </>
      )}
    </AdminPage>
  );
}

/** The guided form, once the server's proposal has come. */
function NextEdition({
  copiedFrom,
  onCreated,
  onCancel,
}: {
  copiedFrom: number;
  onCreated: (edition: AdminEdition) => void;
  onCancel: () => void;
}) {
  const proposal = useEditionProposal();
  if (proposal.isPending) return <PageLoading label="Proposing the dates…" />;
  if (proposal.isError) {
    return (
      <FormMessage tone="error">
        {refusalMessage(proposal.error) ?? 'Failed to propose the next edition. Please try again.'}
      </FormMessage>
    );
  }
  return <NewEditionForm proposal={proposal.data} copiedFrom={copiedFrom} onCreated={onCreated} onCancel={onCancel} />;
}
