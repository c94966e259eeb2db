import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { allowSlowPageLoads } from '../../../test/admin-data';
import { admin, errorResponse, findMessage, renderApp } from '../../../test/render-app';
import type { MailTemplate } from '../api/types';

const placeholders = ['{first_name}', '{last_name}', '{year}', '{abstract_name}', '{confirm_by}'];

const templates: MailTemplate[] = [
  { kind: 'acceptance', subject: 'Your abstract was accepted', body: 'Dear {first_name}, ...', placeholders },
  { kind: 'rejection', subject: 'Your abstract to SCULC {year}', body: 'Dear {first_name}, sorry.', placeholders },
];

allowSlowPageLoads();

describe('/user-data/templates', () => {
  it('edits an e-mail, lists its placeholders and shows the server’s field errors', async () => {
    let saves = 0;
    const { user, requestsTo } = renderApp('/user-data/templates', {
      user: admin,
      api: {
        'GET /api/admin/templates': () => Response.json(templates),
        'PUT /api/admin/templates/rejection': (request) => {
          saves += 1;
          if (saves === 1) {
            return errorResponse(422, 'Please correct the highlighted fields.', {
              fields: { body: ['Unknown placeholder {surname}.'] },
            });
          }
          return Response.json({ ...templates[1], ...(request.body as object) });
        },
      },
    });

    const rejection = await screen.findByRole('region', { name: 'Rejection e-mail' });
    expect(screen.getByRole('region', { name: 'Acceptance e-mail' })).toBeInTheDocument();
    const body = within(rejection).getByLabelText('Body');
    expect(body).toHaveValue('Dear {first_name}, sorry.');
    expect(body).toHaveAccessibleDescription(
      'Placeholders you can use, in subject and body: {first_name}, {last_name}, {year}, {abstract_name}, {confirm_by}.',
    );

    await user.clear(body);
    await user.type(body, 'Dear {{surname}');
    await user.click(within(rejection).getByRole('button', { name: 'Save E-mail' }));
    expect(await findMessage('alert', 'Please correct the highlighted fields.')).toBeInTheDocument();
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveAccessibleDescription(/Unknown placeholder \{surname\}\.$/);

    await user.clear(body);
    await user.type(body, 'Dear {{first_name}, thank you.');
    await user.click(within(rejection).getByRole('button', { name: 'Save E-mail' }));
    expect(await findMessage('status', 'The rejection e-mail was saved.')).toBeInTheDocument();
    expect(body).not.toHaveAttribute('aria-invalid');
    expect(requestsTo('PUT /api/admin/templates/rejection')).toEqual([
      { subject: 'Your abstract to SCULC {year}', body: 'Dear {surname}' },
      { subject: 'Your abstract to SCULC {year}', body: 'Dear {first_name}, thank you.' },
    ]);
  });
});
