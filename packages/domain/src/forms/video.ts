import { FORM_MESSAGES } from './messages.ts';

/** Video embeds (spec §5): the id is exactly 11 letters, digits, '_' or '-'. */
export const VIDEO_ID_LENGTH = 11;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function isValidVideoId(id: string): boolean {
  return VIDEO_ID.test(id);
}

/** "ID de video inválido" or null. */
export function validateVideoId(id: string): string | null {
  return isValidVideoId(id) ? null : FORM_MESSAGES.invalidVideoId;
}

/**
 * The id inside what an editor pastes: a bare id, or a watch / short / embed / shorts link.
 * Undefined when no valid id is found.
 */
export function extractVideoId(input: string): string | undefined {
  const text = input.trim();
  if (isValidVideoId(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const fromQuery = url.searchParams.get('v');
  if (fromQuery !== null) return isValidVideoId(fromQuery) ? fromQuery : undefined;
  const last = url.pathname
    .split('/')
    .filter((part) => part !== '')
    .pop();
  return last !== undefined && isValidVideoId(last) ? last : undefined;
}
