import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { MemberHome, MyCertificate } from '../../../api/types';
import { member, renderApp } from '../../../test/render-app';

const home: MemberHome = { edition: null, submissions: [], reviews: null, waiting: null, registration: null };

const attendance: MyCertificate = {
  kind: 'attendance',
  href: '/api/me/certificates/attendance-0190f0e2-7c1a-7d2b-9a3c-1234567890ab.pdf',
  event_title: 'SCULC 2026',
  title: null,
  event_on: '2026-04-18',
  verify_path: null,
  refusal: null,
};

const presentation: MyCertificate = {
  ...attendance,
  kind: 'presentation',
  href: '/api/me/certificates/presentation-0190f0e2-7c1a-7d2b-9a3c-1234567890ac.pdf',
  title: 'Tone sandhi',
};

function renderWith(certificates: MyCertificate[]) {
  return renderApp('/sculc', {
    user: member,
    api: {
      'GET /api/me/home': () => Response.json(home),
      'GET /api/me/certificates': () => Response.json(certificates),
    },
  });
}

describe('/sculc, the member’s certificates', () => {
  it('links each certificate’s PDF once its event is over', async () => {
    renderWith([attendance, presentation]);
    const card = await screen.findByRole('region', { name: 'Certificates' });
    expect(within(card).getByRole('link', { name: 'Certificate of attendance (PDF)' })).toHaveAttribute(
      'href',
      attendance.href,
    );
    const talk = within(card).getByRole('link', { name: 'Certificate of presentation (PDF)' });
    expect(talk).toHaveAttribute('href', presentation.href);
    expect(talk.closest('li')).toHaveTextContent('“Tone sandhi”, SCULC 2026');
  });

  it('says why a certificate cannot be printed instead of linking it', async () => {
    const refusal =
      "Your name contains characters the certificate's font cannot print: አ (U+12A0). Correct it, or ask the organisers to.";
    renderWith([{ ...attendance, refusal }]);
    const card = await screen.findByRole('region', { name: 'Certificates' });
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
    expect(within(card).getByRole('alert')).toHaveTextContent(refusal);
  });

  it('shows nothing while there is no certificate', async () => {
    renderWith([]);
    expect(await screen.findByText('No conference edition has been announced yet.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Certificates' })).not.toBeInTheDocument();
  });
});
