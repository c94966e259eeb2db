import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, member, renderApp } from '../test/render-app';

function mainNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('site nav', () => {
  it('shows a visitor Login and no Profile or User Data', async () => {
    renderApp('/');
    const nav = mainNav();

    expect(await within(nav).findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'User Data' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'NACLO' })).toHaveAttribute('href', '/naclo');
    expect(within(nav).getByRole('link', { name: 'Our Board' })).toHaveAttribute('href', '/board');
  });

  it('shows a signed-in member Profile instead of Login, and no User Data', async () => {
    const { requests } = renderApp('/', { user: member });
    const nav = mainNav();

    expect(await within(nav).findByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'User Data' })).not.toBeInTheDocument();

    const sessionCall = requests.find((request) => request.path === '/api/session');
    expect(sessionCall?.credentials).toBe('include');
  });

  it('shows an admin the User Data link', async () => {
    renderApp('/', { user: admin });
    const nav = mainNav();

    expect(await within(nav).findByRole('link', { name: 'User Data' })).toHaveAttribute('href', '/user-data');
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
  });

  describe('SCULC dropdown', () => {
    it('opens with Enter, lists the four editions and closes on Escape, returning focus', async () => {
      const { user } = renderApp('/');
      const button = within(mainNav()).getByRole('button', { name: 'SCULC' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveAttribute('aria-haspopup', 'true');
      expect(screen.queryByRole('link', { name: 'SCULC 2025' })).not.toBeInTheDocument();

      button.focus();
      await user.keyboard('{Enter}');
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
      expect(list).not.toBeNull();
      const links = within(list as HTMLElement).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['SCULC 2025', '/sculc-2025'],
        ['SCULC 2024', '/sculc-2024'],
        ['SCULC 2023', '/sculc-2023'],
        ['SCULC 2022', '/sculc-2022'],
      ]);

      // Tab into the list, then Escape from a link.
      await user.tab();
      expect(screen.getByRole('link', { name: 'SCULC 2025' })).toHaveFocus();
      await user.keyboard('{Escape}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
      expect(screen.queryByRole('link', { name: 'SCULC 2025' })).not.toBeInTheDocument();
    });

    it('toggles with Space and with clicks', async () => {
      const { user } = renderApp('/');
      const button = within(mainNav()).getByRole('button', { name: 'SCULC' });

      button.focus();
      await user.keyboard(' ');
      expect(button).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard(' ');
      expect(button).toHaveAttribute('aria-expanded', 'false');

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes on a click outside', async () => {
      const { user } = renderApp('/');
      const button = within(mainNav()).getByRole('button', { name: 'SCULC' });

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      await user.click(screen.getByRole('contentinfo'));
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });

    it('closes on navigation', async () => {
      const { user, router } = renderApp('/');
      const button = within(mainNav()).getByRole('button', { name: 'SCULC' });

      await user.click(button);
      await user.click(screen.getByRole('link', { name: 'SCULC 2024' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'SCULC 2024' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/sculc-2024');
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe('hamburger menu', () => {
    it('is a button named Menu that toggles aria-expanded on the list it controls', async () => {
      const { user } = renderApp('/');
      const toggle = screen.getByRole('button', { name: 'Menu' });
      const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
      expect(menu).toContainElement(within(mainNav()).getByRole('link', { name: 'Home' }));
      expect(toggle).toHaveAttribute('aria-expanded', 'false');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(menu).toHaveClass('is-open');

      toggle.focus();
      await user.keyboard('{Enter}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(menu).not.toHaveClass('is-open');
    });

    it('closes on navigation', async () => {
      const { user } = renderApp('/');
      const toggle = screen.getByRole('button', { name: 'Menu' });

      await user.click(toggle);
      await user.click(within(mainNav()).getByRole('link', { name: 'NACLO' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'NACLO' })).toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });
  });
});
