import type { AdminUser, AttendanceMode, AttendanceSummary, PresentationFormat } from '../api/types';

/** A person's answers, as the admin table says them ('none': no accepted submission, shown empty). */
export const ATTENDANCE_LABELS: Record<Exclude<AttendanceSummary, 'none'>, string> = {
  not_confirmed: 'Not confirmed',
  confirmed: 'Confirmed',
  declined: 'Declined',
  mixed: 'Mixed',
};

/** The spec's format options. */
export const FORMAT_LABELS: Record<PresentationFormat, string> = {
  talk: '15-minute talk plus 5 minutes of questions',
  poster: 'Poster',
  both: 'Both a talk and a poster',
};

export const MODE_LABELS: Record<AttendanceMode, string> = {
  in_person: 'In person',
  virtual: 'Virtually (video call)',
};

/**
 * Whether the person's final materials are in: "Yes", "Missing", or nothing
 * when they have confirmed nothing (there is nothing to upload yet).
 */
export function materialsLabel(user: AdminUser): string | null {
  if (user.formats.length === 0) return null;
  return user.materials ? 'Yes' : 'Missing';
}
