import type { FieldValues, Resolver } from 'react-hook-form';

/** Code that loads on demand, once, and a way to start loading it before it is needed. */
export interface LoadedOnce<T> {
  /** The loaded value; a failed load is tried again on the next call. */
  get: () => Promise<T>;
  /** Starts loading, e.g. when a form is first focused: it is then ready when sent. */
  prepare: () => void;
}

/** Loads `load`'s value at the first `get` or `prepare`, and keeps it (a failure is not kept). */
export function loadOnce<T>(load: () => Promise<T>): LoadedOnce<T> {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  return { get, prepare: () => void get().catch(() => undefined) };
}

/** A form's resolver whose code loads on demand, and a way to start loading it before it is needed. */
export interface LazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues> {
  resolver: Resolver<TFieldValues, TContext, TTransformedValues>;
  /** Starts loading the resolver's code, e.g. when the form is first focused: it is then ready when sent. */
  prepare: () => void;
}

/**
 * A resolver loaded when the form is first checked (or prepared), not with the page: a form's schema, zod
 * and its resolver are only needed to check what was typed, and evaluating them as the page loads lengthens
 * the tasks that follow a server-rendered page's first paint (docs/decisions/0042-first-screens.md). A send
 * waits for the code, then is checked as it would have been. A failed load is tried again on the next check.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): LazyResolver<TFieldValues, TContext, TTransformedValues> {
  const code = loadOnce(load);
  return {
    resolver: async (values, context, options) => (await code.get())(values, context, options),
    prepare: code.prepare,
  };
}
