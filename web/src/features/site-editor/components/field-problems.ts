import { createContext, useContext } from 'react';

/*
 * The problems the server found in a page (at save or at publication),
 * each tied to the field it is about by a key the form builds the same
 * way: the field's place in the document, `gallery.0.original_alt`. The
 * key is never shown; officers read the server's words next to the field.
 */

export interface FieldProblem {
  field: string;
  message: string;
}

/** The problems by field key. */
export type ProblemsByField = ReadonlyMap<string, readonly string[]>;

export function problemsByField(problems: readonly FieldProblem[]): ProblemsByField {
  const byField = new Map<string, string[]>();
  for (const { field, message } of problems) {
    byField.set(field, [...(byField.get(field) ?? []), message]);
  }
  return byField;
}

/** A refused publication's `fields` (field key to messages) as problems. */
export function problemsOfFields(fields: Readonly<Record<string, readonly string[]>>): FieldProblem[] {
  return Object.entries(fields).flatMap(([field, messages]) =>
    messages.map((message) => ({ field: field === 'page' ? '' : field, message })),
  );
}

export const ProblemsContext = createContext<ProblemsByField>(new Map());

/** The messages about the field at `path`. */
export function useProblems(path: string): readonly string[] {
  return useContext(ProblemsContext).get(path) ?? [];
}

/** The key of a field inside the entry or group at `path`. */
export function childPath(path: string, name: string | number): string {
  return path ? `${path}.${String(name)}` : String(name);
}

/** The id of the element that holds the field at `path`, for the summary's links. */
export function anchorId(path: string): string {
  return `field-${path.replace(/[^a-z0-9_]/gi, '-')}`;
}

/**
 * Brings the field at `path` into view and puts the focus in it: its own
 * element, else the nearest entry or group that holds it, with any folded
 * part around it opened. Whether a field was found.
 */
export function focusField(path: string, root: ParentNode = document): boolean {
  const parts = path.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const holder = root.querySelector(`#${anchorId(parts.slice(0, length).join('.'))}`);
    if (!(holder instanceof HTMLElement)) continue;
    for (let folded = holder.closest('details'); folded; folded = folded.parentElement?.closest('details') ?? null) {
      folded.open = true;
    }
    const control = holder.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, button');
    holder.scrollIntoView({ block: 'center' });
    (control ?? holder).focus();
    return true;
  }
  return false;
}
