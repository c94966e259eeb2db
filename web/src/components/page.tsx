import { useEffect, type ReactNode } from 'react';

import { documentTitle } from '../config/routes';

interface PageProps {
  /** The page's <h1>; also sets document.title. */
  title: string;
  children?: ReactNode;
  className?: string;
}

/** Sets the document title and renders the page's single <h1>. */
export function Page({ title, children, className }: PageProps) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <div className={className ? `page ${className}` : 'page'}>
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}
