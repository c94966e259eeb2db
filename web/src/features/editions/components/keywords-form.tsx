import { useId, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage } from '../../../lib/api-client';
import type { AdminEdition } from '../api/types';
import { useUpdateEditionKeywords } from '../api/update-edition-keywords';

/** The keywords submissions choose from (up to three each), one per line. */
export function KeywordsForm({ edition }: { edition: AdminEdition }) {
  const id = useId();
  const update = useUpdateEditionKeywords();
  const [text, setText] = useState(() => edition.keywords.join('\n'));
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const handleSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const keywords = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    setErrors([]);
    setNotice(null);
    try {
      const saved = await update.mutateAsync({ year: edition.year, keywords });
      setText(saved.keywords.join('\n'));
      setNotice({ tone: 'success', text: `The keywords of SCULC ${edition.year} were saved.` });
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.fields.keywords ?? []) : []);
      setNotice({ tone: 'error', text: refusalMessage(error) ?? 'The keywords could not be saved. Please try again.' });
    }
  };

  return (
    <form className="form template-form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      {notice && <FormMessage tone={notice.tone}>{notice.text}</FormMessage>}
      <div className="field">
        <label htmlFor={`${id}-keywords`}>Keywords, one per line</label>
        <textarea
          id={`${id}-keywords`}
          value={text}
          rows={12}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={[`${id}-hint`, errors.length ? `${id}-errors` : ''].filter(Boolean).join(' ')}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <p id={`${id}-hint`} className="field-hint">
          1 to 40 keywords of at most 60 characters. Authors choose up to three; submissions keep the keywords they
          chose when the list changes.
        </p>
        {errors.length > 0 && (
          <ul id={`${id}-errors`} className="field-errors">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        )}
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save keywords'}
      </Button>
    </form>
  );
}
