/**
 * Recurrence ids (RFC 5545 RECURRENCE-ID): an occurrence's ORIGINAL start as UTC in basic form,
 * "20261207T120000Z". ISO instants with an offset are accepted when parsing.
 */
const BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

export function formatRecurrenceId(epochMs: number): string {
  const iso = new Date(epochMs).toISOString(); // 2026-12-07T12:00:00.000Z
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/** Epoch milliseconds of a recurrence id, or null when the text is not one (whole seconds only). */
export function parseRecurrenceId(text: string): number | null {
  const basic = BASIC.exec(text);
  if (basic) {
    const [, y, mo, d, h, mi, s] = basic.map(Number) as [number, number, number, number, number, number, number];
    if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
    const ms = Date.UTC(y, mo - 1, d, h, mi, s);
    return formatRecurrenceId(ms) === text ? ms : null;
  }
  if (ISO_INSTANT.test(text)) {
    const ms = Date.parse(text);
    if (Number.isNaN(ms) || ms % 1000 !== 0) return null;
    return ms;
  }
  return null;
}

/** `<public_id>/<recurrenceId>`: the id of an occurrence and the tail of its link /activities/{public_id}/{recurrenceId}. */
export function occurrenceKey(publicId: string, recurrenceId: string): string {
  return `${publicId}/${recurrenceId}`;
}

/** "YYYY-MM-DDTHH:mm": a wall time in the series' time zone. */
export const WALL_TIME_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

export function isWallTime(text: string): boolean {
  if (!WALL_TIME_PATTERN.test(text)) return false;
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}
