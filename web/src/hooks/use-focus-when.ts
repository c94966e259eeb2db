import { useEffect, useRef } from 'react';

/**
 * A ref whose element receives focus when `condition` becomes true, e.g. a
 * heading when a form is replaced by its result: the focused button is gone,
 * and focus would otherwise fall back to the top of the document.
 */
export function useFocusWhen<T extends HTMLElement>(condition: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (condition) ref.current?.focus();
  }, [condition]);
  return ref;
}
