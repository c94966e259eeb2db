import { describe, expect, it } from 'vitest';

import { fileLabel, publicPathOf } from './editor-page';
import { withPhoto } from './photo-field';
import { emptyOf, fieldsOf, labelOf, optionalOf, refName, variantsOf, type Schemas } from './schema';

// As utoipa writes the content types into the OpenAPI document.
const schemas: Schemas = {
  BoardMember: {
    type: 'object',
    required: ['role', 'name'],
    properties: {
      name: { type: 'string' },
      photo: { oneOf: [{ type: 'null' }, { $ref: '#/components/schemas/Image' }] },
      role: { type: 'string' },
    },
  },
  Image: { type: 'object', required: ['src', 'alt'], properties: { alt: { type: 'string' }, src: { type: 'string' } } },
  Block: {
    oneOf: [
      { type: 'object', required: ['text', 'type'], properties: { text: { type: 'string' }, type: { type: 'string', enum: ['paragraph'] } } },
      {
        type: 'object',
        required: ['items', 'type'],
        properties: { items: { type: 'array', items: { type: 'string' } }, type: { type: 'string', enum: ['list'] } },
      },
    ],
  },
};

describe('forms built from the content types', () => {
  it('lists an object’s fields in the order the type declares them, required first', () => {
    expect(fieldsOf(schemas.BoardMember ?? {})).toEqual(['role', 'name', 'photo']);
  });

  it('starts a new entry with every required field empty and optional ones absent', () => {
    expect(emptyOf({ $ref: '#/components/schemas/BoardMember' }, schemas)).toEqual({ role: '', name: '' });
    expect(optionalOf(schemas.BoardMember?.properties?.photo ?? {})).toEqual({ $ref: '#/components/schemas/Image' });
  });

  it('reads a block’s kinds from its tag and starts the first', () => {
    const variants = variantsOf(schemas.Block ?? {}, schemas);
    expect(variants?.map((variant) => variant.tag)).toEqual(['paragraph', 'list']);
    expect(emptyOf(schemas.Block ?? {}, schemas)).toEqual({ type: 'paragraph', text: '' });
  });

  it('names the server’s files as officers know the pages', () => {
    expect(fileLabel('board/2025-2026.toml')).toBe('Board 2025–2026');
    expect(fileLabel('editions/2026.toml')).toBe('SCULC 2026 pages');
    expect(fileLabel('site.toml')).toBe('Home page, footer and carousel');
    expect(publicPathOf('edition:2026')).toBe('/sculc-2026');
    expect(publicPathOf('board:2025-2026')).toBe('/board');
  });

  it('words a field by the content type it belongs to', () => {
    expect(labelOf('description', 'GalleryItem')).toBe('Caption');
    expect(labelOf('description', 'Home')).toBe('Description');
    expect(labelOf('description')).toBe('Description');
    expect(refName(schemas.BoardMember?.properties?.photo?.oneOf?.[1] ?? {}, schemas)).toBe('Image');
  });

  it('fills a photo’s files from an upload and keeps what the officer wrote', () => {
    const photo = {
      original: '/media/a.webp',
      thumbnail: '/media/t.webp',
      srcset: '/media/s.webp 480w, /media/a.webp 960w',
      sizes: '100vw',
      width: 1600,
      height: 1200,
    };
    expect(withPhoto('Image', { alt: 'Ana', src: '' }, photo)).toEqual({
      alt: 'Ana',
      src: '/media/a.webp',
      srcset: photo.srcset,
      sizes: '8rem',
    });
    expect(withPhoto('GalleryItem', { original_alt: 'A talk', description: 'Day one' }, photo)).toEqual({
      ...photo,
      original_alt: 'A talk',
      description: 'Day one',
    });
  });
});
