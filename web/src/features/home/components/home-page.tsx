import { ContentLink } from '../../../components/content-link';
import { DeferredGallery } from '../../../components/deferred-gallery';
import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { routes } from '../../../config/routes';
import { useSite } from '../api/get-site';
import './home.css';

/**
 * The home page: hero, what the society is, a way to its events, the
 * conference, and photos. Every word and image comes from the site content.
 */
export function HomePage() {
  const site = useSite();
  if (site.isPending) return <PageLoading />;
  if (site.isError) {
    return (
      <Page title={routes.home.title}>
        <FormMessage tone="error">{site.error.message}</FormMessage>
      </Page>
    );
  }

  const { home, gallery } = site.data;
  return (
    <Page title={routes.home.title} className="home-page">
      <section className="home-hero" aria-label="Welcome">
        {/* The hero's title is often the society's name, already the page's h1. */}
        {home.hero_title !== routes.home.title && <h2>{home.hero_title}</h2>}
        <p className="lead">{home.hero_text}</p>
        <p className="button-row">
          <ContentLink href={home.events.href} className="button">
            {home.events.label}
          </ContentLink>
        </p>
      </section>
      <section aria-labelledby="home-about">
        <h2 id="home-about">About us</h2>
        {home.description.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </section>
      <section aria-labelledby="home-sculc" className="card">
        <h2 id="home-sculc">{home.sculc_blurb.title}</h2>
        <p>{home.sculc_blurb.text}</p>
        <p>
          <ContentLink href={home.sculc_blurb.href}>{home.sculc_blurb.link_label}</ContentLink>
        </p>
      </section>
      {gallery.length > 0 && (
        <DeferredGallery items={gallery} label="Photos of the society" bullets fullscreen belowFold />
      )}
    </Page>
  );
}
