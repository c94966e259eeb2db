import { useState } from 'react';

import type { EventView } from '../../../api/types';
import { TextField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import type { RegistrationBody } from '../api/registration';
import { useRequestVisitorRegistration } from '../api/visitor-registration';
import { EventFacts } from './event-facts';
import { RegistrationForm } from './registration-card';

/**
 * Registration for a visitor, without an account password: their name and
 * address with the answers; the link e-mailed to the address completes it.
 */
export function VisitorRegistrationCard({ event }: { event: EventView }) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>();
  const request = useRequestVisitorRegistration(event.slug);

  const register = async (answers: RegistrationBody) => {
    setResult(undefined);
    setFieldErrors({});
    try {
      const sent = await request.mutateAsync({ first_name: firstName, last_name: lastName, email, answers });
      setResult({ tone: 'success', text: sent.message });
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Your registration could not be sent. Please try again.' });
    }
  };

  return (
    <section className="card" aria-labelledby="visitor-registration">
      <h2 id="visitor-registration">Register for {event.title}</h2>
      <EventFacts event={event} />
      <p>No account needed: we e-mail you a link to confirm. Members can also sign in to register.</p>
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      {result?.tone !== 'success' && (
        <RegistrationForm event={event} onRegister={register} busy={request.isPending} errors={fieldErrors}>
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            errors={fieldErrors.first_name}
            onChange={(change) => {
              setFirstName(change.target.value);
            }}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            errors={fieldErrors.last_name}
            onChange={(change) => {
              setLastName(change.target.value);
            }}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            errors={fieldErrors.email}
            onChange={(change) => {
              setEmail(change.target.value);
            }}
          />
        </RegistrationForm>
      )}
    </section>
  );
}
