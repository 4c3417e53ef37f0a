import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render (the server's, and the browser's as it takes the page over), true once the browser
 * has had an idle moment since: for what a page shows below its first screen from a request of its own, which
 * must not add to the work of taking the page over.
 */
export function useIdleAfterMount(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => startTransition(() => setIdle(true));
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 200);
    return () => clearTimeout(id);
  }, []);
  return idle;
}
