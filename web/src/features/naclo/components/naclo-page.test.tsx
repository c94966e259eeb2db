import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { naclo } from '../../../test/content-data';
import { renderApp } from '../../../test/render-app';

describe('NACLO page', () => {
  it('gives the open round and the training session with their times', async () => {
    renderApp('/naclo');

    const openRound = (await screen.findByRole('heading', { level: 3, name: 'Open round' })).closest('article');
    expect(openRound).toHaveTextContent('Thursday, 23 Jan 2025');
    expect(openRound).toHaveTextContent('9AM-12PM');
    expect(openRound).toHaveTextContent('Arrive by8:30AM');

    const training = screen.getByRole('heading', { level: 3, name: 'Online training session' }).closest('article');
    expect(training).toHaveTextContent('Saturday, 18 Jan 2025');
    expect(training).toHaveTextContent('9AM-12PM');
    expect(training).not.toHaveTextContent('Arrive by');
  });

  it('says what to bring and embeds the attendance form, titled and lazy', async () => {
    renderApp('/naclo');

    const bring = await screen.findByRole('region', { name: 'What to bring' });
    expect(within(bring).getAllByRole('listitem').map((item) => item.textContent)).toEqual(naclo.bring);

    const form = screen.getByTitle(naclo.form.title);
    expect(form.tagName).toBe('IFRAME');
    expect(form).toHaveAttribute('src', naclo.form.src);
    expect(form).toHaveAttribute('loading', 'lazy');
  });
});
