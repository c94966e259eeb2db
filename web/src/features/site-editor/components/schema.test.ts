import { describe, expect, it } from 'vitest';

import { fileLabel, publicPathOf } from './editor-page';
import { emptyOf, fieldsOf, optionalOf, variantsOf, type Schemas } from './schema';

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
});
