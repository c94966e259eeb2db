import { useEffect, useRef, useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import {
  CheckboxField,
  DateTimeField,
  FieldGroup,
  NumberField,
  TextAreaField,
  TextField,
} from '../../../components/field';
import { FormMessage } from '../../../components/form-message';
import { ApiError, refusalMessage, type FieldErrors } from '../../../lib/api-client';
import { formatFileSize } from '../../../lib/format-size';
import { fromPacificInput, toPacificInput, weekdayOf } from '../../../lib/pacific-time';
import type { AdminEdition, EditionSettings } from '../api/types';
import { useUpdateEdition } from '../api/update-edition';

const MIB = 1024 * 1024;

/** The form's values: times as Pacific datetime-local values, the size in MiB, all as typed. */
interface EditionFormValues {
  call_opens_at: string;
  call_closes_at: string;
  word_limit: string;
  max_file_mib: string;
  max_submissions_per_author: string;
  confirm_attendance_by: string;
  final_materials_by: string;
  confirmation_form_url: string;
  contact_email: string;
  max_materials_mib: string;
  materials_quota_mib: string;
  attendance_in_app: boolean;
  decisions_at: string;
  conference_on: string;
  /** The keywords submissions choose from, one per line. */
  keywords: string;
}

const TIME_FIELDS = [
  'call_opens_at',
  'call_closes_at',
  'decisions_at',
  'confirm_attendance_by',
  'final_materials_by',
] as const;

function valuesOf(edition: AdminEdition): EditionFormValues {
  return {
    call_opens_at: toPacificInput(edition.call_opens_at),
    call_closes_at: toPacificInput(edition.call_closes_at),
    word_limit: String(edition.word_limit),
    // Up to three decimals: 10 MiB reads "10", 1.5 MiB "1.5".
    max_file_mib: String(Math.round((edition.max_file_bytes / MIB) * 1000) / 1000),
    max_submissions_per_author: String(edition.max_submissions_per_author),
    confirm_attendance_by: toPacificInput(edition.confirm_attendance_by),
    final_materials_by: toPacificInput(edition.final_materials_by),
    confirmation_form_url: edition.confirmation_form_url ?? '',
    contact_email: edition.contact_email,
    max_materials_mib: String(Math.round((edition.max_materials_bytes / MIB) * 1000) / 1000),
    materials_quota_mib: String(Math.round((edition.materials_quota_bytes / MIB) * 1000) / 1000),
    attendance_in_app: edition.attendance_in_app,
    decisions_at: toPacificInput(edition.decisions_at),
    conference_on: edition.conference_on ?? '',
    keywords: edition.keywords.join('\n'),
  };
}

/**
 * The settings as the API takes them, or the fields that cannot be read.
 * Everything else (limits, order of dates, URL, e-mail) the server checks
 * and answers with 422 `fields`, shown at the fields like these.
 */
export function settingsOf(values: EditionFormValues): { settings: EditionSettings } | { fields: FieldErrors } {
  const fields: Record<string, string[]> = {};
  const times: Partial<Record<(typeof TIME_FIELDS)[number], string | null>> = {};
  for (const name of TIME_FIELDS) {
    const time = fromPacificInput(values[name]);
    if (time === undefined) fields[name] = ['Enter a date and time.'];
    else times[name] = time;
  }
  const wordLimit = Number(values.word_limit);
  if (!values.word_limit.trim() || !Number.isInteger(wordLimit)) fields.word_limit = ['Enter a whole number.'];
  const mib = Number(values.max_file_mib);
  if (!values.max_file_mib.trim() || !Number.isFinite(mib)) fields.max_file_bytes = ['Enter a number of MiB.'];
  const perAuthor = Number(values.max_submissions_per_author);
  if (!values.max_submissions_per_author.trim() || !Number.isInteger(perAuthor)) {
    fields.max_submissions_per_author = ['Enter a whole number.'];
  }
  const materialsMib = Number(values.max_materials_mib);
  if (!values.max_materials_mib.trim() || !Number.isFinite(materialsMib)) {
    fields.max_materials_bytes = ['Enter a number of MiB.'];
  }
  const quotaMib = Number(values.materials_quota_mib);
  if (!values.materials_quota_mib.trim() || !Number.isFinite(quotaMib)) {
    fields.materials_quota_bytes = ['Enter a number of MiB.'];
  }
  if (values.conference_on && !weekdayOf(values.conference_on)) fields.conference_on = ['Enter a date.'];
  if (Object.keys(fields).length > 0) return { fields };
  return {
    settings: {
      call_opens_at: times.call_opens_at ?? null,
      call_closes_at: times.call_closes_at ?? null,
      word_limit: wordLimit,
      max_file_bytes: Math.round(mib * MIB),
      max_submissions_per_author: perAuthor,
      confirm_attendance_by: times.confirm_attendance_by ?? null,
      final_materials_by: times.final_materials_by ?? null,
      confirmation_form_url: values.confirmation_form_url.trim() || null,
      contact_email: values.contact_email.trim(),
      max_materials_bytes: Math.round(materialsMib * MIB),
      materials_quota_bytes: Math.round(quotaMib * MIB),
      attendance_in_app: values.attendance_in_app,
      // Empty clears these two; left out, the server keeps them.
      decisions_at: times.decisions_at ?? '',
      conference_on: values.conference_on,
      // Saved with the settings, both or neither; empty lines are not keywords.
      keywords: values.keywords
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    },
  };
}

interface EditionFormProps {
  edition: AdminEdition;
}

/**
 * An edition's settings and its keywords, saved together with one button.
 * Remount with `key` to start again from the server's values.
 */
export function EditionForm({ edition }: EditionFormProps) {
  const [values, setValues] = useState(() => valuesOf(edition));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [result, setResult] = useState<{ tone: 'error' | 'success'; text: string }>();
  const update = useUpdateEdition();

  const bytesField: Partial<Record<keyof EditionFormValues, string>> = {
    max_file_mib: 'max_file_bytes',
    max_materials_mib: 'max_materials_bytes',
    materials_quota_mib: 'materials_quota_bytes',
  };
  const field = (name: Exclude<keyof EditionFormValues, 'attendance_in_app'>) => ({
    name,
    value: values[name],
    errors: fieldErrors[bytesField[name] ?? name],
    onChange: (event: { target: { value: string } }) => {
      setValues((previous) => ({ ...previous, [name]: event.target.value }));
    },
  });

  const formRef = useRef<HTMLFormElement>(null);
  // The first field with a message takes the focus, so it is read out.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(undefined);
    const parsed = settingsOf(values);
    if ('fields' in parsed) {
      setFieldErrors(parsed.fields);
      setResult({ tone: 'error', text: 'Please correct the fields marked below.' });
      return;
    }
    setFieldErrors({});
    try {
      const saved = await update.mutateAsync({ year: edition.year, settings: parsed.settings });
      setValues(valuesOf(saved));
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      setResult({ tone: 'error', text: refusalMessage(error) ?? 'Failed to save the settings. Please try again.' });
      return;
    }
    setResult({ tone: 'success', text: `The settings of SCULC ${edition.year} were saved.` });
  };

  return (
    <form ref={formRef} className="form" noValidate onSubmit={(event) => void submit(event)}>
      {result && <FormMessage tone={result.tone}>{result.text}</FormMessage>}
      <FieldGroup legend="Call for abstracts (Pacific time)">
        <DateTimeField label="Call opens" hint="Empty: open from the start." {...field('call_opens_at')} />
        <DateTimeField label="Call closes" hint="Empty: no deadline." {...field('call_closes_at')} />
      </FieldGroup>
      <FieldGroup legend="Limits">
        <NumberField label="Word limit" inputMode="numeric" min={1} max={10000} {...field('word_limit')} />
        <NumberField
          label="Maximum file size (MiB)"
          chars={6}
          inputMode="decimal"
          min={0.001}
          max={64}
          step="any"
          hint="1 MiB = 1,048,576 bytes; at most 64 MiB."
          {...field('max_file_mib')}
        />
        <NumberField
          label="Submissions per author"
          inputMode="numeric"
          min={1}
          max={100}
          hint="The most abstracts one author may submit to this edition, 1 to 100; withdrawn ones do not count."
          {...field('max_submissions_per_author')}
        />
      </FieldGroup>
      <FieldGroup
        legend="Presenters’ deadlines (Pacific time)"
        hint="In this order: the call closes, decisions are sent, presenters confirm, final materials are due, and the conference day comes last."
      >
        <DateTimeField label="Decisions sent" hint="Empty: not set." {...field('decisions_at')} />
        <DateTimeField label="Confirm attendance by" {...field('confirm_attendance_by')} />
        <DateTimeField label="Final materials by" {...field('final_materials_by')} />
        <DateTimeField
          type="date"
          label="Conference day"
          hint={weekdayOf(values.conference_on) || 'Empty: not set.'}
          {...field('conference_on')}
        />
        <NumberField
          label="Maximum slides or poster size (MiB)"
          chars={6}
          inputMode="decimal"
          min={0.001}
          max={64}
          step="any"
          hint="Each final-materials PDF; at most 64 MiB."
          {...field('max_materials_mib')}
        />
        <NumberField
          label="Storage quota for final materials (MiB)"
          chars={8}
          inputMode="decimal"
          min={1}
          step="any"
          hint={
            `All slides and posters of SCULC ${String(edition.year)}, the older versions kept included; ` +
            `${formatFileSize(edition.materials_used_bytes)} used now. Uploads past it are refused.`
          }
          {...field('materials_quota_mib')}
        />
        <CheckboxField
          label="Presenters confirm attendance on this site (otherwise through the confirmation form URL)"
          name="attendance_in_app"
          checked={values.attendance_in_app}
          onChange={(event) => {
            const checked = event.target.checked;
            setValues((previous) => ({ ...previous, attendance_in_app: checked }));
          }}
        />
      </FieldGroup>
      <FieldGroup legend="Links and contact">
        <TextField label="Confirmation form URL" type="url" {...field('confirmation_form_url')} />
        <TextField label="Contact e-mail" type="email" autoComplete="off" {...field('contact_email')} />
      </FieldGroup>
      <FieldGroup legend="Keywords">
        <TextAreaField
          label="Keywords, one per line"
          rows={12}
          hint={
            '1 to 40 keywords of at most 60 characters. Authors choose up to three; submissions keep the keywords ' +
            'they chose when the list changes.'
          }
          {...field('keywords')}
        />
      </FieldGroup>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}
