import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';

import type { Attendance, Edition, MaterialKind, Submission } from '../../../api/types';
import { Button } from '../../../components/button';
import { FormMessage } from '../../../components/form-message';
import { formatConferenceTime, formatFileSize } from '../../../lib/format';
import { useAnswerAttendance, useUploadMaterial } from '../api/attendance';
import { UploadProgress } from './upload-progress';
import './submissions.css';

const MODES = [
  ['in_person', 'In person'],
  ['virtual', 'Virtually (video call)'],
] as const;
const FORMATS = [
  ['talk', '15-minute talk plus 5 minutes of questions'],
  ['poster', 'Poster'],
  ['both', 'Both a talk and a poster'],
] as const;
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
  const id = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState(submission.attendance?.mode ?? '');
  const [format, setFormat] = useState(submission.attendance?.format ?? '');
  const [title, setTitle] = useState(submission.title);
  const [needs, setNeeds] = useState(submission.attendance?.needs ?? '');

  useEffect(() => firstRef.current?.focus(), []);

  function save(event: SyntheticEvent) {
    event.preventDefault();
    answer.mutate(
      {
        id: submission.id,
        answer: {
          response: 'confirmed',
          mode: (mode || null) as Attendance['mode'],
          format: (format || null) as Attendance['format'],
          title,
          needs,
        },
      },
      { onSuccess: () => { onDone(true); } },
    );
  }

  return (
    <form className="attendance-form" onSubmit={save} noValidate>
      <fieldset>
        <legend>How will you attend?</legend>
        {MODES.map(([value, text], index) => (
          <label key={value} className="choice">
            <input
              ref={index === 0 ? firstRef : undefined}
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => { setMode(value); }}
              required
            />{' '}
            {text}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Format</legend>
        {FORMATS.map(([value, text]) => (
          <label key={value} className="choice">
            <input
              type="radio"
              name={`${id}-format`}
              value={value}
              checked={format === value}
              onChange={() => { setFormat(value); }}
              required
            />{' '}
            {text}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title (as it will appear in the program)</label>
        <input
          id={`${id}-title`}
          type="text"
          value={title}
          maxLength={300}
          required
          onChange={(event) => { setTitle(event.target.value); }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-needs`}>Accessibility, dietary or other needs (optional)</label>
        <textarea id={`${id}-needs`} value={needs} maxLength={2000} onChange={(event) => { setNeeds(event.target.value); }} />
      </div>
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
  const upload = useUploadMaterial();
  const id = useId();
  const [percent, setPercent] = useState(0);
  const current = submission.materials.find((material) => material.kind === kind);

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
        <p>No {text.toLowerCase()} uploaded yet.</p>
      )}
      {submission.materials_open && (
        // The picker is its label, styled as a button (as the abstract's PdfPicker): the native
        // input shows 'No file chosen', shortened to 'No fil…hosen' on a phone, and has nothing
        // to show anyway, since the upload starts as soon as a file is chosen.
        <p className="material-picker">
          <input
            id={id}
            className="file-input"
            type="file"
            accept="application/pdf,.pdf"
            disabled={upload.isPending}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setPercent(0);
              upload.mutate({ id: submission.id, kind, file, onProgress: setPercent });
            }}
          />
          <label htmlFor={id} className="button button-secondary file-input-label">
            {current ? 'Replace' : 'Upload'} {text.toLowerCase()} (PDF)
          </label>
        </p>
      )}
      {upload.isPending && <UploadProgress percent={percent} />}
      {upload.isError && <FormMessage tone="error">{errorText(upload.error)}</FormMessage>}
      {upload.isSuccess && <FormMessage tone="success">Your {text.toLowerCase()} were uploaded.</FormMessage>}
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
