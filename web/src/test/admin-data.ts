/** Users, submissions and a fake admin API for the admin pages' tests. */
import { configure } from '@testing-library/react';
import { vi } from 'vitest';

import type { components } from '../api/schema';
import type { FakeRequest, Handler } from './render-app';

type AdminSubmission = components['schemas']['AdminSubmission'];
type AdminUser = components['schemas']['AdminUser'];
type AdminUserPage = components['schemas']['AdminUserPage'];

export function adminSubmission(id: string, fields: Partial<AdminSubmission> = {}): AdminSubmission {
  return {
    id,
    edition_year: 2025,
    // Titled like their files unless a test says otherwise.
    title: fields.original_name ?? 'abstract.pdf',
    code: 'S25-001',
    original_name: 'abstract.pdf',
    uploaded_at: '2025-03-01T18:15:00Z',
    size_bytes: 250_880,
    word_count: 412,
    warnings: [],
    status: 'submitted',
    file_url: `/api/submissions/${id}/file`,
    needs: null,
    ...fields,
  };
}

export const phonology = adminSubmission('0193a1b2-0000-7000-8000-000000000001', {
  original_name: 'Phonology.pdf',
});
export const syntax = adminSubmission('0193a1b2-0000-7000-8000-000000000002', {
  original_name: 'syntax.pdf',
  uploaded_at: '2025-03-02T20:40:00Z',
  word_count: 540,
  warnings: ['The abstract has 540 words; the limit is 500.'],
});
export const lastYears = adminSubmission('0193a1b2-0000-7000-8000-000000000003', {
  original_name: 'morphology-2024.pdf',
  edition_year: 2024,
  uploaded_at: '2024-03-10T17:00:00Z',
  status: 'accepted',
});

export const grace: AdminUser = {
  id: '0193a1b2-0000-7000-8000-0000000000a1',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'grace@example.edu',
  applicant: true,
  presenter: false,
  roles: [],
  first_submission: phonology,
  submission_count: 2,
  attendance: 'none',
  formats: [],
  modes: [],
  materials: false,
};

export const noam: AdminUser = {
  id: '0193a1b2-0000-7000-8000-0000000000a2',
  first_name: 'Noam',
  last_name: 'Chomsky',
  email: 'noam@example.edu',
  applicant: false,
  presenter: false,
  roles: ['admin'],
  first_submission: null,
  submission_count: 0,
  attendance: 'none',
  formats: [],
  modes: [],
  materials: false,
};

export function userPage(users: AdminUser[], fields: Partial<AdminUserPage> = {}): AdminUserPage {
  return { edition_year: 2025, users, total: users.length, page: 1, per_page: 50, ...fields };
}

/** GET /api/admin/users answering `users` (one page), and GET /api/admin/editions with 2025 current. */
export function usersApi(users: AdminUser[] | ((request: FakeRequest) => AdminUserPage)): Record<string, Handler> {
  return {
    'GET /api/admin/users': (request) =>
      Response.json(typeof users === 'function' ? users(request) : userPage(users)),
    'GET /api/admin/editions': () => Response.json([edition(2025), edition(2024)]),
  };
}

export function edition(year: number) {
  return {
    year,
    call_opens_at: `${year}-01-15T08:00:00Z`,
    call_closes_at: `${year}-03-22T06:59:00Z`,
    call_open: false,
    word_limit: 500,
    max_file_bytes: 10 * 1024 * 1024,
    max_submissions_per_author: 5,
    confirm_attendance_by: `${year}-04-16T06:59:00Z`,
    final_materials_by: `${year}-05-11T06:59:00Z`,
    confirmation_form_url: `https://forms.example.com/sculc-${year}-attendance`,
    contact_email: 'sculc@example.edu',
    max_materials_bytes: 25 * 1024 * 1024,
    attendance_in_app: true,
    materials_quota_bytes: 2 * 1024 * 1024 * 1024,
    materials_used_bytes: 300 * 1024 * 1024,
    keywords: ['Phonology', 'Syntax'],
    conference_on: null,
    decisions_at: null,
    review_deadline: null,
    announced_at: `${String(year - 1)}-09-01T00:00:00Z`,
  };
}

/**
 * The admin pages are one lazily loaded chunk; on a machine busy with other
 * builds its first load can take longer than Testing Library's default 1 s,
 * and a test that types into several fields longer than Vitest's 5 s.
 */
export function allowSlowPageLoads() {
  configure({ asyncUtilTimeout: 5000 });
  vi.setConfig({ testTimeout: 20_000 });
}
