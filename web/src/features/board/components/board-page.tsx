import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function BoardPage() {
  return (
    <Page title={routes.board.title}>
      <p>Meet the students who run the society: the 2024–2025 board and the boards before it.</p>
    </Page>
  );
}
