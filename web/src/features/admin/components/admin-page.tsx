import type { ReactNode } from 'react';

import { Page } from '../../../components/page';
import { AdminNav } from './admin-nav';
import './admin.css';

interface AdminPageProps {
  title: string;
  children: ReactNode;
}

/** An admin page: its title, the admin tabs, then its content. */
export function AdminPage({ title, children }: AdminPageProps) {
  return (
    <Page title={title} className="admin-page">
      <AdminNav />
      {children}
    </Page>
  );
}
