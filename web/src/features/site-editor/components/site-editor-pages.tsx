import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { RadioGroup, TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths, routes } from '../../../config/routes';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import {
  useDocument,
  useOverview,
  usePublish,
  useStartTerm,
  type DocumentSummary,
  type Published,
} from '../api/site-editor';
import { DocumentForm } from './document-form';
import { EditorPage, PreviewLink, editorsOnly, publicPathOf } from './editor-page';
import { Problems, PublishedMessage } from './messages';
import { SiteHistory } from './site-history';
import type { Schemas } from './schema';

const STATE_LABELS: Record<string, string> = {
  unchanged: 'Published',
  changed: 'Unpublished changes',
  added: 'New, not published yet',
  removed: 'Removed in the draft',
};

/** The term after the newest one ('2025-2026' after '2024-2025'). */
function nextTerm(documents: readonly DocumentSummary[]): string {
  const newest = documents
    .filter((document) => document.kind === 'board')
    .map((document) => Number(document.key.slice(0, 4)))
    .sort((a, b) => b - a)[0];
  const start = newest === undefined ? new Date().getFullYear() : newest + 1;
  return `${String(start)}-${String(start + 1)}`;
}

function StartTerm({ documents }: { documents: readonly DocumentSummary[] }) {
  const suggested = nextTerm(documents);
  const [term, setTerm] = useState(suggested);
  const [roles, setRoles] = useState<'copy' | 'empty'>('copy');
  const start = useStartTerm();
  const [started, setStarted] = useState<string>();
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStarted(undefined);
    try {
      await start.mutateAsync({ term, copyRoles: roles === 'copy' });
      setStarted(term);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <form className="site-editor-start" onSubmit={(event) => void submit(event)} noValidate>
      <h2>Start the next term</h2>
      <RadioGroup
        legend="The new board's members"
        name="start-term-roles"
        value={roles}
        onChange={setRoles}
        choices={[
          { value: 'copy', label: 'Copy the roles of the newest term (names left empty to fill in)' },
          { value: 'empty', label: 'Start empty (one member to fill in, add the others as you go)' },
        ]}
      />
      <TextField
        label="Term (two years)"
        value={term}
        inputMode="numeric"
        errors={start.error instanceof ApiError ? [...(start.error.fields.term ?? [start.error.message])] : []}
        onChange={(event) => { setTerm(event.target.value); }}
        action={
          <Button type="submit" disabled={start.isPending}>
            Start the {term.replace('-', '–')} term
          </Button>
        }
      />
      {started && (
        <FormMessage tone="success">
          The {started.replace('-', '–')} term is started as a draft.{' '}
          <Link to={`${paths.siteEditorDocument}?doc=board:${started}`}>Fill in its members</Link>.
        </FormMessage>
      )}
    </form>
  );
}

/** /site: every page of content, what the draft changes, and publishing. */
/** One page of the site in the overview: its link, its draft state, who saved it last. */
function DocumentRow({ document }: { document: DocumentSummary }) {
  return (
    <li>
      <Link to={`${paths.siteEditorDocument}?doc=${document.id}`}>{document.label}</Link>
      <span className={`site-editor-state is-${document.state}`}>{STATE_LABELS[document.state]}</span>
      {document.draft_by && document.draft_at && (
        <span className="site-editor-saved">
          saved by {document.draft_by}, {formatConferenceTime(document.draft_at)}
        </span>
      )}
    </li>
  );
}

/**
 * Every page, with the board's earlier terms folded away as /board shows
 * them (open when one of them has unpublished changes).
 */
function DocumentList({ documents }: { documents: readonly DocumentSummary[] }) {
  const terms = documents.filter((document) => document.kind === 'board').sort((a, b) => b.key.localeCompare(a.key));
  const earlier = terms.slice(1);
  const shown = documents.filter((document) => !earlier.includes(document));
  return (
    <>
      <ul className="site-editor-documents">
        {shown.map((document) => (
          <DocumentRow key={document.id} document={document} />
        ))}
      </ul>
      {earlier.length > 0 && (
        <details className="site-editor-earlier" open={earlier.some((document) => document.state !== 'unchanged')}>
          <summary>Earlier board terms ({earlier.length})</summary>
          <ul className="site-editor-documents">
            {earlier.map((document) => (
              <DocumentRow key={document.id} document={document} />
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function SiteOverview() {
  const overview = useOverview();
  const publish = usePublish();
  const [published, setPublished] = useState<Published>();
  const confirm = useConfirm();

  const onPublish = async () => {
    setPublished(undefined);
    const go = await confirm({
      title: 'Publish everything',
      message: 'Everyone will see every changed page at once. Every earlier version stays in the history.',
      confirmLabel: 'Publish everything',
    });
    if (!go) return;
    try {
      setPublished(await publish.mutateAsync());
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const refusal = publish.error instanceof ApiError ? publish.error : undefined;
  return (
    <EditorPage title={routes.siteEditor.title}>
      <p>
        Change the pages here, then publish each page from its own form, or everything at once here. Your changes
        are saved as a draft while you type: visitors see none of them until you publish, and you can preview each
        page as it will look.
      </p>
      {overview.isPending && <PageLoading label="Loading the pages…" />}
      {overview.isError && (
        <FormMessage tone="error">
          {refusalMessage(overview.error) ?? 'Failed to load the pages. Please try again.'}
        </FormMessage>
      )}
      {overview.data && (
        <>
          <section className="site-editor-publish" aria-labelledby="publish-heading">
            <h2 id="publish-heading">Publish</h2>
            <p>
              {overview.data.unpublished === 0
                ? `Visitors see everything: version ${String(overview.data.version)} is live.`
                : `${String(overview.data.unpublished)} ${overview.data.unpublished === 1 ? 'page has' : 'pages have'} unpublished changes.`}{' '}
              {overview.data.unpublished > 0 && <PreviewLink path={paths.home}>Preview the site with them</PreviewLink>}
            </p>
            <Button disabled={overview.data.unpublished === 0 || publish.isPending} onClick={() => void onPublish()}>
              {publish.isPending ? 'Publishing…' : 'Publish everything'}
            </Button>
            {published && <PublishedMessage published={published} />}
            {refusal && (
              <FormMessage tone="error">
                {refusal.message}
                {Object.keys(refusal.fields).length > 0 && (
                  <Problems fields={refusal.fields} documents={overview.data.documents} />
                )}
              </FormMessage>
            )}
          </section>
          <section aria-labelledby="pages-heading">
            <h2 id="pages-heading">Pages</h2>
            <DocumentList documents={overview.data.documents} />
          </section>
          <StartTerm documents={overview.data.documents} />
        </>
      )}
    </EditorPage>
  );
}

const schemasQueryOptions = {
  queryKey: ['site-editor', 'schemas'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Schemas> => {
    const response = await fetch('/api/openapi.json', { signal });
    if (!response.ok) throw new ApiError(response.status, 'Failed to load the form. Please try again.');
    const document = (await response.json()) as { components: { schemas: Schemas } };
    return document.components.schemas;
  },
  staleTime: Infinity,
};

/** /site/edit?doc=…: one page's form, saved as a draft. */
function SiteEdit() {
  const [params] = useSearchParams();
  const id = params.get('doc') ?? '';
  const document = useDocument(id);
  const schemas = useQuery(schemasQueryOptions);
  // Each reading of the document starts a fresh form: a refetch never replaces what is being typed.
  const [reading, setReading] = useState(0);
  const reload = async () => {
    const fresh = await document.refetch();
    setReading((n) => n + 1);
    return fresh.data;
  };

  return (
    <EditorPage title={document.data?.label ?? routes.siteEditorDocument.title}>
      <p>
        <Link to={paths.siteEditor}>All pages</Link>
        {' · '}
        <PreviewLink path={publicPathOf(id)}>Preview this page</PreviewLink>
        <span className="site-editor-hint"> (the preview shows the saved draft)</span>
      </p>
      {(document.isPending || schemas.isPending) && <PageLoading label="Loading the page…" />}
      {document.isError && (
        <FormMessage tone="error">
          {refusalMessage(document.error) ?? 'Failed to load the page. Please try again.'}
        </FormMessage>
      )}
      {schemas.isError && <FormMessage tone="error">Failed to load the form. Please try again.</FormMessage>}
      {document.data && schemas.data && (
        <DocumentForm key={reading} id={id} document={document.data} schemas={schemas.data} reload={reload} />
      )}
    </EditorPage>
  );
}

export const SiteOverviewPage = editorsOnly(SiteOverview);
export const SiteEditPage = editorsOnly(SiteEdit);
export const SiteHistoryPage = editorsOnly(SiteHistory);
