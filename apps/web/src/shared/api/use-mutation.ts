import { useCallback } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place that wraps it
import { useMutation as useQueryMutation, type DefaultError, type MutateOptions, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';

const handled = new WeakSet<object>();

/**
 * Whether a caller's own `onError` (given to `mutate`) took this error. The query client's
 * fallback toast for failed writes stays quiet then: the caller has already said what went
 * wrong, in its own words, and a second, generic toast beside it only confuses.
 */
export function isHandledMutationError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && handled.has(error);
}

/**
 * TanStack Query's useMutation, with one difference: an `onError` passed to `mutate(variables,
 * { onError })` marks its error as handled (see isHandledMutationError). The library only tells
 * the mutation cache about `onError` given to the hook itself.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const result = useQueryMutation(options);
  const { mutate: run } = result;
  const mutate = useCallback<typeof run>(
    (...args) => {
      const [variables, callbacks] = args;
      const onError = callbacks?.onError;
      if (!onError) return run(...args);
      const marking: MutateOptions<TData, TError, TVariables, TOnMutateResult> = {
        ...callbacks,
        onError: (error, ...rest) => {
          if (typeof error === 'object' && error !== null) handled.add(error);
          return onError(error, ...rest);
        },
      };
      return run(...([variables, marking] as typeof args));
    },
    [run],
  );
  return { ...result, mutate };
}
