/** Countries (ISO 3166-1 alpha-2) and time zones (IANA) as the browser names them. */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

const countryCache = new Map<string, { value: string; label: string }[]>();

/** Every region code the browser can name, by name in `language` (the server checks the same way). */
export function countryOptions(language: string): { value: string; label: string }[] {
  const cached = countryCache.get(language);
  if (cached) return cached;
  const names = new Intl.DisplayNames([language, 'es'], { type: 'region', fallback: 'none' });
  const options: { value: string; label: string }[] = [];
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = a + b;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        name = undefined;
      }
      // Unassigned codes have no name; EU, UN, EZ and the like are not countries.
      if (name && name !== code && !['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ'].includes(code)) options.push({ value: code, label: name });
    }
  }
  options.sort((x, y) => x.label.localeCompare(y.label, language));
  countryCache.set(language, options);
  return options;
}

export function countryName(code: string | null | undefined, language: string): string | null {
  if (!code) return null;
  try {
    return new Intl.DisplayNames([language, 'es'], { type: 'region', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The zone's current offset from UTC, e.g. "UTC−03:00". */
export function utcOffset(zone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
    return part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC').replace('-', '−');
  } catch {
    return '';
  }
}

let zones: { value: string; label: string }[] | null = null;

/** Every IANA zone the browser knows, with its offset, grouped by region in the label. */
export function timezoneOptions(): { value: string; label: string }[] {
  if (zones) return zones;
  const supported = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  zones = supported.map((zone) => ({ value: zone, label: `${zone.replaceAll('_', ' ')} (${utcOffset(zone)})` }));
  return zones;
}
