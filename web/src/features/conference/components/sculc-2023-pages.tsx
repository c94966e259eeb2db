import { routes } from '../../../config/routes';
import { ArchivePage } from './archive-page';

export function Sculc2023HomePage() {
  return (
    <ArchivePage year={2023} title={routes.sculc2023.title}>
      <p>The archive of SCULC 2023.</p>
    </ArchivePage>
  );
}

export function Sculc2023ProgramPage() {
  return (
    <ArchivePage year={2023} title={routes.sculc2023Program.title}>
      <p>The programs of SCULC 2023.</p>
    </ArchivePage>
  );
}

export function Sculc2023SchedulePage() {
  return (
    <ArchivePage year={2023} title={routes.sculc2023Schedule.title}>
      <p>The schedule of the day.</p>
    </ArchivePage>
  );
}

export function Sculc2023PresentationPage() {
  return (
    <ArchivePage year={2023} title={routes.sculc2023Presentation.title}>
      <p>The talks and posters presented at SCULC 2023.</p>
    </ArchivePage>
  );
}

export function Sculc2023PhotoPage() {
  return (
    <ArchivePage year={2023} title={routes.sculc2023Photo.title}>
      <p>Photos from SCULC 2023.</p>
    </ArchivePage>
  );
}
