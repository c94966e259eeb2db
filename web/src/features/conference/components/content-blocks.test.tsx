import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AppProviders } from '../../../app/providers';
import type { Block } from '../../../lib/content-types';
import { homeGallery } from '../../../test/content-data';
import { BlockView, addressOnPage } from './content-blocks';

function renderBlock(block: Block) {
  return render(
    <AppProviders>
      <MemoryRouter>
        <BlockView block={block} year={2025} label="Program" />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('content blocks', () => {
  it('paragraph: its text', () => {
    renderBlock({ type: 'paragraph', text: 'Sample content: replace.' });
    expect(screen.getByText('Sample content: replace.').tagName).toBe('P');
  });

  it('facts: each label with its value', () => {
    renderBlock({
      type: 'facts',
      items: [
        { label: 'Date', value: 'Saturday 17 May 2025' },
        { label: 'Lunch', value: '11:30 AM to 1:00 PM' },
      ],
    });
    expect(screen.getByText('Date').tagName).toBe('DT');
    expect(screen.getByText('Date').nextElementSibling).toHaveTextContent('Saturday 17 May 2025');
    expect(screen.getByText('Lunch').nextElementSibling).toHaveTextContent('11:30 AM to 1:00 PM');
  });

  it('list: one item per entry', () => {
    renderBlock({ type: 'list', items: ['PDF only', 'Anonymized'] });
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['PDF only', 'Anonymized']);
  });

  it('link: a plain link, or one styled as a button', () => {
    renderBlock({ type: 'link', label: 'Join virtually', href: 'https://zoom.us/j/SAMPLE', style: 'button' });
    const join = screen.getByRole('link', { name: 'Join virtually' });
    expect(join).toHaveAttribute('href', 'https://zoom.us/j/SAMPLE');
    expect(join).toHaveClass('button');
  });

  it('embed: a titled frame that loads lazily', () => {
    renderBlock({ type: 'embed', title: 'SCULC 2025 program (PDF)', src: '/sculc-program.pdf', kind: 'pdf', expandable: false });
    const frame = screen.getByTitle('SCULC 2025 program (PDF)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/sculc-program.pdf');
    expect(frame).toHaveAttribute('loading', 'lazy');
  });

  it('expandable embed: no frame until opened', async () => {
    const title = 'Presentation 1 slides';
    const src = 'https://docs.google.com/presentation/d/SAMPLE-REPLACE-1/embed';
    const { container } = renderBlock({ type: 'embed', title, src, kind: 'slides', expandable: true });
    const details = container.querySelector('details');
    if (!details) throw new Error('no disclosure');
    expect(within(details).getByText(title).tagName).toBe('SUMMARY');
    expect(container.querySelector('iframe')).toBeNull();

    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await waitFor(() => {
      expect(screen.getByTitle(title)).toHaveAttribute('src', src);
    });
  });

  it('gallery: a carousel of its items', async () => {
    renderBlock({
      type: 'gallery',
      items: homeGallery,
      thumbnails: true,
      bullets: true,
      fullscreen: true,
      play_button: false,
      autoplay: false,
    });
    // The region stands for the gallery while its code loads.
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Program gallery' })).toHaveTextContent('1 / 4');
    });
    const gallery = screen.getByRole('region', { name: 'Program gallery' });
    expect(within(gallery).getByRole('navigation', { name: 'Thumbnail Navigation' })).toBeInTheDocument();
  });

  it('person: name, role, bio and link', () => {
    renderBlock({
      type: 'person',
      name: 'Sample Keynote Speaker (replace)',
      role: 'Professor',
      bio: 'Sample bio.',
      link: { label: 'Read the keynote abstract', href: 'https://example.edu/abstract' },
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Sample Keynote Speaker (replace)' })).toBeInTheDocument();
    expect(screen.getByText('Professor')).toBeInTheDocument();
    expect(screen.getByText('Sample bio.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the keynote abstract' })).toHaveAttribute(
      'href',
      'https://example.edu/abstract',
    );
  });

  it('schedule: a table of times and sessions under its heading', () => {
    renderBlock({
      type: 'schedule',
      heading: 'Morning',
      items: [
        { time: '08:30 AM', title: 'Check-in opens', detail: 'At the entrance' },
        { time: '09:00 AM', title: 'Welcome' },
      ],
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Morning' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'TimeSession',
      '08:30 AMCheck-in opensAt the entrance',
      '09:00 AMWelcome',
    ]);
  });

  it("calendar: a link to the edition's .ics file", () => {
    renderBlock({ type: 'calendar', label: 'Add to calendar' });
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
      'href',
      '/api/content/editions/2025/calendar.ics',
    );
  });
});

describe("an edition page's program address", () => {
  it('the shared route is the current edition’s; on an earlier edition’s page it is that edition’s own', () => {
    expect(addressOnPage('/sculc-program.pdf', 2025, 2025)).toBe('/sculc-program.pdf');
    expect(addressOnPage('/sculc-program.pdf', 2025, undefined)).toBe('/sculc-program.pdf');
    expect(addressOnPage('/sculc-program.pdf', 2025, 2026)).toBe('/sculc-2025/program.pdf');
    expect(addressOnPage('https://example.org/sculc-program.pdf', 2025, 2026)).toBe(
      'https://example.org/sculc-program.pdf',
    );
  });
});
