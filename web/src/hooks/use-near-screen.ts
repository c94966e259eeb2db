import { useEffect, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the screen (and stays
 * true once it has): heavy things below the first screen (the carousel,
 * embedded documents and forms) wait for it before loading at all.
 * Without IntersectionObserver (old browsers, jsdom) it is true at once.
 */
export function useNearScreen<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
    };
  }, [near, margin]);

  return { ref, near };
}
