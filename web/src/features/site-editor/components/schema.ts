/*
 * The content types, as the server's OpenAPI document describes them
 * (GET /api/openapi.json): the editor's forms are built from them, so a
 * field added to a content type in Rust appears in the form with no
 * change here, and the form can only build documents of the right shape.
 */

export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  description?: string;
  format?: string;
  minimum?: number;
}

export type Schemas = Record<string, Schema>;

/** The content type a schema names through its $ref ('GalleryItem'), if it names one. */
export function refName(schema: Schema, schemas: Schemas): string | undefined {
  let name: string | undefined;
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    name = current.$ref.replace('#/components/schemas/', '');
    current = schemas[name] ?? {};
  }
  return name;
}

/** `schema` with its $ref followed. */
export function resolve(schema: Schema, schemas: Schemas): Schema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    current = schemas[current.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return current;
}

/** The type of a schema, without `null`; and whether it may be null. */
export function typeOf(schema: Schema): { type: string | undefined; nullable: boolean } {
  if (Array.isArray(schema.type)) {
    return { type: schema.type.find((t) => t !== 'null'), nullable: schema.type.includes('null') };
  }
  return { type: schema.type, nullable: false };
}

/** An optional value written `oneOf: [{type: null}, X]`: X, else undefined. */
export function optionalOf(schema: Schema): Schema | undefined {
  if (schema.oneOf?.length !== 2) return undefined;
  const [a, b] = schema.oneOf;
  if (a?.type === 'null' && b) return b;
  if (b?.type === 'null' && a) return a;
  return undefined;
}

/** A tagged union (a block: paragraph, facts, link…): each variant's tag and schema. */
export function variantsOf(schema: Schema, schemas: Schemas): { tag: string; schema: Schema }[] | undefined {
  if (!schema.oneOf || optionalOf(schema)) return undefined;
  const variants = schema.oneOf.map((variant) => {
    const resolved = resolve(variant, schemas);
    return { tag: resolved.properties?.type?.enum?.[0] ?? '', schema: resolved };
  });
  return variants.every((v) => v.tag) ? variants : undefined;
}

/** The fields of an object in the order the content type declares them (required first). */
export function fieldsOf(schema: Schema): string[] {
  const declared = schema.required ?? [];
  const rest = Object.keys(schema.properties ?? {}).filter((name) => !declared.includes(name));
  return [...declared, ...rest].filter((name) => name !== 'type');
}

/** A new, empty value of a schema: what "Add" puts in a list. */
export function emptyOf(schema: Schema, schemas: Schemas): unknown {
  const resolved = resolve(schema, schemas);
  if (optionalOf(resolved)) return null;
  const variants = variantsOf(resolved, schemas);
  if (variants?.[0]) return { type: variants[0].tag, ...(emptyOf(variants[0].schema, schemas) as object) };
  const { type, nullable } = typeOf(resolved);
  if (nullable) return null;
  switch (type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of resolved.required ?? []) {
        if (name === 'type') continue;
        value[name] = emptyOf(resolved.properties?.[name] ?? {}, schemas);
      }
      return value;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    default:
      return resolved.enum?.[0] ?? '';
  }
}

/** Words an officer reads for a field's name. */
const LABELS: Record<string, string> = {
  society_name: 'Society name',
  hero_title: 'Headline',
  hero_text: 'Text under the headline',
  sculc_blurb: 'SCULC announcement',
  link_label: 'Link text',
  href: 'Link address',
  src: 'Address',
  original: 'Image',
  alt: 'Alt text (describe the picture for people who cannot see it)',
  thumbnail: 'Thumbnail image',
  original_alt: 'Alt text (describe the picture for people who cannot see it)',
  thumbnail_alt: 'Alt text of the thumbnail',
  srcset: 'The image in each width (filled in by the upload)',
  sizes: 'How wide the page shows it (filled in by the upload)',
  major_minor: 'Major / minor',
  class_year: 'Class year',
  favourite_area: 'Favourite area of linguistics',
  favourite_drink: 'Favourite drink',
  copyright_year: 'Year after ©',
  nav_label: 'Menu label',
  menu_label: 'Menu label',
  countdown_to: 'Count down to',
  arrive_by: 'Arrive by (like 09:30)',
  starts: 'Starts (like 09:30)',
  ends: 'Ends (like 16:00)',
  date: 'Date (like 2026-05-16)',
  id: 'Anchor (lowercase letters, digits and hyphens)',
  slug: 'Address part (lowercase letters; empty for the first page)',
  registration: "The page's registration link (replaced by Register while registration is on this site)",
  event_slug: 'Registration on this site: its event address (e.g. naclo-open-round-2026)',
};

/** A field's words where its content type gives it another meaning. */
const OWN_LABELS: Record<string, string> = {
  'GalleryItem.description': 'Caption',
};

/** What an officer reads for field `name` of content type `owner` (when known). */
export function labelOf(name: string, owner?: string): string {
  const own = owner ? OWN_LABELS[`${owner}.${name}`] : undefined;
  if (own) return own;
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Longer texts get a text area. */
export function isLongText(name: string): boolean {
  return ['text', 'hero_text', 'note', 'detail', 'intro', 'bio'].includes(name);
}
