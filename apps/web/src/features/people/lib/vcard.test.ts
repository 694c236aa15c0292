import { describe, expect, it } from 'vitest';
import { personVCard, vCardFileName } from './vcard.ts';

const PERSON = {
  name: 'Ñandú Pérez; Gutiérrez',
  primary_email: 'nandu@faena.test',
  other_emails: ['nandu@gmail.com'],
  phones: [
    { number: '+56 9 8765-4321', label: 'Móvil' },
    { number: '+56 2 2345 6789', label: 'Oficina' },
  ],
  address: 'Av. Apoquindo 4500, Las Condes',
  positions: [
    { id: 'a', title: 'Jefa de Bodega' },
    { id: 'b', title: 'Brigadista' },
  ],
};

describe('personVCard', () => {
  it('writes a vCard 4.0 with the name, e-mails (the primary preferred), phones, address, organisation and positions', () => {
    const card = personVCard(PERSON, 'Faena Demo');
    expect(card.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:4.0',
      'FN:Ñandú Pérez\\; Gutiérrez',
      'N:;Ñandú Pérez\\; Gutiérrez;;;',
      'ORG:Faena Demo',
      'TITLE:Jefa de Bodega / Brigadista',
      'EMAIL;TYPE=work;PREF=1:nandu@faena.test',
      'EMAIL:nandu@gmail.com',
      'TEL;VALUE=uri;TYPE=cell:tel:+56987654321',
      'TEL;VALUE=uri;TYPE=voice:tel:+56223456789',
      'ADR:;;Av. Apoquindo 4500\\, Las Condes;;;;',
      'END:VCARD',
      '',
    ]);
  });

  it('leaves out what the person lacks, and folds long lines at 75 octets without splitting a character', () => {
    const card = personVCard({ name: 'Ana', primary_email: null, other_emails: [], phones: [], address: 'ñ'.repeat(60), positions: [] }, 'Org');
    expect(card).not.toMatch(/EMAIL|TEL|TITLE/);
    const lines = card.split('\r\n');
    const adr = lines.findIndex((line) => line.startsWith('ADR:'));
    expect(new TextEncoder().encode(lines[adr]).length).toBeLessThanOrEqual(75);
    expect(lines[adr + 1]?.startsWith(' ')).toBe(true);
    // unfolded, the value is whole
    expect(card.replace(/\r\n /g, '')).toContain(`ADR:;;${'ñ'.repeat(60)};;;;`);
  });

  it('names the file after the person', () => {
    expect(vCardFileName('Ana Rojas')).toBe('Ana Rojas.vcf');
    expect(vCardFileName('a/b:c')).toBe('a b c.vcf');
    expect(vCardFileName('///')).toBe('contacto.vcf');
  });
});
