import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ContentLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/**
 * A link written in the content: a path of this site goes through the
 * router (no page reload); anything else (another site, mailto:) is a
 * plain link.
 */
export function ContentLink({ href, children, className }: ContentLinkProps) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
