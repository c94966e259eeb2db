import { routes } from '../../../config/routes';
import { ArchivePage } from './archive-page';

export function Sculc2022HomePage() {
  return (
    <ArchivePage year={2022} title={routes.sculc2022.title}>
      <p>The archive of SCULC 2022.</p>
    </ArchivePage>
  );
}

export function Sculc2022ProgramPage() {
  return (
    <ArchivePage year={2022} title={routes.sculc2022Program.title}>
      <p>The programs of SCULC 2022.</p>
    </ArchivePage>
  );
}

export function Sculc2022PresentationPage() {
  return (
    <ArchivePage year={2022} title={routes.sculc2022Presentation.title}>
      <p>The talks and posters presented at SCULC 2022.</p>
    </ArchivePage>
  );
}

export function Sculc2022PhotoPage() {
  return (
    <ArchivePage year={2022} title={routes.sculc2022Photo.title}>
      <p>Photos from SCULC 2022.</p>
    </ArchivePage>
  );
}
