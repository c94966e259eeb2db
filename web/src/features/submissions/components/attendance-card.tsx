import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';

import type { Attendance, Edition, MaterialKind, Submission } from '../../../api/types';
import { Button } from '../../../components/button';
import { RadioGroup, TextAreaField, TextField } from '../../../components/field';
import { FilePicker, type FileError } from '../../../components/file-picker';
import { FormMessage } from '../../../components/form-message';
import { messages } from '../../../config/messages';
import { useUpload } from '../../../hooks/use-upload';
import { formatConferenceTime } from '../../../lib/format';
import { formatFileSize } from '../../../lib/format-size';
import { useAnswerAttendance, useUploadMaterial } from '../api/attendance';
import { looksLikePdf } from './call-for-abstracts';
import './submissions.css';

type Mode = NonNullable<Attendance['mode']>;
type Format = NonNullable<Attendance['format']>;

const MODES: readonly (readonly [Mode, string])[] = [
  ['in_person', 'In person'],
  ['virtual', 'Virtually (video call)'],
];
const FORMATS: readonly (readonly [Format, string])[] = [
  ['talk', '15-minute talk plus 5 minutes of questions'],
  ['poster', 'Poster'],
  ['both', 'Both a talk and a poster'],
];

function choicesOf<T extends string>(options: readonly (readonly [T, string])[]) {
  return options.map(([value, text]) => ({ value, label: text }));
}
const KINDS: [MaterialKind, string][] = [
  ['slides', 'Slides'],
  ['poster', 'Poster'],
];

function label<T extends string>(options: readonly (readonly [T, string])[], value: T | null | undefined) {
  return options.find(([key]) => key === value)?.[1] ?? '';
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** The answer as it stands, in words. */
function AnswerSummary({ attendance }: { attendance: Attendance }) {
  if (attendance.response === 'declined') return <p>You declined to present this abstract.</p>;
  return (
    <dl className="attendance-summary">
      <dt>Attending</dt>
      <dd>{label(MODES, attendance.mode)}</dd>
      <dt>Format</dt>
      <dd>{label(FORMATS, attendance.format)}</dd>
      {attendance.needs && (
        <>
          <dt>Needs</dt>
          <dd>{attendance.needs}</dd>
        </>
      )}
    </dl>
  );
}

function ConfirmForm({ submission, onDone }: { submission: Submission; onDone: (saved: boolean) => void }) {
  const answer = useAnswerAttendance();
  const firstRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode | undefined>(submission.attendance?.mode ?? undefined);
  const [format, setFormat] = useState<Format | undefined>(submission.attendance?.format ?? undefined);
  const [title, setTitle] = useState(submission.title);
  const [needs, setNeeds] = useState(submission.attendance?.needs ?? '');

  useEffect(() => firstRef.current?.focus(), []);

  function save(event: SyntheticEvent) {
    event.preventDefault();
    answer.mutate(
      {
        id: submission.id,
        answer: { response: 'confirmed', mode: mode ?? null, format: format ?? null, title, needs },
      },
      { onSuccess: () => { onDone(true); } },
    );
  }

  return (
    <form className="form attendance-form" onSubmit={save} noValidate>
      <RadioGroup
        legend="How will you attend?"
        name="mode"
        choices={choicesOf(MODES)}
        value={mode}
        onChange={setMode}
        required
        firstRef={firstRef}
      />
      <RadioGroup legend="Format" name="format" choices={choicesOf(FORMATS)} value={format} onChange={setFormat} required />
      <TextField
        label="Title (as it will appear in the program)"
        value={title}
        maxLength={300}
        required
        onChange={(event) => { setTitle(event.target.value); }}
      />
      <TextAreaField
        label="Accessibility, dietary or other needs (optional)"
        value={needs}
        maxLength={2000}
        onChange={(event) => { setNeeds(event.target.value); }}
      />
      {answer.isError && <FormMessage tone="error">{errorText(answer.error)}</FormMessage>}
      <p className="actions">
        <Button type="submit" disabled={answer.isPending}>
          Save
        </Button>{' '}
        <Button variant="secondary" onClick={() => { onDone(false); }}>
          Cancel
        </Button>
      </p>
    </form>
  );
}

function DeclineQuestion({ submission, onDone }: { submission: Submission; onDone: (declined: boolean) => void }) {
  const answer = useAnswerAttendance();
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => questionRef.current?.focus(), []);

  return (
    <div className="decline-question">
      <p ref={questionRef} tabIndex={-1}>
        Are you sure you want to decline presenting “{submission.title}”?
      </p>
      {answer.isError && <FormMessage tone="error">{errorText(answer.error)}</FormMessage>}
      <p className="actions">
        <Button
          disabled={answer.isPending}
          onClick={() => { answer.mutate({ id: submission.id, answer: { response: 'declined' } }, { onSuccess: () => { onDone(true); } }); }
          }
        >
          Yes, decline
        </Button>{' '}
        <Button variant="secondary" onClick={() => { onDone(false); }}>
          No
        </Button>
      </p>
    </div>
  );
}

function MaterialUpload({ submission, kind, text }: { submission: Submission; kind: MaterialKind; text: string }) {
  const material = useUploadMaterial();
  const upload = useUpload((file, options) => material.mutateAsync({ id: submission.id, kind, file, ...options }));
  const [error, setError] = useState<FileError | null>(null);
  const [uploaded, setUploaded] = useState(false);
  const current = submission.materials.find((item) => item.kind === kind);
  const noun = text.toLowerCase();

  // The upload starts as soon as a file is chosen (or dropped): there is
  // nothing else to fill in.
  const uploadFiles = async ([file, ...others]: File[]) => {
    setUploaded(false);
    if (!file) return;
    let refusal: string | null = null;
    if (others.length > 0) refusal = messages.oneFileAtATime;
    else if (!looksLikePdf(file)) refusal = messages.notPdf;
    setError(refusal ? { file: others.length > 0 ? null : file, reason: refusal } : null);
    if (refusal) return;
    const outcome = await upload.start(file);
    if (outcome.status === 'failed') setError({ file, reason: errorText(outcome.error) });
    setUploaded(outcome.status === 'done');
  };

  return (
    <div className="material">
      <h4>{text}</h4>
      {current ? (
        <p>
          <a href={`/api/submissions/${submission.id}/materials/${kind}`} target="_blank" rel="noopener noreferrer">
            {current.original_name}
          </a>{' '}
          ({formatFileSize(current.size_bytes)}, uploaded {formatConferenceTime(current.uploaded_at)})
        </p>
      ) : (
        <p>No {noun} uploaded yet.</p>
      )}
      {submission.materials_open && (
        <FilePicker
          label={`${current ? 'Replace' : 'Upload'} ${noun} (PDF)`}
          accept="application/pdf,.pdf"
          onFiles={(files) => void uploadFiles(files)}
          upload={upload.progress}
          onCancel={upload.cancel}
          checkingNote={`Checking your ${noun}…`}
          error={error}
        />
      )}
      {uploaded && (
        <FormMessage tone="success">
          Your {noun} {kind === 'slides' ? 'were' : 'was'} uploaded.
        </FormMessage>
      )}
    </div>
  );
}

function FinalMaterials({ submission, edition }: { submission: Submission; edition: Edition }) {
  return (
    <div className="final-materials">
      <h3 className="card-subheading">Final materials</h3>
      {!submission.materials_open && (
        <p>
          The deadline for final materials has passed. If you need more time, e-mail us at{' '}
          <a href={`mailto:${edition.contact_email}`}>{edition.contact_email}</a>.
        </p>
      )}
      {KINDS.map(([kind, text]) => (
        <MaterialUpload key={kind} submission={submission} kind={kind} text={text} />
      ))}
    </div>
  );
}

/** One accepted submission: the presenter's answer and final materials. */
export function AttendanceCard({ submission, edition }: { submission: Submission; edition: Edition }) {
  const [step, setStep] = useState<'idle' | 'confirming' | 'declining'>('idle');
  const [status, setStatus] = useState('');
  const headingId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const { attendance } = submission;

  // Back to where the question started, so keyboard users keep their place:
  // after the commit that shows the button again (an animation frame could
  // come before it, and the focus would fall to the page).
  useEffect(() => {
    if (step !== 'idle' || !refocus.current) return;
    refocus.current = false;
    confirmRef.current?.focus();
  }, [step]);

  function finish(message: string) {
    refocus.current = true;
    setStep('idle');
    setStatus(message);
  }

  return (
    <article className="card attendance-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {submission.title} <span className="code">({submission.code})</span>
      </h3>
      {attendance && <AnswerSummary attendance={attendance} />}
      {!attendance && <p>You have not answered yet.</p>}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {!submission.attendance_open && (
        <p>
          The deadline to confirm attendance has passed. If you need more time, e-mail us at{' '}
          <a href={`mailto:${edition.contact_email}`}>{edition.contact_email}</a>.
        </p>
      )}
      {submission.attendance_open && step === 'idle' && (
        <p className="actions">
          <Button ref={confirmRef} onClick={() => { setStep('confirming'); }}>
            {attendance?.response === 'confirmed' ? 'Change Your Answer' : 'Confirm Your Attendance'}
          </Button>{' '}
          {attendance?.response !== 'declined' && (
            <Button variant="secondary" onClick={() => { setStep('declining'); }}>
              Decline
            </Button>
          )}
        </p>
      )}
      {step === 'confirming' && (
        <ConfirmForm
          submission={submission}
          onDone={(saved) => { finish(saved ? 'Your attendance is confirmed.' : ''); }}
        />
      )}
      {step === 'declining' && (
        <DeclineQuestion
          submission={submission}
          onDone={(declined) => { finish(declined ? 'You declined to present this abstract.' : ''); }}
        />
      )}
      {attendance?.response === 'confirmed' && <FinalMaterials submission={submission} edition={edition} />}
    </article>
  );
}
