import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { useBoard } from '../api/get-board';
import { BoardMembers } from './board-members';
import { PastTerm } from './past-term';
import './board.css';

/**
 * The board: the current term (the newest in the data) in full, and each
 * earlier term behind a toggle. A new term is a new data file, no code.
 */
export function BoardPage() {
  const board = useBoard();
  if (board.isPending) return <PageLoading />;
  if (board.isError) {
    return (
      <Page title={routes.board.title}>
        <FormMessage tone="error">{board.error.message}</FormMessage>
      </Page>
    );
  }

  const [current, ...past] = board.data.terms;
  return (
    <Page title={routes.board.title} className="board-page">
      {current && (
        <section aria-labelledby="board-current">
          <h2 id="board-current">{current.term} Board</h2>
          {current.note && <p className="lead">{current.note}</p>}
          <BoardMembers members={current.members} />
        </section>
      )}
      {past.map((term) => (
        <PastTerm key={term.term} term={term} />
      ))}
    </Page>
  );
}
