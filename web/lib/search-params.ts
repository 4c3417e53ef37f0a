import { useSearchParams } from 'react-router';

/** Returns a copy of `params` with `key` set to the trimmed value, or removed when the value is empty. */
export function withParam(
  params: URLSearchParams,
  key: string,
  value: string | null | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = value?.trim();
  if (trimmed) next.set(key, trimmed);
  else next.delete(key);
  return next;
}

/** Sets `key` to `value`, or removes it when it already has that value (choosing the same filter clears it). */
export function toggleParam(params: URLSearchParams, key: string, value: string): URLSearchParams {
  return withParam(params, key, params.get(key) === value ? null : value);
}

/**
 * A setter for one URL search parameter that replaces the history entry and keeps the scroll position
 * (filters and search on listing pages).
 */
export function useSearchParamSetter(): (key: string) => (value: string | null) => void {
  const [, setSearchParams] = useSearchParams();
  return (key) => (value) =>
    setSearchParams((params) => withParam(params, key, value), { replace: true, preventScrollReset: true });
}
