/**
 * The public content the server serves under /api/content (issue 6's
 * contract): site text, board terms, the competition page and each
 * conference edition's page. Written from the contract until the server's
 * OpenAPI types exist; then these become aliases of schema.d.ts.
 */

export interface GalleryItem {
  original: string;
  thumbnail: string;
  description?: string | null;
  original_alt: string;
  thumbnail_alt: string;
  sizes?: string | null;
  srcset?: string | null;
  /** The largest version's size in pixels, so the page can reserve room. */
  width?: number | null;
  height?: number | null;
}

export interface LinkTarget {
  label: string;
  href: string;
}

export interface Site {
  society_name: string;
  footer: { location: string; email: string; copyright_year: number };
  home: {
    hero_title: string;
    hero_text: string;
    description: string[];
    events: LinkTarget;
    sculc_blurb: { title: string; text: string; link_label: string; href: string };
  };
  gallery: GalleryItem[];
  /** Years for the nav's SCULC dropdown, newest first. */
  nav_editions: number[];
}

export interface Image {
  src: string;
  alt: string;
  srcset?: string | null;
  sizes?: string | null;
}

export interface BoardMember {
  role: string;
  name: string;
  pronouns: string;
  major_minor: string;
  class_year: string;
  favourite_area: string;
  favourite_drink: string;
  photo?: Image | null;
}

export interface BoardTerm {
  term: string;
  /** A note shown with the term (e.g. that its entries are samples). */
  note?: string | null;
  members: BoardMember[];
}

/** Newest term first; the first is the current board. */
export interface Board {
  terms: BoardTerm[];
}

export type EmbedKind = 'pdf' | 'slides' | 'form' | 'video';

export interface Embed {
  title: string;
  src: string;
  kind: EmbedKind;
  expandable: boolean;
  height?: number | null;
}

export interface NacloEvent {
  name: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  starts: string;
  ends: string;
  arrive_by?: string | null;
  location?: string | null;
  notes: string[];
}

export interface Naclo {
  title: string;
  intro: string[];
  events: NacloEvent[];
  bring: string[];
  form: Embed;
}

export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'facts'; items: { label: string; value: string }[] }
  | { type: 'list'; items: string[] }
  | { type: 'link'; label: string; href: string; style?: 'button' | null }
  | ({ type: 'embed' } & Embed)
  | {
      type: 'gallery';
      items: GalleryItem[];
      thumbnails: boolean;
      bullets: boolean;
      fullscreen: boolean;
      play_button: boolean;
      autoplay: boolean;
    }
  | { type: 'person'; name: string; role: string; bio: string; link?: LinkTarget | null }
  | { type: 'schedule'; heading?: string | null; items: { time: string; title: string; detail?: string | null }[] }
  | { type: 'calendar'; label: string }
  | { type: 'submission_status' };

export interface Section {
  /** The anchor, e.g. "event-details". */
  id: string;
  heading: string;
  /** Label in the page's side menu; sections without one are not listed. */
  menu_label?: string | null;
  blocks: Block[];
}

export interface SubPage {
  /** "" for an edition's first page, else the URL suffix: /sculc-2023-{slug}. */
  slug: string;
  nav_label: string;
  title: string;
  sections: Section[];
}

export interface EditionPage {
  year: number;
  title: string;
  pages: SubPage[];
}
