/**
 * Content as /api/content serves it, for unit tests: shaped by the
 * contract (the server's types), with the spec's facts where it gives them
 * and obvious sample text elsewhere. The real content lives in content/.
 */
import type { Board, BoardMember, EditionPage, GalleryItem, Naclo, Site } from '../lib/content-types';

function photo(name: string, alt: string): GalleryItem {
  return {
    original: `/images/home/${name}-960.webp`,
    thumbnail: `/images/home/${name}-thumb.webp`,
    original_alt: alt,
    thumbnail_alt: `Thumbnail: ${alt}`,
    description: `Sample photo: ${name}`,
    sizes: '(max-width: 768px) 100vw, 960px',
    srcset: `/images/home/${name}-480.webp 480w, /images/home/${name}-960.webp 960w`,
  };
}

export const homeGallery: GalleryItem[] = [
  photo('meeting', 'Students around a table covered in language puzzles'),
  photo('talk', 'A student presenting a phonology poster'),
  photo('social', 'Members of the society at a picnic'),
  photo('workshop', 'A whiteboard with a syntax tree drawn on it'),
];

export const site: Site = {
  society_name: 'Undergraduate Linguistics Society',
  footer: { location: 'Sample Hall 101 (replace), Campus', email: 'society@example.edu', copyright_year: 2025 },
  home: {
    hero_title: 'Curious about language?',
    hero_text: 'We are the undergraduate linguistics society.',
    description: ['Sample content: replace with the society description.', 'Everyone is welcome.'],
    events: { label: 'See our events', href: '/sculc-2025' },
    sculc_blurb: {
      title: 'SCULC',
      text: 'Our yearly undergraduate linguistics conference.',
      link_label: 'Read about SCULC 2025',
      href: '/sculc-2025',
    },
  },
  gallery: homeGallery,
  nav_editions: [2025, 2024, 2023, 2022],
  current_edition: {
    year: 2025,
    title: 'SCULC 2025',
    path: '/sculc-2025',
    call_open: false,
  },
  // The weeks after the day, as the server says them (its clock decides).
  banner: { year: 2025, title: 'SCULC 2025', path: '/sculc-2025', state: 'concluded', at: null },
};

function member(role: string, name: string): BoardMember {
  return {
    role,
    name,
    pronouns: 'they/them',
    major_minor: 'Linguistics / Computer Science',
    class_year: '2025',
    favourite_area: 'Phonology',
    favourite_drink: 'Chai latte',
  };
}

export const board: Board = {
  terms: [
    {
      term: '2024-2025',
      members: [member('President', 'Sample Name A (replace)'), member('Treasurer', 'Sample Name B (replace)')],
    },
    { term: '2023-2024', members: [member('Vice President', 'Sample Name C (replace)')] },
    { term: '2022-2023', members: [member('Secretary', 'Sample Name D (replace)')] },
  ],
};

export const naclo: Naclo = {
  title: 'NACLO',
  intro: ['The North American Computational Linguistics Open competition.'],
  events: [
    {
      name: 'Open round',
      date: '2025-01-23',
      starts: '09:00',
      ends: '12:00',
      arrive_by: '08:30',
      location: 'Sample room (replace)',
      notes: [],
    },
    { name: 'Online training session', date: '2025-01-18', starts: '09:00', ends: '12:00', notes: [] },
  ],
  bring: ['A black pen', 'A pencil'],
  form: {
    title: 'NACLO attendance form',
    src: 'https://docs.google.com/forms/d/e/SAMPLE-REPLACE/viewform?embedded=true',
    kind: 'form',
    expandable: false,
  },
};

function slides(n: number) {
  return {
    type: 'embed' as const,
    title: `Presentation ${String(n)} slides`,
    src: `https://docs.google.com/presentation/d/SAMPLE-REPLACE-${String(n)}/embed`,
    kind: 'slides' as const,
    expandable: true,
  };
}

export const edition2025Page: EditionPage = {
  year: 2025,
  title: 'SCULC 2025',
  pages: [
    {
      slug: '',
      nav_label: 'Home',
      title: 'SCULC 2025',
      sections: [
        {
          id: 'event-details',
          heading: 'Event Details',
          menu_label: 'Event Details',
          blocks: [
            {
              type: 'facts',
              items: [
                { label: 'Date', value: 'Saturday 17 May 2025' },
                { label: 'Time', value: '09:00 AM to 05:30 PM' },
                { label: 'Lunch', value: '11:30 AM to 1:00 PM' },
              ],
            },
            { type: 'calendar', label: 'Add to calendar' },
            { type: 'link', label: 'Join virtually', href: 'https://meet.example.com/SAMPLE', style: 'button' },
            { type: 'submission_status' },
          ],
        },
        {
          id: 'about',
          heading: 'About',
          menu_label: 'About',
          blocks: [{ type: 'paragraph', text: 'Sample content: replace with the conference description.' }],
        },
        {
          id: 'keynote-speaker',
          heading: 'Keynote Speaker',
          menu_label: 'Keynote Speaker',
          blocks: [
            {
              type: 'person',
              name: 'Sample Speaker (replace)',
              role: 'Professor of Linguistics',
              bio: 'Sample bio.',
              link: { label: 'Read the keynote abstract', href: 'https://example.edu/keynote' },
            },
          ],
        },
        {
          id: 'program',
          heading: 'Program',
          menu_label: 'Program',
          blocks: [
            {
              type: 'embed',
              title: 'SCULC 2025 program',
              src: '/sculc-program.pdf',
              kind: 'pdf',
              expandable: false,
            },
            { type: 'schedule', items: [{ time: '09:00 AM', title: 'Welcome', detail: 'Main hall' }] },
          ],
        },
        {
          id: 'presentations',
          heading: 'Presentations',
          menu_label: 'Presentations',
          blocks: [slides(1), slides(2), slides(3), slides(4)],
        },
        {
          id: 'contact-info',
          heading: 'Contact Info',
          menu_label: 'Contact Info',
          blocks: [{ type: 'list', items: ['sculc@example.edu'] }],
        },
      ],
    },
  ],
};

export const edition2024Page: EditionPage = {
  year: 2024,
  title: 'SCULC 2024',
  pages: [
    {
      slug: '',
      nav_label: 'Home',
      title: 'SCULC 2024',
      sections: [
        {
          id: 'program',
          heading: 'Program',
          blocks: [
            {
              type: 'gallery',
              items: homeGallery,
              thumbnails: true,
              bullets: true,
              fullscreen: true,
              play_button: true,
              autoplay: false,
            },
          ],
        },
        {
          id: 'call-for-abstracts',
          heading: 'Call for Abstracts (closed)',
          blocks: [{ type: 'list', items: ['At most 500 words', 'PDF only', 'Anonymized', 'Deadline March 24 2024'] }],
        },
      ],
    },
  ],
};

function archive(year: number, pages: [slug: string, navLabel: string, title: string][]): EditionPage {
  return {
    year,
    title: `SCULC ${String(year)}`,
    pages: pages.map(([slug, navLabel, title]) => ({
      slug,
      nav_label: navLabel,
      title,
      sections: [
        {
          id: slug || 'home',
          heading: navLabel,
          blocks: [{ type: 'paragraph', text: `Sample content for ${title}.` }],
        },
      ],
    })),
  };
}

export const edition2023Page = archive(2023, [
  ['', 'Home', 'SCULC 2023'],
  ['program', 'Programs', 'SCULC 2023 Programs'],
  ['schedule', 'Schedule', 'SCULC 2023 Schedule'],
  ['presentation', 'Presentation', 'SCULC 2023 Presentations'],
  ['photo', 'Photos', 'SCULC 2023 Photos'],
]);

export const edition2022Page = archive(2022, [
  ['', 'Home', 'SCULC 2022'],
  ['program', 'Programs', 'SCULC 2022 Programs'],
  ['presentation', 'Presentation', 'SCULC 2022 Presentations'],
  ['photo', 'Photos', 'SCULC 2022 Photos'],
]);

export const editionPages: Record<number, EditionPage> = {
  2025: edition2025Page,
  2024: edition2024Page,
  2023: edition2023Page,
  2022: edition2022Page,
};

/** The item at `index`, for tests: fails loudly instead of yielding undefined. */
export function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item at ${String(index)}`);
  return item;
}
