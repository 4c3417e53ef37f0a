import { startTransition, useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `marginPx` of the viewport (and stays true). Used for SPEC §9's lazy
 * images, which start loading 200 px before they scroll into view — a tighter, predictable margin than the
 * browser's own `loading="lazy"` heuristics. Without IntersectionObserver everything counts as near.
 */
export function useNearViewport(ref: RefObject<Element | null>, marginPx: number, enabled = true): boolean {
  const [near, setNear] = useState(!enabled);

  useEffect(() => {
    if (!enabled || near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    // Template rows scroll sideways inside their own box: `scrollMargin` (where supported) extends the same
    // margin to those scroll containers, not only to the viewport.
    const options: IntersectionObserverInit & { scrollMargin?: string } = {
      rootMargin: `${marginPx}px`,
      scrollMargin: `${marginPx}px`,
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        // Drawing what comes near is no answer to the visitor: it may wait, in slices, for what is.
        startTransition(() => setNear(true));
        observer.disconnect();
      }
    }, options);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, marginPx, enabled, near]);

  return near;
}
