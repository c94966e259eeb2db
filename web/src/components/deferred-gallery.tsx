import { lazy, Suspense, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import 'react-image-gallery/styles/image-gallery.css';
import './gallery.css';

import { useNearScreen } from '../hooks/use-near-screen';
import { GalleryCaption } from './gallery-caption';
import { facadeCanDraw, GalleryFacade } from './gallery-facade';
import type { ImageGalleryProps } from './image-gallery';

const loadGallery = async () => (await import('./image-gallery')).ImageGallery;
const LazyGallery = lazy(async () => ({ default: await loadGallery() }));

/**
 * The carousel, loaded (code, styles and images) only once it comes near
 * the screen: on the home page it sits below the first screen, and its
 * library would otherwise be a tenth of what the page loads up front.
 * A placeholder of the gallery's shape holds its place meanwhile.
 * Where the facade can draw the carousel (gallery-facade.tsx), its code
 * waits further, until someone reaches for it.
 */
export function DeferredGallery(props: ImageGalleryProps) {
  const { ref, near } = useNearScreen<HTMLElement>();
  // The placeholder is already the named region, so the page's landmarks do not change.
  const waiting = <section ref={ref} className="gallery-placeholder" aria-label={props.label} />;
  if (!near) return waiting;
  if (facadeCanDraw(props)) return <GalleryBehindFacade {...props} />;
  return (
    <Suspense fallback={waiting}>
      <LazyGallery {...props} />
    </Suspense>
  );
}

interface Wanted {
  startIndex: number;
  openFullscreen: boolean;
}

function GalleryBehindFacade(props: ImageGalleryProps) {
  const [Gallery, setGallery] = useState<ComponentType<ImageGalleryProps> | null>(null);
  const [wanted, setWanted] = useState<Wanted>({ startIndex: 0, openFullscreen: false });
  const loading = useRef(false);
  const box = useRef<HTMLDivElement>(null);
  // The control that had focus in the facade, by its name, to take it on in the carousel.
  const focused = useRef<string | null>(null);

  const wake = () => {
    if (loading.current) return;
    loading.current = true;
    void loadGallery().then((component) => {
      const active = document.activeElement;
      focused.current = box.current?.contains(active) ? (active?.getAttribute('aria-label') ?? null) : null;
      setGallery(() => component);
    });
  };

  // Before the browser handles the next event: a key pressed while the
  // carousel replaces the facade then reaches the carousel, not the page.
  useLayoutEffect(() => {
    if (!Gallery || !focused.current) return;
    const name = CSS.escape(focused.current);
    box.current?.querySelector<HTMLElement>(`button[aria-label="${name}"]`)?.focus();
  }, [Gallery]);

  return (
    // No box of its own on screen: the carousel's margins pass through it.
    <div ref={box}>
      {Gallery ? (
        <Gallery {...props} {...wanted} />
      ) : (
        <section className="gallery" aria-label={props.label} aria-roledescription="carousel">
          <GalleryFacade
            {...props}
            onWake={wake}
            onGo={(startIndex) => {
              setWanted({ startIndex, openFullscreen: false });
              wake();
            }}
            onFullscreen={() => {
              setWanted({ startIndex: 0, openFullscreen: true });
              wake();
            }}
          />
          <GalleryCaption item={props.items[0]} fullscreen={props.fullscreen} />
        </section>
      )}
    </div>
  );
}
