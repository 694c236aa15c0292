import type { TPerson } from '@faena/contracts';
import { fileNameOf } from '../../../shared/lib/download.ts';
import { telHref } from './contact-links.ts';

/** A text value of a vCard property (RFC 6350 §3.4: backslash, comma, semicolon and line breaks escaped). */
const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 6350 §3.2), never inside a character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // continuation lines start with a space, which counts
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A phone labelled as a mobile one ("Móvil", "celular", "WhatsApp") is a CELL number. */
const isMobile = (label: string | null) => label !== null && /m[oó]vil|celular|cel\b|whats|mobile|cell/i.test(label);

/**
 * The person as a contact card (vCard 4.0) to save on a phone: name, e-mails (the primary one
 * preferred), phones, address, organisation and positions.
 */
export function personVCard(person: Pick<TPerson, 'name' | 'primary_email' | 'other_emails' | 'phones' | 'address' | 'positions'>, organization: string): string {
  const lines = ['BEGIN:VCARD', 'VERSION:4.0', `FN:${escape(person.name)}`, `N:;${escape(person.name)};;;`, `ORG:${escape(organization)}`];
  if (person.positions.length > 0) lines.push(`TITLE:${escape(person.positions.map((position) => position.title).join(' / '))}`);
  if (person.primary_email) lines.push(`EMAIL;TYPE=work;PREF=1:${escape(person.primary_email)}`);
  for (const email of person.other_emails) lines.push(`EMAIL:${escape(email)}`);
  for (const phone of person.phones) lines.push(`TEL;VALUE=uri;TYPE=${isMobile(phone.label) ? 'cell' : 'voice'}:${telHref(phone.number)}`);
  if (person.address) lines.push(`ADR:;;${escape(person.address)};;;;`);
  lines.push('END:VCARD');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The card's file name: the person's name without what file systems refuse. */
export const vCardFileName = (name: string) => `${fileNameOf(name, 'contacto')}.vcf`;
