import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';

import { ApiError } from '../lib/api-client';

/** What a TextField needs to show and edit one of the form's values. */
export interface FieldBinding {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The server's messages about the field, for fields bound with its server name. */
  errors?: readonly string[] | undefined;
}

interface FormOptions<Values, Answer, Request> {
  /** The fields' starting values. */
  initial: Values;
  /** The request the form sends for its values. */
  request: (values: Values) => Request;
  /** A message that stops the submit before anything is sent ('Passwords do not match.'), or null. */
  check?: (values: Values) => string | null;
  /** The message for a refused or failed request; each screen has the spec's own. */
  failure: (error: Error) => string;
  /** After the server said yes (navigate on, show what was sent, …). */
  onSent?: (answer: Answer, values: Values) => void | Promise<void>;
}

/**
 * One form that sends one mutation: its fields' values, the submit (checked
 * first, then sent once however often it is pressed meanwhile), whether it
 * is busy, and the one error message to show, the form's own or the server's.
 */
export function useForm<Values extends Record<string, string>, Answer, Request>(
  mutation: UseMutationResult<Answer, Error, Request>,
  { initial, request, check, failure, onSent }: FormOptions<Values, Answer, Request>,
) {
  const [values, setValues] = useState(initial);
  const [checkError, setCheckError] = useState<string | null>(null);
  // isPending only updates on the next render; two submits in one tick (a
  // double click, Enter pressed twice) would both get through without this.
  const sending = useRef(false);
  const fieldErrors = mutation.error instanceof ApiError ? mutation.error.fields : {};

  /** Binds a TextField to `name`; with `serverName` it also shows the server's messages about that field. */
  const field = (name: keyof Values, serverName?: string): FieldBinding => ({
    value: values[name] ?? '',
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
    ...(serverName === undefined ? {} : { errors: fieldErrors[serverName] }),
  });

  /** Sets one value directly (a radio group or a select that hands over its value, not an event). */
  const set = (name: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
  };

  const send = async () => {
    const problem = check?.(values) ?? null;
    setCheckError(problem);
    if (problem) return;
    sending.current = true;
    try {
      let answer: Answer;
      try {
        answer = await mutation.mutateAsync(request(values));
      } catch {
        return; // shown from the mutation's error
      }
      // Still sending until the page has moved on, so a second press cannot send again.
      await onSent?.(answer, values);
    } finally {
      sending.current = false;
    }
  };

  const handleSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    void send();
  };

  const error = checkError ?? (mutation.isError ? failure(mutation.error) : null);
  return { values, field, set, fieldErrors, handleSubmit, busy: mutation.isPending, error };
}
