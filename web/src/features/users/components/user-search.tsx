import { useState, type SubmitEvent } from 'react';

import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';

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

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text);
  };

  return (
    <form role="search" className="users-search" onSubmit={submit}>
      <TextField
        label="Search users"
        type="search"
        value={text}
        hint="First name, last name, email or abstract name. Press Enter to search."
        onChange={(event) => {
          setText(event.target.value);
        }}
        action={<Button type="submit">Search</Button>}
      />
    </form>
  );
}
