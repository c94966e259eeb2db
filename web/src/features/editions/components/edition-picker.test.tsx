import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../app/providers';
import { edition } from '../../../test/admin-data';
import { EditionPicker, useChosenEdition } from './edition-picker';

/** A screen that shows which edition it shows, with the picker, and where the app is. */
function Screen({ all = false }: { all?: boolean }) {
  const chosen = useChosenEdition({ all });
  const location = useLocation();
  return (
    <>
      <EditionPicker edition={chosen} />
      <p>Showing {chosen.year ?? 'all editions'}</p>
      <p data-testid="location">{location.search}</p>
    </>
  );
}

function renderPicker(entry: string, { all = false } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(Response.json([edition(2026), edition(2025), edition(2024)]))),
  );
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <Screen all={all} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('EditionPicker and useChosenEdition', () => {
  it('shows the current edition by default, every edition newest first, the current one marked', async () => {
    renderPicker('/reviews');

    expect(await screen.findByText('Showing 2026')).toBeInTheDocument();
    const picker = screen.getByRole('combobox', { name: 'Edition' });
    expect(picker).toHaveValue('2026');
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'SCULC 2026 (current)',
      'SCULC 2025',
      'SCULC 2024',
    ]);
  });

  it('takes the edition from the URL, and a choice goes into the URL beside the other parameters', async () => {
    const user = renderPicker('/reviews?sort=score&edition=2024');

    expect(await screen.findByText('Showing 2024')).toBeInTheDocument();
    await screen.findByRole('option', { name: 'SCULC 2026 (current)' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Edition' }), 'SCULC 2025');

    expect(await screen.findByText('Showing 2025')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?sort=score&edition=2025');
  });

  it('offers "All editions" where a screen allows it, as its default', async () => {
    const user = renderPicker('/user-data/activity?page=2', { all: true });

    const picker = await screen.findByRole('combobox', { name: 'Edition' });
    await screen.findByRole('option', { name: 'SCULC 2026 (current)' });
    expect(screen.getByText('Showing all editions')).toBeInTheDocument();
    expect(picker).toHaveValue('');
    expect(within(picker).getAllByRole('option')[0]).toHaveTextContent('All editions');

    await user.selectOptions(picker, 'SCULC 2024');
    expect(await screen.findByText('Showing 2024')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?page=2&edition=2024');

    await user.selectOptions(picker, 'All editions');
    expect(await screen.findByText('Showing all editions')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('?page=2');
  });
});
