import { useId, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import type { MailTemplate } from '../api/types';
import { useUpdateTemplate } from '../api/update-template';

const titles: Readonly<Record<MailTemplate['kind'], string>> = {
  acceptance: 'Acceptance e-mail',
  rejection: 'Rejection e-mail',
};

interface TemplateFormProps {
  template: MailTemplate;
}

/** One of the decision e-mails, with the placeholders it may use. */
export function TemplateForm({ template }: TemplateFormProps) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>();
  const update = useUpdateTemplate();
  const id = useId();
  const bodyErrors = fieldErrors.body ?? [];

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(undefined);
    setFieldErrors({});
    try {
      const saved = await update.mutateAsync({ kind: template.kind, subject, body });
      setSubject(saved.subject);
      setBody(saved.body);
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Failed to save the e-mail. Please try again.' });
      return;
    }
    setResult({ tone: 'success', text: `The ${titles[template.kind].toLowerCase()} was saved.` });
  };

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{titles[template.kind]}</h2>
      <form className="form template-form" noValidate onSubmit={(event) => void submit(event)}>
        {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
        <TextField
          label="Subject"
          value={subject}
          maxLength={200}
          errors={fieldErrors.subject}
          onChange={(event) => {
            setSubject(event.target.value);
          }}
        />
        <div className="field">
          <label htmlFor={`${id}-body`}>Body</label>
          <textarea
            id={`${id}-body`}
            value={body}
            rows={14}
            maxLength={10000}
            aria-invalid={bodyErrors.length ? true : undefined}
            aria-describedby={[`${id}-placeholders`, bodyErrors.length ? `${id}-body-errors` : '']
              .filter(Boolean)
              .join(' ')}
            onChange={(event) => {
              setBody(event.target.value);
            }}
          />
          <p id={`${id}-placeholders`} className="field-hint">
            Placeholders you can use, in subject and body:{' '}
            {template.placeholders.map((placeholder, index) => (
              <span key={placeholder}>
                {index > 0 && ', '}
                <code>{placeholder}</code>
              </span>
            ))}
            .
          </p>
          {bodyErrors.length > 0 && (
            <ul id={`${id}-body-errors`} className="field-errors">
              {bodyErrors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          )}
        </div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save E-mail'}
        </Button>
      </form>
    </section>
  );
}
