import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import { SelectField } from '../../../components/field';
import { useEditions } from '../api/get-editions';

/** The search parameter that holds the chosen edition's year, so a reload, Back or a shared link keeps it. */
export const EDITION_PARAM = 'edition';

/** The select's value for "All editions" (screens that offer it). */
const ALL_EDITIONS = '';

export interface ChosenEdition {
  /**
   * The edition the screen shows: the URL's `?edition=`, else the current
   * one (undefined until the editions have loaded); on a screen that offers
   * "All editions", undefined without the parameter means all of them.
   */
  year: number | undefined;
  /** Shows another edition (undefined: all editions), keeping the URL's other parameters. */
  setYear: (year: number | undefined) => void;
  /** The current edition: the newest announced one (one being prepared is not yet). */
  current: number | undefined;
  /** Every edition's year, newest first. */
  years: number[];
  /** Whether the screen offers "All editions" (and shows them without a parameter). */
  all: boolean;
  /** The editions query, for a screen's loading and error states. */
  editions: ReturnType<typeof useEditions>;
}

interface ChosenEditionOptions {
  /** The screen offers "All editions", its default (the activity log, where most entries belong to no edition). */
  all?: boolean;
  /** Parameters that mean nothing in another edition, dropped when it changes ('page': another edition starts at its first). */
  resets?: readonly string[];
}

function yearOf(param: string | null): number | undefined {
  if (param === null || !/^\d{4}$/.test(param)) return undefined;
  return Number(param);
}

/** The edition an admin screen shows, from `?edition=` or else the current edition. */
export function useChosenEdition({ all = false, resets = [] }: ChosenEditionOptions = {}): ChosenEdition {
  const [searchParams, setSearchParams] = useSearchParams();
  const editions = useEditions();
  const years = editions.data?.map((edition) => edition.year) ?? [];
  const current = editions.data?.find((edition) => edition.announced_at)?.year ?? years[0];
  const asked = yearOf(searchParams.get(EDITION_PARAM));
  return {
    year: asked ?? (all ? undefined : current),
    setYear: (year) => {
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const name of resets) next.delete(name);
        if (year === undefined) next.delete(EDITION_PARAM);
        else next.set(EDITION_PARAM, String(year));
        return next;
      });
    },
    current,
    years,
    all,
    editions,
  };
}

/** "SCULC 2025", the current one "SCULC 2026 (current)". */
export function editionLabel(year: number, current: number | undefined): string {
  return year === current ? `SCULC ${year} (current)` : `SCULC ${year}`;
}

/** What a screen's caption says it shows: "SCULC 2025" or "all editions". */
export function editionCaption(year: number | undefined): string {
  return year === undefined ? 'all editions' : `SCULC ${year}`;
}

interface EditionPickerProps {
  /** The screen's chosen edition (useChosenEdition); its `all` says whether "All editions" is offered. */
  edition: ChosenEdition;
  /** What the screen shows of the edition, read out with the picker ("The scores … are SCULC 2025's."). */
  hint?: ReactNode;
  className?: string;
}

/**
 * "Edition": which edition an admin screen shows, newest first, the current
 * one marked. A native select, so the keyboard and screen readers handle it
 * as they do every select; as wide as its longest choice, so it fits 320 px.
 */
export function EditionPicker({ edition, hint, className }: EditionPickerProps) {
  const { year, setYear, current, years, all } = edition;
  // A year the list does not hold (a shared link to an edition since deleted, or the list still loading) stays shown.
  const shown = year !== undefined && !years.includes(year) ? [year, ...years] : years;
  return (
    <SelectField
      label="Edition"
      hint={hint}
      className={className ? `editions-picker ${className}` : 'editions-picker'}
      value={year === undefined ? ALL_EDITIONS : String(year)}
      onChange={(event) => {
        const chosen = yearOf(event.target.value);
        setYear(chosen);
      }}
    >
      {all && <option value={ALL_EDITIONS}>All editions</option>}
      {shown.map((option) => (
        <option key={option} value={String(option)}>
          {editionLabel(option, current)}
        </option>
      ))}
    </SelectField>
  );
}
