import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../shared/api/http-error.ts';
import { useMutation } from '../shared/api/use-mutation.ts';
import { createQueryClient } from './query-client.ts';

function setup() {
  const fallback = vi.fn();
  const client = createQueryClient(fallback);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const body = { code: 'conflict', detail: 'in use' };
  const failing = () => Promise.reject(new HttpError({ status: 409, method: 'DELETE', url: '/api/x', body, bodyText: JSON.stringify(body), contentType: 'application/json' }));
  const { result } = renderHook(() => useMutation({ mutationFn: failing }), { wrapper });
  return { fallback, result };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the fallback toast of failed writes', () => {
  it('shows for a write whose caller gave no onError', async () => {
    const { fallback, result } = setup();
    act(() => result.current.mutate());
    await waitFor(() => expect(fallback).toHaveBeenCalledTimes(1));
  });

  it("stays quiet when the caller's own onError (given to mutate) took the error", async () => {
    const { fallback, result } = setup();
    const own = vi.fn();
    act(() => result.current.mutate(undefined, { onError: own }));
    await waitFor(() => expect(own).toHaveBeenCalledTimes(1));
    await settle();
    expect(fallback).not.toHaveBeenCalled();
  });
});
