import { useId, useState } from 'react';

import { Button } from '../../../components/button';
import { CheckboxField, FieldGroup, NumberField, SelectField, TextAreaField, TextField } from '../../../components/field';
import {
  emptyOf,
  fieldsOf,
  isLongText,
  labelOf,
  optionalOf,
  refName,
  resolve,
  typeOf,
  variantsOf,
  type Schema,
  type Schemas,
} from './schema';
import { PHOTO_FILE_FIELDS, PhotoUpload } from './photo-field';
import { anchorId, childPath, useProblems } from './field-problems';

/** What one of a list's entries is called ('Member 3'). */
const ONE_OF: Record<string, string> = {
  members: 'member',
  items: 'item',
  description: 'paragraph',
  intro: 'paragraph',
  events: 'event',
  pages: 'page',
  sections: 'section',
  blocks: 'block',
  gallery: 'photo',
  bring: 'thing to bring',
  notes: 'note',
  people: 'person',
};

function singular(name: string): string {
  return ONE_OF[name] ?? 'entry';
}

/** What every field of the form is given: where it is, its words, its value and how to change it. */
interface FieldProps {
  /** The field's place in the document ('gallery.0.original_alt'): its problems' key. */
  path: string;
  label: string;
  schemas: Schemas;
  value: unknown;
  onChange: (value: unknown) => void;
}

interface SchemaFieldProps extends FieldProps {
  /** The field's name in its object ('hero_title'); for a list's entry, the list's name. */
  name: string;
  schema: Schema;
  /** The document's address fields (a term's years, an edition's year) are shown, not edited. */
  readOnly?: boolean;
}

/**
 * One field of a content document, in a box the summary of problems can
 * lead to, as wide as the form.
 */
export function SchemaField(props: SchemaFieldProps) {
  return (
    <div id={anchorId(props.path)} className="site-editor-field">
      <FieldOf {...props} />
    </div>
  );
}

/** A field built from its type: text, number, choice, group, list or block; with its problems. */
function FieldOf({ name, path, label, schema, schemas, value, onChange, readOnly }: SchemaFieldProps) {
  const errors = useProblems(path);
  const resolved = resolve(schema, schemas);
  const optional = optionalOf(resolved);
  if (optional) {
    const lower = label.toLowerCase();
    if (value === null || value === undefined) {
      return (
        <div className="site-editor-optional">
          <Button variant="secondary" onClick={() => { onChange(emptyOf(optional, schemas)); }}>
            Add {lower}
          </Button>
        </div>
      );
    }
    return (
      <div className="site-editor-optional">
        <FieldOf name={name} path={path} label={label} schema={optional} schemas={schemas} value={value} onChange={onChange} />
        <Button variant="quiet" onClick={() => { onChange(null); }}>
          Remove {lower}
        </Button>
      </div>
    );
  }
  const variants = variantsOf(resolved, schemas);
  if (variants) return <BlockField {...{ path, label, variants, schemas, value, onChange }} />;
  const { type, nullable } = typeOf(resolved);
  const owner = refName(schema, schemas);
  switch (type) {
    case 'object':
      if (owner && PHOTO_FILE_FIELDS[owner]) {
        return <PhotoFields {...{ owner, path, label, schemas, value, onChange }} schema={resolved} />;
      }
      return (
        <FieldGroup legend={label} hint={hintOf(resolved)} errors={errors}>
          <ObjectFields path={path} schema={resolved} owner={owner} schemas={schemas} value={value} onChange={onChange} />
        </FieldGroup>
      );
    case 'array':
      return <ListField {...{ name, path, label, schemas, onChange, errors }} items={resolved.items ?? {}} value={value} />;
    case 'boolean':
      return (
        <CheckboxField
          label={label}
          hint={hintOf(resolved)}
          checked={value === true}
          onChange={(event) => { onChange(event.target.checked); }}
        />
      );
    case 'integer':
    case 'number':
      return (
        <NumberField
          label={label}
          hint={hintOf(resolved)}
          errors={errors}
          chars={6}
          value={typeof value === 'number' ? value : ''}
          readOnly={readOnly}
          onChange={(event) => {
            const text = event.target.value;
            onChange(text === '' ? (nullable ? null : 0) : Number(text));
          }}
        />
      );
    default:
      break;
  }
  const text = typeof value === 'string' ? value : '';
  const set = (next: string) => { onChange(next === '' && nullable ? null : next); };
  if (resolved.enum) {
    return (
      <SelectField label={label} hint={hintOf(resolved)} errors={errors} value={text} onChange={(event) => { set(event.target.value); }}>
        {nullable && <option value="">(none)</option>}
        {resolved.enum.map((choice) => (
          <option key={choice} value={choice}>
            {labelOf(choice)}
          </option>
        ))}
      </SelectField>
    );
  }
  if (isLongText(name) || text.length > 90) {
    return (
      <TextAreaField
        label={label}
        hint={hintOf(resolved)}
        errors={errors}
        value={text}
        rows={Math.min(12, Math.max(3, Math.ceil(text.length / 80)))}
        onChange={(event) => { set(event.target.value); }}
      />
    );
  }
  return (
    <TextField
      label={label}
      hint={hintOf(resolved)}
      errors={errors}
      value={text}
      readOnly={readOnly}
      onChange={(event) => { set(event.target.value); }}
    />
  );
}

interface PhotoFieldsProps extends FieldProps {
  owner: string;
  schema: Schema;
}

/**
 * A photo (a carousel's or a board member's): the picture with its upload,
 * then what an officer writes (alt text, caption), then the files the
 * upload fills in, folded away. A carousel photo's thumbnail has the
 * photo's alt text unless someone gives it its own.
 */
function PhotoFields({ owner, path, label, schema, schemas, value, onChange }: PhotoFieldsProps) {
  const object = (value ?? {}) as Record<string, unknown>;
  const files = PHOTO_FILE_FIELDS[owner] ?? [];
  const errors = useProblems(path);
  const change = (next: Record<string, unknown>) => {
    const followsAlt = !object.thumbnail_alt || object.thumbnail_alt === object.original_alt;
    if (owner === 'GalleryItem' && followsAlt && next.original_alt !== object.original_alt) {
      onChange({ ...next, thumbnail_alt: next.original_alt });
    } else onChange(next);
  };
  return (
    <FieldGroup legend={label} hint={hintOf(schema)} errors={errors}>
      <PhotoUpload owner={owner} label={label} value={object} onChange={change} />
      <ObjectFields path={path} schema={schema} owner={owner} schemas={schemas} value={object} onChange={change} omit={files} />
      <details className="site-editor-files">
        <summary>Image files (filled in by the upload)</summary>
        <ObjectFields path={path} schema={schema} owner={owner} schemas={schemas} value={object} onChange={change} only={files} />
      </details>
    </FieldGroup>
  );
}

interface ObjectFieldsProps {
  /** The object's place in the document ('' for the document itself). */
  path: string;
  schema: Schema;
  /** The content type the object is ('GalleryItem'), for its fields' words. */
  owner?: string;
  schemas: Schemas;
  value: unknown;
  onChange: (value: Record<string, unknown>) => void;
  /** Fields shown but not edited. */
  fixed?: readonly string[];
  /** Fields left out, or the only ones shown. */
  omit?: readonly string[];
  only?: readonly string[];
}

/** Every field of an object, in the order its type declares them. */
export function ObjectFields({ path, schema, owner, schemas, value, onChange, fixed = [], omit = [], only }: ObjectFieldsProps) {
  const object = (value ?? {}) as Record<string, unknown>;
  const shown = fieldsOf(schema).filter((field) => !omit.includes(field) && (!only || only.includes(field)));
  return (
    <>
      {shown.map((field) => (
        <SchemaField
          key={field}
          name={field}
          path={childPath(path, field)}
          label={labelOf(field, owner)}
          schema={schema.properties?.[field] ?? {}}
          schemas={schemas}
          value={object[field]}
          readOnly={fixed.includes(field)}
          onChange={(next) => {
            // An optional field left empty is absent, as in a content file.
            const rest = Object.entries(object).filter(([name]) => name !== field);
            onChange(Object.fromEntries(next === null ? rest : [...rest, [field, next]]));
          }}
        />
      ))}
    </>
  );
}

interface BlockFieldProps extends FieldProps {
  variants: { tag: string; schema: Schema }[];
}

/** A block of a page: its kind (paragraph, facts, link…), then that kind's fields. */
function BlockField({ path, label, variants, schemas, value, onChange }: BlockFieldProps) {
  const block = (value ?? {}) as Record<string, unknown>;
  const current = variants.find((variant) => variant.tag === block.type) ?? variants[0];
  return (
    <FieldGroup legend={label}>
      <SelectField
        label="Kind"
        value={current?.tag ?? ''}
        onChange={(event) => {
          const chosen = variants.find((variant) => variant.tag === event.target.value);
          if (chosen) onChange({ type: chosen.tag, ...(emptyOf(chosen.schema, schemas) as object) });
        }}
      >
        {variants.map((variant) => (
          <option key={variant.tag} value={variant.tag}>
            {labelOf(variant.tag)}
          </option>
        ))}
      </SelectField>
      {current && (
        <ObjectFields
          path={path}
          schema={current.schema}
          schemas={schemas}
          value={block}
          onChange={(next) => { onChange({ ...next, type: current.tag }); }}
        />
      )}
    </FieldGroup>
  );
}

interface ListFieldProps extends Omit<FieldProps, 'onChange'> {
  name: string;
  items: Schema;
  onChange: (value: unknown[]) => void;
  errors: readonly string[];
}

let entries = 0;
/** A key for a new entry of a list, never used before on the page. */
function newEntryKey(): string {
  entries += 1;
  return `entry-${String(entries)}`;
}

/**
 * The keys of a list's entries, which move with them: an entry's state (a
 * photo's "uploaded" message) stays with its entry when it moves. A list
 * replaced from outside (the page read again) gets keys by position.
 */
export function useEntryKeys(length: number) {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length }, newEntryKey));
  const shown = keys.length === length ? keys : Array.from({ length }, (_, at) => keys[at] ?? `at-${String(at)}`);
  return {
    keys: shown,
    moved: (from: number, to: number) => {
      const next = [...shown];
      const [key] = next.splice(from, 1);
      next.splice(to, 0, key ?? newEntryKey());
      setKeys(next);
    },
    removed: (at: number) => { setKeys(shown.filter((_, index) => index !== at)); },
    added: () => { setKeys([...shown, newEntryKey()]); },
  };
}

/**
 * A list (board members, photos, paragraphs, blocks): each entry with
 * buttons to move it up or down and to remove it, and one to add an
 * entry. Moving keeps the keyboard focus on the moved entry's button, so
 * an entry can be carried up or down the list with the keyboard alone.
 */
function ListField({ name, path, label, items, schemas, value, onChange, errors }: ListFieldProps) {
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const one = singular(name);
  const base = useId();
  const entryKeys = useEntryKeys(list.length);
  const buttonId = (index: number, action: string) => `${base}-${String(index)}-${action}`;
  const move = (from: number, to: number, action: string) => {
    const next = [...list];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved);
    entryKeys.moved(from, to);
    onChange(next);
    // After React has drawn the list in its new order.
    // The same button if the entry can move further that way, else the other one: a
    // disabled button (first can't move up) cannot hold the focus.
    requestAnimationFrame(() => {
      const other = action === 'up' ? 'down' : 'up';
      const same = document.getElementById(buttonId(to, action));
      const target = same instanceof HTMLButtonElement && !same.disabled ? same : document.getElementById(buttonId(to, other));
      target?.focus();
    });
  };
  const isRow = name === 'members';
  return (
    <FieldGroup legend={label} errors={errors}>
      {list.length === 0 && <p className="site-editor-empty">No {one}s yet.</p>}
      <ol className="site-editor-list">
        {list.map((entry, index) => {
          const title = `${one.charAt(0).toUpperCase()}${one.slice(1)} ${String(index + 1)}`;
          return (
            <li key={entryKeys.keys[index]} className={isRow ? 'site-editor-entry is-row' : 'site-editor-entry'}>
              {isRow && <EntryThumbnail entry={entry} />}
              <SchemaField
                name={name}
                path={childPath(path, index)}
                label={title}
                schema={items}
                schemas={schemas}
                value={entry}
                onChange={(next) => { onChange(list.map((old, at) => (at === index ? next : old))); }}
              />
              <div className="site-editor-entry-actions">
                <Button
                  variant="quiet"
                  id={buttonId(index, 'up')}
                  disabled={index === 0}
                  onClick={() => { move(index, index - 1, 'up'); }}
                >
                  Move up<span className="visually-hidden"> {title.toLowerCase()}</span>
                </Button>
                <Button
                  variant="quiet"
                  id={buttonId(index, 'down')}
                  disabled={index === list.length - 1}
                  onClick={() => { move(index, index + 1, 'down'); }}
                >
                  Move down<span className="visually-hidden"> {title.toLowerCase()}</span>
                </Button>
                <Button
                  variant="quiet"
                  id={buttonId(index, 'remove')}
                  onClick={() => {
                    entryKeys.removed(index);
                    onChange(list.filter((_, at) => at !== index));
                  }}
                >
                  Remove<span className="visually-hidden"> {title.toLowerCase()}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        onClick={() => {
          entryKeys.added();
          onChange([...list, emptyOf(items, schemas)]);
        }}
      >
        Add {one}
      </Button>
    </FieldGroup>
  );
}

/** A board member's photo beside their row, small; a blank square before there is one. */
function EntryThumbnail({ entry }: { entry: unknown }) {
  const photo = (entry as { photo?: { src?: unknown } } | null)?.photo;
  const src = typeof photo?.src === 'string' ? photo.src : '';
  return src ? (
    <img className="site-editor-thumbnail" src={src} alt="" />
  ) : (
    <span className="site-editor-thumbnail is-empty" aria-hidden="true" />
  );
}

/** A field's help text: the content type's own description, in words an officer reads. */
function hintOf(schema: Schema): string | undefined {
  return schema.description;
}
