import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { VerifiedCertificate } from '../../../api/types';
import { errorResponse, findMessage, renderApp } from '../../../test/render-app';

const presentation: VerifiedCertificate = {
  kind: 'presentation',
  name: 'किरण Αλέξης',
  title: 'Tone sandhi in Southern Min',
  event_title: 'SCULC 2025',
  event_on: '2025-05-17',
  issued_at: '2025-05-20T17:00:00Z',
};

describe('/verify/:code, a certificate’s verification address', () => {
  it('shows who, what, which event and when, to a visitor, and asks search engines not to index it', async () => {
    renderApp('/verify/abcdefgh23', {
      api: { 'GET /api/verify/abcdefgh23': () => Response.json(presentation) },
    });

    const card = await screen.findByRole('region', { name: 'This certificate is genuine' });
    const facts = within(card).getAllByRole('definition').map((fact) => fact.textContent);
    expect(facts).toEqual([
      'किरण Αλέξης',
      'Presentation',
      'Tone sandhi in Southern Min',
      'SCULC 2025',
      'May 17, 2025',
      'May 20, 2025, 10:00 AM PDT',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Verify a Certificate' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('leaves out the talk for a certificate of attendance', async () => {
    renderApp('/verify/abcdefgh23', {
      api: {
        'GET /api/verify/abcdefgh23': () =>
          Response.json({ ...presentation, kind: 'attendance', title: null, name: 'Grace Hopper' }),
      },
    });
    const card = await screen.findByRole('region', { name: 'This certificate is genuine' });
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Issued to',
      'Certificate of',
      'Event',
      'Date',
      'Issued on',
    ]);
    expect(card).toHaveTextContent('Attendance');
  });

  it('says clearly when no certificate has the code', async () => {
    renderApp('/verify/zzzzzzzzzz', {
      api: { 'GET /api/verify/zzzzzzzzzz': () => errorResponse(404, 'There is no certificate with this code.') },
    });
    expect(
      await findMessage(
        'alert',
        'There is no certificate with the code zzzzzzzzzz. Check the address printed on the certificate.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'This certificate is genuine' })).not.toBeInTheDocument();
  });
});
