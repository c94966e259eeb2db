import { SelectField } from '../../../components/field';
import { USER_FILTERS, type UserFilter } from '../user-table-query';

interface AttendanceFilterProps {
  current: UserFilter;
  onChange: (filter: UserFilter) => void;
}

/** Everyone, or only the presenters who have not acted yet; the choice is kept in the URL. */
export function AttendanceFilterSelect({ current, onChange }: AttendanceFilterProps) {
  return (
    <SelectField
      label="Show"
      className="users-filter"
      value={current}
      onChange={(event) => {
        const chosen = USER_FILTERS.find(({ key }) => key === event.target.value);
        onChange(chosen ? chosen.key : '');
      }}
    >
      {USER_FILTERS.map(({ key, label }) => (
        <option key={key} value={key}>
          {label}
        </option>
      ))}
    </SelectField>
  );
}
