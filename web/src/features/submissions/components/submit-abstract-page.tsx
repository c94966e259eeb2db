import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '../../../components/button';
import { FormMessage, toneOf } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { messages } from '../../../config/messages';
import { paths, routes } from '../../../config/routes';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format';
import type { RedirectState } from '../../../lib/redirect-state';
import { useCurrentEdition } from '../api/get-current-edition';
import { useUploadSubmission } from '../api/upload-submission';
import { AbstractGuidelines } from './abstract-guidelines';
import { closedCallNotice, looksLikePdf } from './call-for-abstracts';
import { checkDraft, emptyDraft, type DetailsDraft } from './details-draft';
import { DetailsFields } from './details-fields';
import { PdfPicker } from './pdf-picker';
import { UploadProgress } from './upload-progress';

export function SubmitAbstractPage() {
  const navigate = useNavigate();
  const edition = useCurrentEdition();
  const upload = useUploadSubmission();
  // Only picks the wording of a closed call ("opens on" or "deadline was").
  const [now] = useState(() => Date.now());
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [details, setDetails] = useState<DetailsDraft>(emptyDraft);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [percent, setPercent] = useState(0);
  // From the click until the page is left (or the upload failed): the
  // button stays disabled while the next page's code loads, too.
  const [busy, setBusy] = useState(false);
  // The same, read synchronously, so a second submit cannot slip in before
  // React has rendered the disabled button.
  const inFlight = useRef(false);
  // Uploads under way are aborted if the user leaves the page: it could no
  // longer tell them how the upload went.
  const controllers = useRef(new Set<AbortController>());

  useEffect(() => {
    const active = controllers.current;
    return () => {
      for (const controller of active) controller.abort();
    };
  }, []);

  const closedNotice = edition.data ? closedCallNotice(edition.data, now) : null;
  const maxBytes = edition.data?.max_file_bytes;

  const chooseFiles = (files: File[]) => {
    const [candidate, ...others] = files;
    let refusal: string | null = null;
    if (candidate && others.length > 0) refusal = messages.oneFileAtATime;
    else if (candidate && !looksLikePdf(candidate)) refusal = messages.notPdf;
    else if (candidate && maxBytes !== undefined && candidate.size > maxBytes) {
      refusal = `The file is too large: the limit is ${formatFileSize(maxBytes)}.`;
    }
    setFile(refusal ? null : (candidate ?? null));
    setMessage(refusal);
  };

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current || closedNotice) return;
    if (!file) {
      setMessage(messages.selectFileToUpload);
      return;
    }
    const problems = checkDraft(details);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) {
      setMessage('Please correct the details marked below.');
      return;
    }
    const controller = new AbortController();
    controllers.current.add(controller);
    inFlight.current = true;
    setBusy(true);
    setMessage(null);
    setPercent(0);
    try {
      await upload.mutateAsync({ file, details, onProgress: setPercent, signal: controller.signal });
    } catch (error) {
      if (controller.signal.aborted) return; // the page is gone
      inFlight.current = false;
      setBusy(false);
      // The server's reason when it gives one (too large, not a PDF, call
      // closed); the spec's message for outages and server errors.
      setMessage(refusalMessage(error) ?? messages.uploadFailed);
      setFieldErrors(error instanceof ApiError ? error.fields : {});
      return;
    } finally {
      controllers.current.delete(controller);
    }
    const state: RedirectState = { message: messages.uploadSucceeded };
    await navigate(paths.viewSubmission, { state });
  };

  return (
    <Page title={routes.submitAbstract.title} className="narrow">
      {closedNotice && <FormMessage tone="info">{closedNotice}</FormMessage>}
      {edition.isPending && <PageLoading label="Loading the submission guidelines…" />}
      {edition.isError && <FormMessage tone="error">{messages.editionLoadFailed}</FormMessage>}
      {edition.isSuccess && <AbstractGuidelines edition={edition.data} />}

      <form className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        {message && <FormMessage tone={toneOf(message)}>{message}</FormMessage>}
        <PdfPicker file={file} disabled={busy || closedNotice !== null} onFiles={chooseFiles} />
        <DetailsFields
          draft={details}
          onChange={setDetails}
          offered={edition.data?.keywords ?? []}
          errors={fieldErrors}
          disabled={busy || closedNotice !== null}
        />
        {busy && <UploadProgress percent={percent} />}
        <Button type="submit" disabled={busy || closedNotice !== null}>
          {busy ? 'Uploading...' : 'Upload Abstract'}
        </Button>
      </form>
    </Page>
  );
}
