import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';

import { Button } from '../../../components/button';
import { useConfirm } from '../../../components/confirm-dialog';
import { FormMessage } from '../../../components/form-message';
import { paths } from '../../../config/routes';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import {
  fetchDocument,
  useDiscardDraft,
  usePublishDocument,
  useSaveDocument,
  type DocumentBody,
  type EditedDocument,
  type Published,
} from '../api/site-editor';
import { useAutosave, type SaveState } from './autosave';
import {
  ProblemsContext,
  anchorId,
  focusField,
  problemsByField,
  problemsOfFields,
  type FieldProblem,
} from './field-problems';
import { useLeaveGuard } from './leave-guard';
import { PublishedMessage } from './messages';
import { ObjectFields } from './schema-form';
import type { Schemas } from './schema';

/** The content type of each kind of document, by its name in the OpenAPI document. */
export const KIND_SCHEMAS: Record<string, string> = {
  site: 'SiteFile',
  naclo: 'Naclo',
  board: 'BoardTerm',
  edition: 'EditionPage',
};

const SAVE_STATES: Record<SaveState, string> = {
  saved: 'Saved as a draft',
  saving: 'Saving…',
  unsaved: 'Changes not saved yet',
  failed: 'Not saved',
};

/**
 * The problems to fix before publishing, at the top of the form: each a
 * link that brings its field into view and puts the focus in it.
 */
function ProblemSummary({ problems }: { problems: readonly FieldProblem[] }) {
  if (problems.length === 0) return null;
  const count = problems.length === 1 ? '1 problem' : `${String(problems.length)} problems`;
  return (
    <section className="site-editor-summary" aria-labelledby="problem-summary-heading">
      <h2 id="problem-summary-heading">{count} to fix before publishing</h2>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.field} ${problem.message}`}>
            {problem.field ? (
              <a
                href={`#${anchorId(problem.field)}`}
                onClick={(event) => {
                  if (focusField(problem.field)) event.preventDefault();
                }}
              >
                {problem.message}
              </a>
            ) : (
              problem.message
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface DocumentFormProps {
  id: string;
  document: EditedDocument;
  schemas: Schemas;
  /** Reads the document again and starts a new form from it; resolves to what was read. */
  reload: () => Promise<EditedDocument | undefined>;
}

/**
 * One page's form: saved as a draft a moment after each change (with the
 * problems publication would refuse shown at once, each by its field),
 * never left with unsaved text without asking, and published alone.
 */
export function DocumentForm({ id, document, schemas, reload }: DocumentFormProps) {
  const kind = id.split(':')[0] ?? '';
  const save = useSaveDocument();
  const discard = useDiscardDraft();
  const publish = usePublishDocument();
  const confirm = useConfirm();
  const [body, setBody] = useState<DocumentBody | null>(document.body);
  const [saved, setSaved] = useState<DocumentBody | null>(document.body);
  const [problems, setProblems] = useState<readonly FieldProblem[]>(document.problems);
  const [error, setError] = useState<string>();
  const [conflict, setConflict] = useState(false);
  const [published, setPublished] = useState<Published>();
  const tag = useRef(document.tag);

  const store = async (next: DocumentBody | null): Promise<boolean> => {
    try {
      const answer = await save.mutateAsync({ id, base: tag.current, body: next });
      tag.current = answer.tag;
      setSaved(next);
      setProblems(answer.problems);
      setError(undefined);
      setConflict(false);
      return true;
    } catch (failure) {
      setConflict(failure instanceof ApiError && failure.code === 'edit_conflict');
      setError(refusalMessage(failure) ?? 'The draft could not be saved. Please try again.');
      return false;
    }
  };
  const autosave = useAutosave({ value: body, saved, save: store, enabled: !conflict });
  useLeaveGuard(autosave);
  const byField = useMemo(() => problemsByField(problems), [problems]);

  // Someone else saved: load their version (this form is replaced by one from it)…
  const loadTheirs = async () => {
    await reload();
  };
  // …or keep this text and save it over theirs, knowingly.
  const keepMine = async () => {
    const fresh = await fetchDocument(id);
    tag.current = fresh.tag;
    setConflict(false);
    await store(body);
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
    if (go && (await store(null))) setBody(null);
  };
  const onPublish = async () => {
    setPublished(undefined);
    if (!(await autosave.flush())) return;
    try {
      setPublished(await publish.mutateAsync(id));
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length > 0) {
        setProblems(problemsOfFields(failure.fields));
      }
    }
  };

  const schema = schemas[KIND_SCHEMAS[kind] ?? ''];
  const refusal = publish.error instanceof ApiError ? publish.error : undefined;
  return (
    <>
      <p className="site-editor-save-state" role="status">
        <span className={`site-editor-state is-${autosave.state}`}>{SAVE_STATES[autosave.state]}</span>
        {autosave.state === 'saved' && <span className="site-editor-hint"> Visitors see it once you publish.</span>}
      </p>
      {error && (
        <FormMessage tone="error">
          {error}
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
      {published && <PublishedMessage published={published} what="This page is published" />}
      {refusal && !published && <FormMessage tone="error">{refusal.message}</FormMessage>}
      <ProblemSummary problems={problems} />
      {body === null && <p>This page is removed in the draft. Discard the draft to keep it.</p>}
      {schema && body && (
        <ProblemsContext.Provider value={byField}>
          <form
            className="site-editor-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void autosave.flush();
            }}
          >
            <ObjectFields
              path=""
              schema={schema}
              owner={KIND_SCHEMAS[kind]}
              schemas={schemas}
              value={body}
              fixed={['term', 'year']}
              onChange={(next) => {
                setPublished(undefined);
                setBody(next);
              }}
            />
          </form>
        </ProblemsContext.Provider>
      )}
      <div className="site-editor-actions">
        <Button disabled={publish.isPending} onClick={() => void onPublish()}>
          {publish.isPending ? 'Publishing…' : 'Publish this page'}
        </Button>
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
        <Link to={`${paths.siteEditorHistory}?doc=${id}`}>History of this page</Link>
      </div>
    </>
  );
}
