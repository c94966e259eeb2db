import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { nth, site } from '../../../test/content-data';
import { renderApp } from '../../../test/render-app';

describe('home page', () => {
  it('shows the hero, the description, a link to events and the SCULC blurb', async () => {
    const { user, router } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 2, name: site.home.hero_title })).toBeInTheDocument();
    expect(screen.getByText(site.home.hero_text)).toBeInTheDocument();
    for (const paragraph of site.home.description) expect(screen.getByText(paragraph)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: site.home.events.label })).toHaveAttribute('href', site.home.events.href);

    const blurb = screen.getByRole('region', { name: site.home.sculc_blurb.title });
    expect(blurb).toHaveTextContent(site.home.sculc_blurb.text);
    await user.click(within(blurb).getByRole('link', { name: site.home.sculc_blurb.link_label }));
    expect(router.state.location.pathname).toBe('/sculc-2025');
  });

  it('has a carousel of the four images, without thumbnails or a play button', async () => {
    const user = userEvent.setup();
    renderApp('/home');

    // The region stands for the gallery while its code loads; until a
    // pointer comes over it, a facade draws the first slide.
    await waitFor(
      () => {
        expect(screen.getByRole('region', { name: 'Photos of the society' })).toHaveTextContent('1 / 4');
      },
      { timeout: 5000 },
    );
    const first = screen.getByRole('region', { name: 'Photos of the society' });
    expect(within(first).getByAltText(nth(site.gallery, 0).original_alt)).toHaveAttribute('loading', 'lazy');
    expect(within(first).queryByAltText(nth(site.gallery, 1).original_alt)).not.toBeInTheDocument();

    await user.hover(within(first).getByAltText(nth(site.gallery, 0).original_alt));
    await waitFor(
      () => {
        const gallery = screen.getByRole('region', { name: 'Photos of the society' });
        expect(within(gallery).getAllByAltText(nth(site.gallery, 3).original_alt).length).toBeGreaterThan(0);
      },
      { timeout: 5000 },
    );
    const gallery = screen.getByRole('region', { name: 'Photos of the society' });
    for (const item of site.gallery) {
      expect(within(gallery).getAllByAltText(item.original_alt)[0]).toHaveAttribute('loading', 'lazy');
    }
    expect(gallery).toHaveTextContent('1 / 4');
    expect(within(gallery).queryByRole('navigation', { name: 'Thumbnail Navigation' })).not.toBeInTheDocument();
    expect(within(gallery).queryByRole('button', { name: /play/i })).not.toBeInTheDocument();
  });
});
