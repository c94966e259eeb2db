import type { AdminUser, AttendanceMode, AttendanceSummary, PresentationFormat } from '../api/types';

/** A person's answers, as the admin table says them ('none': no accepted submission, shown empty). */
export const ATTENDANCE_LABELS: Record<Exclude<AttendanceSummary, 'none'>, string> = {
  not_confirmed: 'Not confirmed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  mixed: 'Mixed',
};

/**
 * The formats and modes, short: the presenter's form words them as the
 * spec does ("15-minute talk plus 5 minutes of questions"); the admins'
 * table and program builder need them to fit a cell.
 */
export const FORMAT_LABELS: Record<PresentationFormat, string> = {
  talk: 'Talk',
  poster: 'Poster',
  both: 'Talk and poster',
};

export const MODE_LABELS: Record<AttendanceMode, string> = {
  in_person: 'In person',
  virtual: 'Virtual',
};

/** A format as the program builder's items carry it (any text, or null once declined). */
export function formatLabel(format: string | null | undefined): string {
  return Object.hasOwn(FORMAT_LABELS, format ?? '') ? FORMAT_LABELS[format as PresentationFormat] : (format ?? '');
}

/**
 * Whether the person's final materials are in: "Yes", "Missing", or nothing
 * when they have confirmed nothing (there is nothing to upload yet).
 */
export function materialsLabel(user: AdminUser): string | null {
  if (user.formats.length === 0) return null;
  return user.materials ? 'Yes' : 'Missing';
}
