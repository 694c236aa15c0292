import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPermissionsCalculatorResponse } from '@faena/contracts';
import { apiClient } from '../../../shared/api/api-client.ts';
import { AUDIENCES_BASE } from '../../../shared/directory/directory-api.ts';

export interface CalculatorInput {
  positions: string[];
  persons: string[];
  audience: string | null;
}

export const isEmptyInput = (input: CalculatorInput) => input.positions.length === 0 && input.persons.length === 0 && input.audience === null;

/**
 * POST /permissions-calculator/: the effective keys of the chosen positions, persons and
 * audience, each with the sources that grant it. A read, so it is a query keyed by the choice.
 */
export function useCalculatedPermissions(input: CalculatorInput) {
  return useQuery({
    queryKey: ['permissions-calculator', input],
    enabled: !isEmptyInput(input),
    queryFn: ({ signal }) =>
      apiClient.post<TPermissionsCalculatorResponse>(`${AUDIENCES_BASE}/permissions-calculator/`, {
        signal,
        json: { positions: input.positions, persons: input.persons, ...(input.audience ? { audience: input.audience } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}
