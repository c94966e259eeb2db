import { SelectField } from '../../../components/field';

interface ReviewerFieldProps<R extends { id: string; name: string }> {
  /** A reviewer's id, or '' for none chosen yet. */
  value: string;
  onChange: (reviewerId: string) => void;
  reviewers: readonly R[];
  /** What each option says; the name by default. */
  describe?: (reviewer: R) => string;
}

/** The field 'Reviewer': choosing one reviewer (to assign, or to add a conflict to). */
export function ReviewerField<R extends { id: string; name: string }>({
  value,
  onChange,
  reviewers,
  describe = (reviewer) => reviewer.name,
}: ReviewerFieldProps<R>) {
  return (
    <SelectField
      label="Reviewer"
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    >
      <option value="">Choose a reviewer</option>
      {reviewers.map((reviewer) => (
        <option key={reviewer.id} value={reviewer.id}>
          {describe(reviewer)}
        </option>
      ))}
    </SelectField>
  );
}
