import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/button';

interface UserSearchProps {
  /** The search the table shows now. */
  current: string;
  onSearch: (text: string) => void;
}

/**
 * The spec's search box: it filters when Enter is pressed (or the button,
 * for touch keyboards without a visible Enter), not on every keystroke;
 * each search is a request to the server. Remount it with `key={current}`
 * so that Back and Forward show the search of the page they go to.
 */
export function UserSearch({ current, onSearch }: UserSearchProps) {
  const [text, setText] = useState(current);
  const id = useId();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <form role="search" className="field user-search" onSubmit={submit}>
      <label htmlFor={id}>Search users</label>
      <div className="user-search-row">
        <input
          id={id}
          type="search"
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <Button type="submit">
          Search
        </Button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        First name, last name, email or abstract name. Press Enter to search.
      </p>
    </form>
  );
}
