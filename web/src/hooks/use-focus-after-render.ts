import { useEffect, useState } from 'react';

type Target = () => HTMLElement | null | undefined;

/**
 * Moves focus to an element once React has rendered the change that shows
 * it (a preview's heading, a result message): `focusAfterRender(() => ref.current)`.
 * An effect, not requestAnimationFrame, because under load a frame can come
 * before React commits, and the element is not there yet.
 */
export function useFocusAfterRender() {
  const [request, setRequest] = useState<{ target: Target } | null>(null);
  useEffect(() => {
    request?.target()?.focus();
  }, [request]);
  return (target: Target) => {
    setRequest({ target });
  };
}
