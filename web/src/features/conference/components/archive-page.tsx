import type { ReactNode } from 'react';

import { Page } from '../../../components/page';
import type { ArchiveYear } from '../../../config/routes';
import { ArchiveNav } from './archive-nav';

interface ArchivePageProps {
  year: ArchiveYear;
  title: string;
  children?: ReactNode;
}

/** A page of a past edition's archive: title, sub-navigation, content. */
export function ArchivePage({ year, title, children }: ArchivePageProps) {
  return (
    <Page title={title}>
      <ArchiveNav year={year} />
      {children}
    </Page>
  );
}
