import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderApp } from '../test/render-app';

vi.mock('../features/board/components/board-page', () => ({
  BoardPage: () => {
    throw new Error('the board page failed');
  },
}));

describe('a page that fails', () => {
  it('shows "Something went wrong" inside the frame, and the next page shows again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp('/board');

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Undergraduate Linguistics Society' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();
  });
});
