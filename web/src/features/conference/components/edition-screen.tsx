import type { ReactNode } from 'react';

import { FormMessage } from '../../../components/form-message';
import { Page } from '../../../components/page';
import { PageLoading } from '../../../components/page-loading';
import { ApiError } from '../../../lib/api-client';
import type { EditionPage, SubPage } from '../../../lib/content-types';
import { useEdition } from '../api/get-edition';
import { editionEventSlug, useEventOnPage, type EventOnPage } from '../api/get-event-on-page';
import { BlockView } from './content-blocks';
import { EditionNav } from './edition-nav';
import { EditionRegistration } from './edition-registration';
import { ProgramSection } from './published-program';
import { SectionMenu } from './section-menu';
import { useSectionTarget } from './use-section-target';
import './conference.css';

interface EditionScreenProps {
  year: number;
  /** '' for the edition's first page. */
  slug: string;
  /** Shown for a year or page the content does not have. */
  notFound: ReactNode;
}

/**
 * A page of a conference edition (/sculc-2025, /sculc-2023-program…),
 * rendered from the edition's content data: its title, the edition's
 * sub-navigation when it has several pages, a side menu of the sections
 * that ask for one, and the sections' blocks.
 */
export function EditionScreen({ year, slug, notFound }: EditionScreenProps) {
  const edition = useEdition(year);
  // Asked at once, beside the content, not after it.
  const event = useEventOnPage(editionEventSlug(year));
  const page = edition.data?.pages.find((candidate) => candidate.slug === slug);
  useSectionTarget(page !== undefined);

  if (edition.isPending) return <PageLoading />;
  if (edition.isError) {
    if (edition.error instanceof ApiError && edition.error.status === 404) return notFound;
    return (
      <Page title={`SCULC ${String(year)}`}>
        <FormMessage tone="error">{edition.error.message}</FormMessage>
      </Page>
    );
  }
  if (!page) return notFound;
  let registration: SiteRegistration = 'pending';
  if (!event.isPending) {
    // No event (or an error asking): the content's own links, as before.
    registration = event.data && !event.data.keep_external_links ? { event: event.data, at: firstRegistrationLink(page) } : 'external';
  }
  return <EditionView edition={edition.data} page={page} registration={registration} />;
}

/**
 * What the content's registration links show: not known yet ('pending':
 * nothing, rather than a link about to go), the content's links
 * ('external'), or the site's registration, once, at the first of them.
 */
type SiteRegistration = 'pending' | 'external' | { event: EventOnPage; at: string | undefined };

/** Where the page's first registration link is: "section-id/index". */
function firstRegistrationLink(page: SubPage): string | undefined {
  for (const section of page.sections) {
    const index = section.blocks.findIndex((block) => block.type === 'link' && block.registration);
    if (index >= 0) return `${section.id}/${String(index)}`;
  }
  return undefined;
}

interface EditionViewProps {
  edition: EditionPage;
  page: SubPage;
  registration: SiteRegistration;
}

function EditionView({ edition, page, registration }: EditionViewProps) {
  const hasMenu = page.sections.some((section) => section.menu_label);
  return (
    <Page title={page.title} className="edition-page">
      {edition.pages.length > 1 && <EditionNav edition={edition} />}
      <div className={hasMenu ? 'conference-edition-layout conference-has-menu' : 'conference-edition-layout'}>
        <SectionMenu sections={page.sections} />
        <div className="conference-edition-sections">
          {page.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              {/* tabIndex -1: the side menu moves focus here. */}
              <h2 id={`${section.id}-heading`} className="section-heading" tabIndex={-1}>
                {section.heading}
              </h2>
              {section.id === 'program' ? (
                <ProgramSection
                  year={edition.year}
                  fallback={<Blocks section={section} year={edition.year} registration={registration} />}
                />
              ) : (
                <Blocks section={section} year={edition.year} registration={registration} />
              )}
            </section>
          ))}
        </div>
      </div>
    </Page>
  );
}

interface BlocksProps {
  section: SubPage['sections'][number];
  year: number;
  registration: SiteRegistration;
}

function Blocks({ section, year, registration }: BlocksProps) {
  return section.blocks.map((block, index) => {
    if (block.type === 'link' && block.registration && registration !== 'external') {
      const here = typeof registration === 'object' && registration.at === `${section.id}/${String(index)}`;
      return here ? <EditionRegistration key={index} event={registration.event} /> : null;
    }
    return (
      <BlockView
        // Blocks have no identity of their own; their order is the content's.
        key={index}
        block={block}
        year={year}
        label={section.heading}
      />
    );
  });
}
