/**
 * The public content the server serves under /api/content: site text,
 * board terms, the competition page and each conference edition's page.
 * Names for the generated schema's types (src/api/schema.d.ts), which
 * follow the server's content model (server/src/content/model.rs).
 */
import type { components } from '../api/schema';

type Schemas = components['schemas'];

export type Site = Schemas['Site'];
export type CurrentEdition = Schemas['CurrentEdition'];
export type Banner = Schemas['Banner'];
export type GalleryItem = Schemas['GalleryItem'];
export type LinkTarget = Schemas['LinkTarget'];
export type Image = Schemas['Image'];
export type Board = Schemas['Board'];
export type BoardTerm = Schemas['BoardTerm'];
export type BoardMember = Schemas['BoardMember'];
export type Naclo = Schemas['Naclo'];
export type NacloEvent = Schemas['NacloEvent'];
export type Embed = Schemas['Embed'];
export type EmbedKind = Schemas['EmbedKind'];
export type EditionPage = Schemas['EditionPage'];
export type SubPage = Schemas['SubPage'];
export type Section = Schemas['Section'];
export type Block = Schemas['Block'];
