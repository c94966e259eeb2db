import { useEffect, type ReactNode, type Ref } from 'react';

import { documentTitle } from '../config/routes';

interface PageProps {
  /** The page's <h1>; also sets document.title. */
  title: string;
  children?: ReactNode;
  className?: string;
  /**
   * The <h1>, for pages that move focus to it when their content changes
   * in place (e.g. a form replaced by its result), so a screen reader
   * announces the new state instead of staying on a vanished button.
   */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** Sets the document title and renders the page's single <h1>. */
export function Page({ title, children, className, titleRef }: PageProps) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <div className={className ? `page ${className}` : 'page'}>
      {/* tabIndex -1: focusable from script (titleRef), not a tab stop. */}
      <h1 className="page-title" ref={titleRef} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </div>
  );
}
