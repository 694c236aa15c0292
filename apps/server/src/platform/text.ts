/**
 * `text` cut to at most `max` characters (code points: an emoji or a letter outside the BMP is
 * never split), the last being '…' when it was cut. PostgreSQL's `left` and `length` count the
 * same way, so a statement can clip like this (imports' `diffProblem`).
 */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}
