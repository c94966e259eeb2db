import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { GalleryItem } from '../lib/content-types';
import { homeGallery, nth } from '../test/content-data';
import { fullSizeUrl } from './gallery-caption';
import {
  FALLBACK_IMAGE_URL,
  gallerySettings,
  ImageGallery,
  SLIDE_DURATION_MS,
  toLibraryItems,
} from './image-gallery';

describe('the carousel', () => {
  it("passes the spec's settings to react-image-gallery", () => {
    expect(gallerySettings()).toMatchObject({
      slideDuration: 450,
      slideInterval: 3000,
      swipeThreshold: 30,
      flickThreshold: 0.4,
      infinite: true,
      indexSeparator: ' / ',
      thumbnailPosition: 'bottom',
      onErrorImageURL: '/images/fallback.svg',
      // A page opts in to these.
      showThumbnails: false,
      showPlayButton: false,
      showBullets: false,
      showFullscreenButton: false,
      autoPlay: false,
    });
    expect(gallerySettings({ thumbnails: true, bullets: true, fullscreen: true, playButton: true })).toMatchObject({
      showThumbnails: true,
      showBullets: true,
      showFullscreenButton: true,
      useBrowserFullscreen: true,
      showPlayButton: true,
    });
  });

  it("maps the content's gallery items to the library's names", () => {
    const [first, second] = toLibraryItems([
      { ...nth(homeGallery, 0), width: 1600, height: 1000 },
      { ...nth(homeGallery, 1), description: null, srcset: null, sizes: null },
    ]);
    expect(first).toEqual({
      original: nth(homeGallery, 0).original,
      thumbnail: nth(homeGallery, 0).thumbnail,
      originalAlt: nth(homeGallery, 0).original_alt,
      thumbnailAlt: nth(homeGallery, 0).thumbnail_alt,
      srcSet: nth(homeGallery, 0).srcset,
      sizes: nth(homeGallery, 0).sizes,
      originalWidth: '1600',
      originalHeight: '1000',
      loading: 'eager',
      thumbnailLoading: 'lazy',
    });
    // Absent fields stay absent; a slide after the first loads lazily.
    expect(second).toEqual({
      original: nth(homeGallery, 1).original,
      thumbnail: nth(homeGallery, 1).thumbnail,
      originalAlt: nth(homeGallery, 1).original_alt,
      thumbnailAlt: nth(homeGallery, 1).thumbnail_alt,
      loading: 'lazy',
      thumbnailLoading: 'lazy',
    });
    expect(toLibraryItems(homeGallery, true)[0]?.loading).toBe('lazy');
  });

  it('shows every image with its alt text, the index, and no thumbnails or play button by default', () => {
    render(<ImageGallery items={homeGallery} label="Photos of the society" />);

    const gallery = screen.getByRole('region', { name: 'Photos of the society' });
    for (const item of homeGallery) {
      // The infinite loop's copies of the ends count twice.
      const [image] = within(gallery).getAllByAltText(item.original_alt);
      expect(image).toHaveAttribute('srcset', item.srcset);
      expect(image).toHaveAttribute('sizes', item.sizes);
    }
    expect(gallery).toHaveTextContent('1 / 4');
    // The current slide's description, under the slides.
    expect(gallery.querySelector('.gallery-caption')).toHaveTextContent(nth(homeGallery, 0).description ?? '');
    expect(within(gallery).queryByRole('navigation', { name: 'Thumbnail Navigation' })).not.toBeInTheDocument();
    expect(within(gallery).queryByRole('button', { name: /play/i })).not.toBeInTheDocument();
    expect(within(gallery).queryByRole('button', { name: /full ?screen/i })).not.toBeInTheDocument();
  });

  it('shows thumbnails, bullets and a play button where the page asks for them', () => {
    render(<ImageGallery items={homeGallery} label="Program" thumbnails bullets playButton fullscreen />);

    const gallery = screen.getByRole('region', { name: 'Program' });
    expect(within(gallery).getByRole('navigation', { name: 'Thumbnail Navigation' })).toBeInTheDocument();
    expect(within(gallery).getByRole('navigation', { name: 'Bullet Navigation' })).toBeInTheDocument();
    expect(within(gallery).getAllByAltText(nth(homeGallery, 0).thumbnail_alt).length).toBeGreaterThan(0);
    expect(within(gallery).getByRole('button', { name: /play/i })).toBeInTheDocument();
    expect(within(gallery).getByRole('button', { name: /full ?screen/i })).toBeInTheDocument();
  });

  it.each([
    ['right arrow', 'ArrowRight', 39, '2 / 4'],
    ['left arrow, wrapping around to the last', 'ArrowLeft', 37, '4 / 4'],
  ])('moves with the %s from inside the gallery', async (_name, key, keyCode, expected) => {
    render(<ImageGallery items={homeGallery} label="Photos" />);
    const gallery = screen.getByRole('region', { name: 'Photos' });
    const next = within(gallery).getByRole('button', { name: 'Next Slide' });
    const index = () => gallery.querySelector('.image-gallery-index')?.textContent;
    expect(index()).toBe('1 / 4');

    // (jsdom runs no CSS transitions, so one key per gallery: e2e/content.spec.ts presses more.)
    fireEvent.keyDown(next, { key, keyCode });
    await waitFor(() => {
      expect(index()).toBe(expected);
    });
    // The caption follows the slide.
    const shown = nth(homeGallery, Number(expected.split(' / ')[0]) - 1);
    await waitFor(() => {
      expect(gallery.querySelector('.gallery-caption')).toHaveTextContent(shown.description ?? '');
    });
  });

  it('offers the shown picture at full size where the page has fullscreen, following the slides', async () => {
    const large = (item: GalleryItem) => item.original.replace('-960.', '-1600.');
    const items = homeGallery.map((item) => ({ ...item, srcset: `${item.srcset ?? ''}, ${large(item)} 1600w` }));
    render(<ImageGallery items={items} label="Program" fullscreen />);
    const gallery = screen.getByRole('region', { name: 'Program' });
    const link = () => within(gallery).getByRole('link', { name: 'Open this image at full size' });
    expect(link()).toHaveAttribute('href', large(nth(homeGallery, 0)));

    fireEvent.keyDown(within(gallery).getByRole('button', { name: 'Next Slide' }), { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => {
      expect(link()).toHaveAttribute('href', large(nth(homeGallery, 1)));
    });
  });

  it('has no full-size link where the page has no fullscreen', () => {
    render(<ImageGallery items={homeGallery} label="Photos" />);
    expect(screen.queryByRole('link', { name: 'Open this image at full size' })).not.toBeInTheDocument();
  });

  it('takes the widest srcset candidate as the full size, else the original', () => {
    const item = nth(homeGallery, 0);
    expect(fullSizeUrl({ ...item, srcset: '/a-1600.webp 1600w, /a-480.webp 480w, /a-960.webp 960w' })).toBe('/a-1600.webp');
    expect(fullSizeUrl({ ...item, srcset: null })).toBe(item.original);
    // Density descriptors say nothing of the width: the original.
    expect(fullSizeUrl({ ...item, srcset: '/a@2x.webp 2x' })).toBe(item.original);
  });

  it('ignores arrow keys pressed outside the gallery', async () => {
    render(
      <>
        <button type="button">Elsewhere</button>
        <ImageGallery items={homeGallery} label="Photos" />
      </>,
    );
    const gallery = screen.getByRole('region', { name: 'Photos' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Elsewhere' }), { key: 'ArrowRight', keyCode: 39 });
    await new Promise((resolve) => setTimeout(resolve, SLIDE_DURATION_MS + 100));
    expect(gallery.querySelector('.image-gallery-index')).toHaveTextContent('1 / 4');
  });

  it('shows the fallback image in place of one that fails to load', () => {
    render(<ImageGallery items={homeGallery} label="Photos" />);
    const [image] = screen.getAllByAltText(nth(homeGallery, 1).original_alt);
    if (!image) throw new Error('no image');
    expect(image).toHaveAttribute('src', nth(homeGallery, 1).original);

    fireEvent.error(image);

    expect(image).toHaveAttribute('src', FALLBACK_IMAGE_URL);
    // The others are untouched.
    for (const other of screen.getAllByAltText(nth(homeGallery, 0).original_alt)) {
      expect(other).toHaveAttribute('src', nth(homeGallery, 0).original);
    }
  });
});

