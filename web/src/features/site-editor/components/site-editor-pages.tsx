import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { PageLoading } from '../../../components/page-loading';
import { paths, routes } from '../../../config/routes';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import {
  fetchDocument,
  useDiscardDraft,
  useDocument,
  useOverview,
  usePublish,
  useRestore,
  useSaveDocument,
  useStartTerm,
  useVersions,
  type DocumentBody,
  type DocumentSummary,
  type EditedDocument,
  type Published,
} from '../api/site-editor';
import { EditorPage, PreviewLink, editorsOnly, fileLabel, publicPathOf } from './editor-page';
import { ObjectFields } from './schema-form';
import type { Schemas } from './schema';

const STATE_LABELS: Record<string, string> = {
  unchanged: 'Published',
  changed: 'Unpublished changes',
  added: 'New, not published yet',
  removed: 'Removed in the draft',
};

/** The problems a refused publication lists, by page. */
function Problems({ fields }: { fields: FieldErrors }) {
  return (
    <ul className="site-editor-problems">
      {Object.entries(fields).map(([file, messages]) => (
        <li key={file}>
          <strong>{fileLabel(file)}</strong>
          <ul>
            {messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

function PublishedMessage({ published, restored }: { published: Published; restored?: number }) {
  const what = restored === undefined ? 'Published' : `Version ${String(restored)} restored`;
  return (
    <FormMessage tone="success">
      {what}: version {published.version} is live. Visitors see it now.
      {published.changes.length > 0 && (
        <ul>
          {published.changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      )}
    </FormMessage>
  );
}

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
  const start = useStartTerm();
  const [started, setStarted] = useState<string>();
  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStarted(undefined);
    try {
      await start.mutateAsync(term);
      setStarted(term);
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <form className="site-editor-start" onSubmit={(event) => void submit(event)} noValidate>
      <h2>A new board</h2>
      <p>Starts a term with the roles of the newest one, names left empty for you to fill in.</p>
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
      title: 'Publish the changes',
      message: 'Everyone will see the changed pages at once. Every earlier version stays in the history.',
      confirmLabel: 'Publish',
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
        Change the pages here, then publish. Your changes are a draft until you do: visitors see none of them, and
        you can preview each page as it will look.
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
              {publish.isPending ? 'Publishing…' : 'Publish the changes'}
            </Button>
            {published && <PublishedMessage published={published} />}
            {refusal && (
              <FormMessage tone="error">
                {refusal.message}
                {Object.keys(refusal.fields).length > 0 && <Problems fields={refusal.fields} />}
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

/** The content type of each kind of document, by its name in the OpenAPI document. */
const KIND_SCHEMAS: Record<string, string> = {
  site: 'SiteFile',
  naclo: 'Naclo',
  board: 'BoardTerm',
  edition: 'EditionPage',
};

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

interface DocumentFormProps {
  id: string;
  document: EditedDocument;
  schemas: Schemas;
  /** Reads the document again and starts a new form from it; resolves to what was read. */
  reload: () => Promise<EditedDocument | undefined>;
}

function DocumentForm({ id, document, schemas, reload }: DocumentFormProps) {
  const kind = id.split(':')[0] ?? '';
  const save = useSaveDocument();
  const discard = useDiscardDraft();
  const confirm = useConfirm();
  const [body, setBody] = useState<DocumentBody | null>(document.body);
  const [tag, setTag] = useState(document.tag);
  const [saved, setSaved] = useState<DocumentBody | null>(document.body);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [conflict, setConflict] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);

  const dirty = JSON.stringify(body) !== JSON.stringify(saved);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);

  const say = (tone: 'success' | 'error', text: string) => {
    setMessage({ tone, text });
    requestAnimationFrame(() => {
      statusRef.current?.focus();
    });
  };

  const store = async (next: DocumentBody | null, base: string) => {
    setMessage(undefined);
    try {
      const answer = await save.mutateAsync({ id, base, body: next });
      setTag(answer.tag);
      setSaved(next);
      setConflict(false);
      say('success', 'Saved as a draft. Visitors see it once you publish.');
    } catch (error) {
      setConflict(error instanceof ApiError && error.code === 'edit_conflict');
      say('error', refusalMessage(error) ?? 'Failed to save. Please try again.');
    }
  };

  // Someone else saved: load their version (this form is replaced by one from it)…
  const loadTheirs = async () => {
    await reload();
  };
  // …or keep this text and save it over theirs, knowingly.
  const keepMine = async () => {
    const fresh = await fetchDocument(id);
    await store(body, fresh.tag);
  };
  const onDiscard = async () => {
    const go = await confirm({
      title: 'Discard the draft',
      message: 'This page goes back to what visitors see now. Your unpublished changes to it are lost.',
      confirmLabel: 'Discard',
      tone: 'danger',
    });
    if (!go) return;
    await discard.mutateAsync(id);
    await reload();
  };
  const onRemove = async () => {
    const go = await confirm({
      title: `Remove ${document.label}`,
      message: 'It disappears from the site when the changes are published. You can restore it from the history.',
      confirmLabel: 'Remove',
      tone: 'danger',
    });
    if (go) await store(null, tag);
  };

  const schema = schemas[KIND_SCHEMAS[kind] ?? ''];
  return (
    <>
      <div ref={statusRef} tabIndex={-1} className="site-editor-status">
        {message && (
          <FormMessage tone={message.tone}>
            {message.text}
            {conflict && (
              <span className="site-editor-conflict">
                <Button variant="secondary" onClick={() => void loadTheirs()}>
                  Load their version
                </Button>
                <Button variant="secondary" onClick={() => void keepMine()}>
                  Keep my text and save it
                </Button>
              </span>
            )}
          </FormMessage>
        )}
      </div>
      {body === null && <p>This page is removed in the draft. Discard the draft to keep it.</p>}
      {schema && body && (
        <form
          className="site-editor-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void store(body, tag);
          }}
        >
          <ObjectFields
            schema={schema}
            owner={KIND_SCHEMAS[kind]}
            schemas={schemas}
            value={body}
            fixed={['term', 'year']}
            onChange={(next) => {
              setBody(next);
            }}
          />
          <div className="site-editor-actions">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save draft'}
            </Button>
            {dirty && <span className="site-editor-hint">Unsaved changes</span>}
          </div>
        </form>
      )}
      <div className="site-editor-actions">
        {document.state !== 'unchanged' && (
          <Button variant="secondary" onClick={() => void onDiscard()}>
            Discard the draft
          </Button>
        )}
        {(kind === 'board' || kind === 'edition') && body && (
          <Button variant="danger" onClick={() => void onRemove()}>
            Remove this page
          </Button>
        )}
      </div>
    </>
  );
}

const ACTIONS: Record<string, string> = {
  baseline: 'First version',
  publish: 'Published',
  restore: 'Restored',
  import: 'Imported from files',
};

/** /site/history: every version, each previewed and restored in one step. */
function SiteHistory() {
  const versions = useVersions();
  const restore = useRestore();
  const confirm = useConfirm();
  const [restored, setRestored] = useState<{ from: number; published: Published }>();

  const onRestore = async (version: number) => {
    setRestored(undefined);
    const go = await confirm({
      title: `Restore version ${String(version)}`,
      message: `The site will show version ${String(version)} again, at once, as a new version. Nothing is lost: the current one stays in the history.`,
      confirmLabel: 'Restore',
    });
    if (!go) return;
    try {
      setRestored({ from: version, published: await restore.mutateAsync(version) });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <EditorPage title={routes.siteEditorHistory.title}>
      <p>Every publication is kept. Preview an earlier version, or restore it: the restore is a new version.</p>
      {restored && <PublishedMessage published={restored.published} restored={restored.from} />}
      {restore.error && (
        <FormMessage tone="error">
          {refusalMessage(restore.error) ?? 'Failed to restore. Please try again.'}
          {restore.error instanceof ApiError && <Problems fields={restore.error.fields} />}
        </FormMessage>
      )}
      {versions.isPending && <PageLoading label="Loading the history…" />}
      {versions.isError && (
        <FormMessage tone="error">
          {refusalMessage(versions.error) ?? 'Failed to load the history. Please try again.'}
        </FormMessage>
      )}
      <ol className="site-editor-versions">
        {versions.data?.map((version) => (
          <li key={version.id}>
            <h2>
              Version {version.id}
              {version.live && <span className="site-editor-state is-live">Live</span>}
            </h2>
            <p>
              {ACTIONS[version.action] ?? version.action}
              {version.restored_from !== null && ` from version ${String(version.restored_from)}`} by{' '}
              {version.published_by}, {formatConferenceTime(version.published_at)}
            </p>
            {version.changes.length > 0 && (
              <ul>
                {version.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            )}
            <div className="site-editor-actions">
              <PreviewLink path={paths.home} of={String(version.id)}>
                Preview version {version.id}
              </PreviewLink>
              {!version.live && (
                <Button variant="secondary" disabled={restore.isPending} onClick={() => void onRestore(version.id)}>
                  Restore version {version.id}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ol>
    </EditorPage>
  );
}

export const SiteOverviewPage = editorsOnly(SiteOverview);
export const SiteEditPage = editorsOnly(SiteEdit);
export const SiteHistoryPage = editorsOnly(SiteHistory);
