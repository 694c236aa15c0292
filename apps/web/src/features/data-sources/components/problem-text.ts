import type { TFunction } from 'i18next';
import type { Problem } from '../lib/problems.ts';

/** The words of a problem: its i18n key translated, or the server's text as it came. */
export function problemText(t: TFunction, problem: Problem | null | undefined): string | undefined {
  if (!problem) return undefined;
  return 'text' in problem ? problem.text : t(problem.key, problem.values ?? {});
}
