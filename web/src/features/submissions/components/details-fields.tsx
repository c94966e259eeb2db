import { useId } from 'react';

import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import type { FieldErrors } from '../../../lib/api-client';
import {
  formatLabels,
  MAX_COAUTHORS,
  MAX_KEYWORDS,
  MAX_TITLE_CHARS,
  type CoauthorDraft,
  type DetailsDraft,
  type PreferredFormat,
} from './details-draft';

interface DetailsFieldsProps {
  draft: DetailsDraft;
  onChange: (draft: DetailsDraft) => void;
  /** The edition's keywords to choose from. */
  offered: readonly string[];
  errors: FieldErrors;
  disabled?: boolean;
}

const emptyCoauthor: CoauthorDraft = { name: '', email: '', institution: '' };

/** Messages under a group of fields (a fieldset), tied to it by id. */
function GroupErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field-errors">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

/**
 * What the submission is, beside its PDF: title, co-authors, keywords and
 * preferred format. Used by the submit page and the edit form alike.
 */
export function DetailsFields({ draft, onChange, offered, errors, disabled = false }: DetailsFieldsProps) {
  const id = useId();
  const set = (patch: Partial<DetailsDraft>) => {
    onChange({ ...draft, ...patch });
  };
  const setCoauthor = (index: number, patch: Partial<CoauthorDraft>) => {
    set({ coauthors: draft.coauthors.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  };
  const toggleKeyword = (keyword: string, checked: boolean) => {
    const chosen = checked ? [...draft.keywords, keyword] : draft.keywords.filter((k) => k !== keyword);
    set({ keywords: offered.filter((k) => chosen.includes(k)) });
  };
  const keywordsFull = draft.keywords.length >= MAX_KEYWORDS;

  return (
    <div className="submission-details">
      <TextField
        label="Title"
        name="title"
        required
        maxLength={MAX_TITLE_CHARS}
        value={draft.title}
        disabled={disabled}
        errors={errors.title}
        onChange={(event) => {
          set({ title: event.target.value });
        }}
      />

      <fieldset className="details-group" aria-describedby={`${id}-coauthors-hint`}>
        <legend>Co-authors</legend>
        <p id={`${id}-coauthors-hint`} className="field-hint">
          You are the corresponding author. List the other authors, if any (at most {MAX_COAUTHORS}); they do not
          need an account and will get an e-mail saying you named them.
        </p>
        <GroupErrors id={`${id}-coauthors-errors`} errors={errors.coauthors} />
        {draft.coauthors.map((coauthor, i) => (
          <div key={i} className="coauthor" role="group" aria-label={`Co-author ${i + 1}`}>
            <TextField
              label="Name"
              required
              autoComplete="off"
              value={coauthor.name}
              disabled={disabled}
              errors={errors[`coauthors.${i}.name`]}
              onChange={(event) => {
                setCoauthor(i, { name: event.target.value });
              }}
            />
            <TextField
              label="E-mail"
              type="email"
              required
              autoComplete="off"
              value={coauthor.email}
              disabled={disabled}
              errors={errors[`coauthors.${i}.email`]}
              onChange={(event) => {
                setCoauthor(i, { email: event.target.value });
              }}
            />
            <TextField
              label="Institution"
              required
              autoComplete="off"
              value={coauthor.institution}
              disabled={disabled}
              errors={errors[`coauthors.${i}.institution`]}
              onChange={(event) => {
                setCoauthor(i, { institution: event.target.value });
              }}
            />
            <Button variant="secondary"
              disabled={disabled}
              onClick={() => {
                set({ coauthors: draft.coauthors.filter((_, j) => j !== i) });
              }}
            >
              Remove co-author {i + 1}
            </Button>
          </div>
        ))}
        {draft.coauthors.length < MAX_COAUTHORS && (
          <Button variant="secondary"
            disabled={disabled}
            onClick={() => {
              set({ coauthors: [...draft.coauthors, { ...emptyCoauthor }] });
            }}
          >
            Add a co-author
          </Button>
        )}
      </fieldset>

      <fieldset
        className="details-group"
        aria-describedby={[`${id}-keywords-hint`, errors.keywords?.length ? `${id}-keywords-errors` : '']
          .filter(Boolean)
          .join(' ')}
      >
        <legend>Keywords</legend>
        <p id={`${id}-keywords-hint`} className="field-hint">
          Choose up to {MAX_KEYWORDS}.
        </p>
        <GroupErrors id={`${id}-keywords-errors`} errors={errors.keywords} />
        <div className="keyword-choices">
          {offered.map((keyword) => {
            const checked = draft.keywords.includes(keyword);
            return (
              <label key={keyword} className="choice">
                <input
                  type="checkbox"
                  name="keywords"
                  value={keyword}
                  checked={checked}
                  disabled={disabled || (!checked && keywordsFull)}
                  onChange={(event) => {
                    toggleKeyword(keyword, event.target.checked);
                  }}
                />{' '}
                {keyword}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset
        className="details-group"
        aria-describedby={errors.preferred_format?.length ? `${id}-format-errors` : undefined}
      >
        <legend>Preferred format</legend>
        <GroupErrors id={`${id}-format-errors`} errors={errors.preferred_format} />
        <div className="format-choices">
          {(Object.keys(formatLabels) as PreferredFormat[]).map((format) => (
            <label key={format} className="choice">
              <input
                type="radio"
                name={`${id}-preferred-format`}
                value={format}
                checked={draft.preferred_format === format}
                disabled={disabled}
                onChange={() => {
                  set({ preferred_format: format });
                }}
              />{' '}
              {formatLabels[format]}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
