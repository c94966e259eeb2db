import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { board, nth } from '../../../test/content-data';
import { renderApp } from '../../../test/render-app';

describe('board page', () => {
  it("lists the current board's members with every answer", async () => {
    renderApp('/board');

    const current = await screen.findByRole('region', { name: '2024-2025 Board' });
    const president = nth(nth(board.terms, 0).members, 0);
    const card = within(current).getByRole('heading', { level: 3, name: 'President' }).closest('li');
    if (!card) throw new Error('no card');
    expect(card).toHaveTextContent(president.name);
    const answers: [string, string][] = [
      ['Pronouns', president.pronouns],
      ['Major/Minor', president.major_minor],
      ['Class year', president.class_year],
      ['Favourite area of linguistics', president.favourite_area],
      ['Favourite drink', president.favourite_drink],
    ];
    for (const [label, value] of answers) {
      expect(within(card).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
  });

  it.each(['2023-2024', '2022-2023'])('opens and closes the %s board with its toggle', async (term) => {
    const { user } = renderApp('/board');
    const toggle = await screen.findByRole('button', { name: `${term} Board` });
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('the toggle controls nothing');
    const member = nth(board.terms.filter((candidate) => candidate.term === term).flatMap((t) => t.members), 0);

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(screen.queryByRole('heading', { name: member.role })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('heading', { level: 3, name: member.role })).toBeVisible();
    expect(panel).toHaveTextContent(member.name);

    // From the keyboard too.
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('shows a new term from the data with no change to the code', async () => {
    const someone = nth(nth(board.terms, 0).members, 0);
    const newest = { term: '2025-2026', members: [{ ...someone, name: 'Sample Name E (replace)' }] };
    renderApp('/board', {
      api: { 'GET /api/content/board': () => Response.json({ terms: [newest, ...board.terms] }) },
    });

    const current = await screen.findByRole('region', { name: '2025-2026 Board' });
    expect(current).toHaveTextContent('Sample Name E (replace)');
    expect(screen.getByRole('button', { name: '2024-2025 Board' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { name: /Board$/ })).toHaveLength(3);
  });
});
