import { useId, useState } from 'react';

import type { BoardTerm } from '../../../lib/content-types';
import { BoardMembers } from './board-members';
import './board.css';

/**
 * An earlier board, collapsed until its toggle opens it: a disclosure
 * button inside the section's heading, as the ARIA practices describe.
 */
export function PastTerm({ term }: { term: BoardTerm }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section className="board-past-term">
      <h2>
        <button
          type="button"
          className="board-disclosure"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => {
            setOpen(!open);
          }}
        >
          {term.term} Board <span className="caret board-disclosure-caret" aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {term.note && <p>{term.note}</p>}
        <BoardMembers members={term.members} />
      </div>
    </section>
  );
}
