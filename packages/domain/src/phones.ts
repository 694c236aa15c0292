import { normalizePhone } from './identity-documents.ts';

/** Groups of digits, left to right, for a national number of a country's plan ("9 1234 5678"). */
type Plan = (national: string) => readonly number[] | null;

const groups = (national: string, ...sizes: number[]): readonly number[] | null => (sizes.reduce((a, b) => a + b, 0) === national.length ? sizes : null);

/** Mexico: Mexico City, Guadalajara and Monterrey XX XXXX XXXX, elsewhere XXX XXX XXXX. */
const mexico: Plan = (n) => (/^(55|56|33|81)/.test(n) ? groups(n, 2, 4, 4) : groups(n, 3, 3, 4));

/**
 * The numbering plans of the countries Faena's organisations are in (and a few of their
 * neighbours'), by calling code: how a number of that country is read aloud. A number that fits
 * none is shown as kept.
 */
const PLANS: Record<string, Plan> = {
  // Chile: mobiles 9 XXXX XXXX, Santiago 2 XXXX XXXX, regions XX XXX XXXX
  '56': (n) => (/^[29]/.test(n) ? groups(n, 1, 4, 4) : groups(n, 2, 3, 4)),
  // Mexico, with the old mobile prefix 1 kept apart
  '52': (n) => {
    const local = n.length === 11 && n.startsWith('1') ? mexico(n.slice(1)) : null;
    return local ? [1, ...local] : mexico(n);
  },
  // Peru: mobiles 9XX XXX XXX, Lima 1 XXX XXXX, provinces XX XXX XXX
  '51': (n) => (n.startsWith('9') ? groups(n, 3, 3, 3) : n.startsWith('1') ? groups(n, 1, 3, 4) : groups(n, 2, 3, 3)),
  // Colombia: mobiles and landlines XXX XXX XXXX
  '57': (n) => groups(n, 3, 3, 4),
  // Argentina: mobiles 9 11 XXXX XXXX (Buenos Aires), landlines 11 XXXX XXXX
  '54': (n) => (n.startsWith('911') ? groups(n, 1, 2, 4, 4) : n.startsWith('11') ? groups(n, 2, 4, 4) : null),
  // El Salvador, Guatemala, Costa Rica: XXXX XXXX
  '503': (n) => groups(n, 4, 4),
  '502': (n) => groups(n, 4, 4),
  '506': (n) => groups(n, 4, 4),
  // United States and Canada: XXX XXX XXXX
  '1': (n) => groups(n, 3, 3, 4),
  // Spain: XXX XXX XXX
  '34': (n) => groups(n, 3, 3, 3),
};

/**
 * A phone as people read it: "+56 9 1234 5678" for the kept "+56912345678". Numbers are kept as
 * `normalizePhone` leaves them (a + and digits); one with its country's code is grouped by that
 * country's plan, any other (no +, an unknown country, a length the plan does not have) is shown
 * as kept: guessing wrong groups is worse than none.
 */
export function formatPhone(value: string): string {
  const kept = normalizePhone(value);
  if (!kept?.startsWith('+')) return value.trim();
  const digits = kept.slice(1);
  for (const length of [3, 2, 1]) {
    const code = digits.slice(0, length);
    const plan = PLANS[code];
    if (!plan) continue;
    const national = digits.slice(length);
    const sizes = plan(national);
    if (!sizes) return kept;
    let at = 0;
    const parts = sizes.map((size) => national.slice(at, (at += size)));
    return `+${code} ${parts.join(' ')}`;
  }
  return kept;
}
