import { useState, type SubmitEvent } from 'react';

import type { Submission } from '../../../api/types';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { useCurrentEdition } from '../api/get-current-edition';
import { useUpdateDetails } from '../api/update-details';
import { checkDraft, draftOf, type DetailsDraft } from './details-draft';
import { DetailsFields } from './details-fields';

interface EditDetailsFormProps {
  submission: Submission;
  onDone: (saved: boolean) => void;
}

/** Changes a submission's title, co-authors, keywords and preferred format. */
export function EditDetailsForm({ submission, onDone }: EditDetailsFormProps) {
  const edition = useCurrentEdition();
  const update = useUpdateDetails();
  const [draft, setDraft] = useState<DetailsDraft>(() => draftOf(submission));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  // Keywords chosen from an older list stay offered, so saving keeps them.
  const offered = [
    ...(edition.data?.keywords ?? []),
    ...submission.keywords.filter((k) => !edition.data?.keywords.includes(k)),
  ];

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const problems = checkDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setMessage('Please correct the details marked below.');
      return;
    }
    setMessage(null);
    try {
      await update.mutateAsync({ id: submission.id, details: draft });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      setMessage(refusalMessage(error) ?? 'The details could not be saved. Please try again.');
      return;
    }
    onDone(true);
  };

  return (
    <form
      className="form edit-details"
      noValidate
      aria-label={`Edit the details of ${submission.title}`}
      onSubmit={(event) => void handleSubmit(event)}
    >
      {message && <FormMessage tone="error">{message}</FormMessage>}
      <DetailsFields
        draft={draft}
        onChange={setDraft}
        offered={offered}
        errors={errors}
        disabled={update.isPending}
      />
      <div className="button-row">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save details'}
        </Button>
        <Button variant="secondary"
          disabled={update.isPending}
          onClick={() => {
            onDone(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
