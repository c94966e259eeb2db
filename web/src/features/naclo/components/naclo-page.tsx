import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function NacloPage() {
  return (
    <Page title={routes.naclo.title}>
      <p>
        The North American Computational Linguistics Open competition: puzzles about the structure of
        languages, no prior knowledge needed. We host a testing site on campus.
      </p>
    </Page>
  );
}
