import { SOCIETY_NAME } from '../config/site';
import { useSite } from '../lib/site-content';

/**
 * Copyright, location and contact e-mail, from the site content. Until the
 * content arrives the copyright line stands alone and the other lines keep
 * their space, so the page does not jump when they appear.
 */
export function SiteFooter() {
  const { data: site } = useSite();
  const footer = site?.footer;
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <p>
          © {footer?.copyright_year ?? new Date().getFullYear()} {site?.society_name ?? SOCIETY_NAME}
        </p>
        <p>{footer?.location}</p>
        <p>{footer && <a href={`mailto:${footer.email}`}>{footer.email}</a>}</p>
      </div>
    </footer>
  );
}
