import { lazy, useState, type ComponentType } from 'react';

/** A page component; `preload` starts loading its code before it renders, if it is loaded lazily. */
export type RoutePage = ComponentType & { preload?: () => Promise<unknown> };

/**
 * A page loaded on first visit, from a module's named export; `preload`
 * fetches its code sooner. A page whose code is here already when it mounts
 * (preloaded at start-up, or seen before) renders at once: suspending, even
 * for a moment, draws the loading fallback, and React then holds the page
 * back until 300 ms after it (its Suspense throttle), which cost the first
 * view of every page about 300 ms once its code was preloaded.
 */
export function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): RoutePage {
  let loaded: ComponentType | undefined;
  const preload = async () => (loaded ??= (await load())[name]);
  const LazyPage = lazy(async () => ({ default: await preload() }));
  function Page() {
    // Chosen once, so that the page is not swapped for another component type (and remounted).
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  return Object.assign(Page, { preload });
}
