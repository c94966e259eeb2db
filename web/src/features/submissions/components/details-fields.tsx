import { Button } from '../../../components/button';
import { CheckboxField, FieldGroup, RadioGroup, TextField } from '../../../components/field';
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

/**
 * What the submission is, beside its PDF: title, co-authors, keywords and
 * preferred format. Used by the submit page and the edit form alike.
 */
export function DetailsFields({ draft, onChange, offered, errors, disabled = false }: DetailsFieldsProps) {
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
    <div className="submissions-details">
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

      <FieldGroup
        legend="Co-authors"
        hint={`You are the corresponding author. List the other authors, if any (at most ${MAX_COAUTHORS}); they do not need an account and will get an e-mail saying you named them.`}
        errors={errors.coauthors}
      >
        {draft.coauthors.map((coauthor, i) => (
          <div key={i} className="submissions-coauthor" role="group" aria-label={`Co-author ${i + 1}`}>
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
      </FieldGroup>

      <FieldGroup legend="Keywords" hint={`Choose up to ${MAX_KEYWORDS}.`} errors={errors.keywords}>
        <div className="check-choices">
          {offered.map((keyword) => {
            const checked = draft.keywords.includes(keyword);
            return (
              <CheckboxField
                key={keyword}
                label={keyword}
                name="keywords"
                value={keyword}
                checked={checked}
                disabled={disabled || (!checked && keywordsFull)}
                onChange={(event) => {
                  toggleKeyword(keyword, event.target.checked);
                }}
              />
            );
          })}
        </div>
      </FieldGroup>

      <RadioGroup
        className="field-group"
        legend="Preferred format"
        name="preferred-format"
        look="pills"
        choices={(Object.keys(formatLabels) as PreferredFormat[]).map((format) => ({
          value: format,
          label: formatLabels[format],
        }))}
        value={draft.preferred_format}
        disabled={disabled}
        errors={errors.preferred_format}
        onChange={(format) => {
          set({ preferred_format: format });
        }}
      />
    </div>
  );
}
