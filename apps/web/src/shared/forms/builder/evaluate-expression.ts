import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client.ts';

/**
 * POST /api/logic-parser/v3/evaluate {expression, values} → {result}; a malformed expression →
 * 400 {code: "invalid-expression", detail}. The builder's live check of show_if conditions.
 */
export function evaluateExpression(expression: string, values: Record<string, unknown>, signal?: AbortSignal): Promise<{ result: unknown }> {
  return apiClient.post<{ result: unknown }>('/api/logic-parser/v3/evaluate', { json: { expression, values }, signal });
}

export function evaluateQueryOptions(expression: string, values: Record<string, unknown>) {
  return queryOptions({
    queryKey: ['logic-parser', 'evaluate', expression, values],
    queryFn: ({ signal }) => evaluateExpression(expression, values, signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useEvaluateExpression(expression: string, values: Record<string, unknown>, enabled: boolean) {
  return useQuery({ ...evaluateQueryOptions(expression, values), enabled });
}
