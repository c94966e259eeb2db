/**
 * The admin API's shapes, as issue 5's contract names them.
 *
 * Written by hand until the server's OpenAPI document has them; then these
 * become aliases of `components['schemas'][...]` from src/api/schema.d.ts.
 */
import type { Edition } from '../../../api/types';

export type SubmissionStatus = 'submitted' | 'accepted' | 'rejected' | 'withdrawn';
export type Decision = 'accepted' | 'rejected' | 'submitted';

export interface AdminSubmission {
  id: string;
  edition_year: number;
  original_name: string;
  /** RFC 3339, UTC. */
  uploaded_at: string;
  size_bytes: number;
  word_count: number | null;
  warnings: string[];
  status: SubmissionStatus;
  file_url: string;
}

export interface AdminUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  applicant: boolean;
  presenter: boolean;
  admin: boolean;
  /** The earliest upload in the current edition, or null. */
  first_submission: AdminSubmission | null;
  /** Submissions in the current edition. */
  submission_count: number;
}

export interface AdminUserPage {
  users: AdminUser[];
  total: number;
  page: number;
  per_page: number;
}

export type TemplateKind = 'acceptance' | 'rejection';

export interface MailTemplate {
  kind: TemplateKind;
  subject: string;
  body: string;
  placeholders: string[];
}

export type AdminEdition = Edition;

export interface EditionSettings {
  call_opens_at: string | null;
  call_closes_at: string | null;
  word_limit: number;
  max_file_bytes: number;
  confirm_attendance_by: string | null;
  final_materials_by: string | null;
  confirmation_form_url: string | null;
  contact_email: string;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor_email: string | null;
  actor_name: string;
  action: string;
  summary: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  per_page: number;
}
