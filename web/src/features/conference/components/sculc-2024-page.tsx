import { Page } from '../../../components/page';
import { routes } from '../../../config/routes';

export function Sculc2024Page() {
  return (
    <Page title={routes.sculc2024.title}>
      <p>SCULC 2024 has concluded. Thank you to every presenter and guest.</p>
    </Page>
  );
}
