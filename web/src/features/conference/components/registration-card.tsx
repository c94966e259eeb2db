import { useId, useState, type ReactNode, type SubmitEvent } from 'react';

import type { EventView, RegistrationAnswers } from '../../../api/types';
import { Button } from '../../../components/button';
import { CheckboxField, RadioGroup, TextAreaField } from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { formatConferenceTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useRegistrationActions, type RegistrationBody } from '../api/registration';
import { EventFacts } from './event-facts';
import { answersOf, MyAnswers, QuestionFields } from './registration-questions';
import { RegistrationStanding } from './registration-standing';

const MODES = [
  { value: 'in_person', label: 'In person' },
  { value: 'virtual', label: 'Virtually (video call)' },
] as const;

type Mode = RegistrationAnswers['mode'];

/** The member's registration for the current edition: the form, or where they stand, with what they can do next. */
export function RegistrationCard({ event }: { event: EventView }) {
  const actions = useRegistrationActions(event.slug);
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  /** What the last cancellation came to: the standing it ended is gone from the card. */
  const [cancelled, setCancelled] = useState<string | null>(null);

  const cancel = async () => {
    const waiting = event.mine?.state === 'waiting';
    await actions.cancel.mutateAsync();
    setCancelled(
      `${waiting ? `You have left the waiting list for ${event.title}` : `Your registration for ${event.title} is cancelled`}. We have e-mailed you a confirmation.`,
    );
  };

  const register = async (answers: RegistrationBody) => {
    setFailure(null);
    setCancelled(null);
    setFieldErrors({});
    try {
      await actions.register.mutateAsync(answers);
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      setFailure(refusalMessage(error) ?? 'Your registration could not be sent. Please try again.');
    }
  };

  return (
    <section className="card" aria-labelledby="home-registration">
      <h2 id="home-registration">Registration</h2>
      <EventFacts event={event} />
      {cancelled && !event.mine && <FormMessage tone="success">{cancelled}</FormMessage>}
      {event.mine ? (
        <RegistrationStanding
          event={event}
          busy={actions.cancel.isPending || actions.accept.isPending}
          cancel={cancel}
          accept={() => actions.accept.mutateAsync()}
          ticket={<MyTicket event={event} />}
        >
          <MyAnswers
            event={event}
            save={(answers) => actions.changeAnswers.mutateAsync(answers)}
            saving={actions.changeAnswers.isPending}
          />
        </RegistrationStanding>
      ) : (
        <>
          {failure && <FormMessage tone="error">{failure}</FormMessage>}
          <RegistrationForm event={event} onRegister={register} busy={actions.register.isPending} errors={fieldErrors} />
        </>
      )}
    </section>
  );
}

/**
 * The member's ticket, folded away until asked for: the QR code a volunteer
 * scans at the door (the same as in the confirmation e-mail), drawn by the
 * server from the member's registration.
 */
function MyTicket({ event }: { event: EventView }) {
  const [shown, setShown] = useState(false);
  const [broken, setBroken] = useState(false);
  const { user } = useSession();
  const ticketId = useId();
  const name = user ? `${user.first_name} ${user.last_name}` : 'you';
  return (
    <>
      <p className="button-row">
        <Button
          variant="secondary"
          aria-expanded={shown}
          aria-controls={ticketId}
          onClick={() => {
            setShown(!shown);
          }}
        >
          {shown ? 'Hide my ticket' : 'Show my ticket'}
        </Button>
      </p>
      <div id={ticketId} hidden={!shown} className="conference-ticket">
        {shown && !broken && (
          <img
            className="conference-ticket-code"
            src={`/api/events/${encodeURIComponent(event.slug)}/ticket.svg`}
            alt={`Ticket for ${event.title}: QR code for ${name}`}
            width={240}
            height={240}
            onError={() => {
              setBroken(true);
            }}
          />
        )}
        {broken && <FormMessage tone="error">Your ticket could not be loaded. Please reload the page.</FormMessage>}
        <p>
          Show this code at the door on {formatConferenceTime(event.starts_at)}: a volunteer scans it with a phone to
          check you in. Your screen or a printout both work, and the same code is in your confirmation e-mail.
        </p>
      </div>
    </>
  );
}

interface RegistrationFormProps {
  event: EventView;
  onRegister: (answers: RegistrationBody) => Promise<void>;
  busy: boolean;
  /** The server's refusals by field (an event's question: `questions.{id}`). */
  errors?: FieldErrors | undefined;
  /** Fields asked before the answers (a visitor's name and address). */
  children?: ReactNode;
}

/** The answers a registration asks for, or why registration is not open. */
export function RegistrationForm({ event, onRegister, busy, errors, children }: RegistrationFormProps) {
  // Registering again: the answers given last time, to check and change.
  const previous = event.previous;
  const [mode, setMode] = useState<Mode>(previous?.mode ?? 'in_person');
  const [lunch, setLunch] = useState(previous?.lunch ?? false);
  const [dietary, setDietary] = useState(previous?.dietary ?? '');
  const [access, setAccess] = useState(previous?.access ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries((previous?.question_answers ?? []).map((answer) => [answer.question_id, answer.answer])),
  );
  // Only picks the wording of a closed registration ("opens on" or "is closed").
  const [now] = useState(() => Date.now());
  if (!event.open) {
    return (
      <p>
        Registration for {event.title}{' '}
        {event.opens_at && Date.parse(event.opens_at) > now
          ? `opens on ${formatConferenceTime(event.opens_at)}.`
          : 'is closed.'}
      </p>
    );
  }
  const full = event.places_left === 0;
  const submit = (formEvent: SubmitEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    void onRegister({ mode, lunch, dietary, access, question_answers: answersOf(event.questions, answers) });
  };
  return (
    <form className="form" noValidate onSubmit={submit}>
      <p>
        {full
          ? `All ${String(event.capacity)} in-person places are taken: registering in person puts you on the waiting list (${String(event.waiting)} waiting). Virtual places are not limited.`
          : `${String(event.places_left)} of ${String(event.capacity)} in-person places left.`}
      </p>
      {previous && <p>Your answers from your last registration are filled in: check them before you register.</p>}
      {children}
      <RadioGroup legend="How will you attend?" name="mode" choices={MODES} value={mode} onChange={setMode} />
      <CheckboxField label="I would like lunch" checked={lunch} onChange={(change) => { setLunch(change.target.checked); }} />
      <TextAreaField
        label="Dietary needs (optional)"
        maxLength={500}
        rows={2}
        value={dietary}
        onChange={(change) => { setDietary(change.target.value); }}
      />
      <TextAreaField
        label="Access needs (optional)"
        maxLength={500}
        rows={2}
        value={access}
        onChange={(change) => { setAccess(change.target.value); }}
      />
      <QuestionFields
        questions={event.questions}
        answers={answers}
        errors={errors}
        onChange={(id, answer) => {
          setAnswers((previous) => ({ ...previous, [id]: answer }));
        }}
      />
      <Button type="submit" disabled={busy}>
        {full && mode === 'in_person' ? 'Join the waiting list' : 'Register'}
      </Button>
    </form>
  );
}
