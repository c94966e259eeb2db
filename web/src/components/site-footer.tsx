import { FOOTER, SOCIETY_NAME } from '../config/site';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer-inner">
        <p>
          © {FOOTER.copyrightYear} {SOCIETY_NAME}
        </p>
        <p>{FOOTER.location}</p>
        <p>
          <a href={`mailto:${FOOTER.contactEmail}`}>{FOOTER.contactEmail}</a>
        </p>
      </div>
    </footer>
  );
}
