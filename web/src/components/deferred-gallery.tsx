import { lazy, Suspense } from 'react';

import { useNearScreen } from '../hooks/use-near-screen';
import type { ImageGalleryProps } from './image-gallery';
import './gallery.css';

const ImageGallery = lazy(async () => ({ default: (await import('./image-gallery')).ImageGallery }));

/**
 * The carousel, loaded (code, styles and images) only once it comes near
 * the screen: on the home page it sits below the first screen, and its
 * library would otherwise be a tenth of what the page loads up front.
 * A placeholder of the gallery's shape holds its place meanwhile.
 */
export function DeferredGallery(props: ImageGalleryProps) {
  const { ref, near } = useNearScreen<HTMLElement>();
  // The placeholder is already the named region, so the page's landmarks do not change.
  const waiting = <section ref={ref} className="gallery-placeholder" aria-label={props.label} />;
  if (!near) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ImageGallery {...props} />
    </Suspense>
  );
}
