import type { Edition, EventView, Submission } from '../api/types';

/** SCULC 2025 as the server seeds it: deadlines at 11:59 PM Pacific (PDT by then). */
export const edition2025: Edition = {
  year: 2025,
  call_opens_at: '2025-01-15T08:00:00Z',
  call_closes_at: '2025-03-22T06:59:00Z',
  call_open: true,
  word_limit: 500,
  max_file_bytes: 10 * 1024 * 1024,
  max_submissions_per_author: 5,
  confirm_attendance_by: '2025-04-16T06:59:00Z',
  final_materials_by: '2025-05-11T06:59:00Z',
  confirmation_form_url: 'https://forms.example.com/sculc-2025-attendance',
  contact_email: 'sculc@example.edu',
  max_materials_bytes: 25 * 1024 * 1024,
  attendance_in_app: false,
  materials_quota_bytes: 2 * 1024 * 1024 * 1024,
  materials_used_bytes: 0,
  keywords: ['Phonetics', 'Phonology', 'Morphology', 'Syntax', 'Semantics'],
};

export const closedEdition: Edition = { ...edition2025, call_open: false };

function submission(id: string, fields: Partial<Submission>): Submission {
  return {
    id,
    // Titled like their files unless a test says otherwise.
    title: fields.original_name ?? 'abstract.pdf',
    code: 'S25-001',
    coauthors: [],
    keywords: [],
    preferred_format: 'either',
    editable: true,
    original_name: 'abstract.pdf',
    size_bytes: 250_880,
    uploaded_at: '2025-03-01T18:15:00Z',
    status: 'submitted',
    word_count: 412,
    word_limit: 500,
    warnings: [],
    file_url: `/api/submissions/${id}/file`,
    attendance: null,
    materials: [],
    attendance_open: false,
    materials_open: false,
    ...fields,
  };
}

/** Within the guidelines. */
export const phonologyAbstract = submission('6c1f3e2a-4b5d-4e6f-8a7b-9c0d1e2f3a4b', {
  original_name: 'phonology-abstract.pdf',
});

/** Over the word limit and not anonymized. */
export const syntaxAbstract = submission('7d2e4f3b-5c6e-4f70-9b8c-0d1e2f3a4b5c', {
  original_name: 'syntax.pdf',
  uploaded_at: '2025-03-02T20:40:00Z',
  word_count: 540,
  warnings: ['The abstract has 540 words; the limit is 500.', 'Your last name appears in the text.'],
});

/** A scan: no text to count. */
export const scannedAbstract = submission('8e3f5a4c-6d7f-4081-ac9d-1e2f3a4b5c6d', {
  original_name: 'scan.pdf',
  word_count: null,
  warnings: ['The word count could not be made: the PDF has no text.'],
});

/** A small file that starts like a PDF. */
export function pdfFile(name = 'abstract.pdf', size = 2048): File {
  const header = '%PDF-1.7\n';
  return new File([header, 'x'.repeat(Math.max(0, size - header.length))], name, { type: 'application/pdf' });
}

/** SCULC 2026's address, name, start, registration window and place, as every view of the event has them. */
export const sculc2026Facts = {
  slug: 'sculc-2026',
  title: 'SCULC 2026',
  starts_at: '2026-05-16T16:00:00Z',
  opens_at: null,
  closes_at: null,
  place: 'Campus Learning Pavilion',
} as const;

/** SCULC 2026's registration with places left and nobody waiting, as a visitor (or a member not registered) sees it. */
export const event2026: EventView = {
  ...sculc2026Facts,
  open: true,
  capacity: 10,
  places_left: 3,
  waiting: 0,
  questions: [],
  mine: null,
  started: false,
  previous: null,
  facts: { location: 'Campus Learning Pavilion', ends_at: null },
};
