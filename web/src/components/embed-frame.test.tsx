import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { EmbedFrame } from './embed-frame';

const form = {
  title: 'NACLO attendance form',
  src: 'https://docs.google.com/forms/d/e/SAMPLE-REPLACE/viewform?embedded=true',
  kind: 'form' as const,
  height: 900,
};

describe('EmbedFrame', () => {
  it('creates its frame only once it nears the screen, keeping its place meanwhile', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    let margin: string | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void, options: { rootMargin: string }) {
          report = callback;
          margin = options.rootMargin;
        }
        observe() {
          return undefined;
        }
        disconnect() {
          return undefined;
        }
      },
    );

    const { container } = render(<EmbedFrame {...form} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('.embed-placeholder')).toHaveStyle({ height: '900px' });
    expect(margin).toBe('200px');

    act(() => {
      report?.([{ isIntersecting: false }]);
    });
    expect(container.querySelector('iframe')).toBeNull();

    act(() => {
      report?.([{ isIntersecting: true }]);
    });
    const frame = screen.getByTitle(form.title);
    expect(frame).toHaveAttribute('src', form.src);
    expect(frame).toHaveAttribute('height', '900');
    expect(frame).toHaveAttribute('loading', 'lazy');
  });
});
