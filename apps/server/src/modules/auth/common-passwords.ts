import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords nobody should pick: the ~49,000 most common passwords of public breaches that
 * zxcvbn-ts ships (offline, with the product), and the ones Spanish speakers reach for first.
 * Compared case-insensitively and without accents ("Contraseña" is "contrasena").
 */
const SPANISH = [
  'contrasena',
  'contrasenia',
  'contrasena1',
  'contrasena123',
  'micontrasena',
  'clave',
  'clave123',
  'miclave',
  'claveclave',
  'teamo',
  'teamo123',
  'tequiero',
  'tequiero123',
  'amorcito',
  'miamor',
  'princesa',
  'mariposa',
  'corazon',
  'estrella',
  'hola1234',
  'holahola',
  'holamundo',
  'bienvenido',
  'bienvenido1',
  'facil123',
  'secreto',
  'secreto123',
  'chile123',
  'colocolo',
  'mexico123',
  'mexico2024',
  'argentina',
  'peru1234',
  'colombia',
  'futbol',
  'futbol123',
  'barcelona',
  'realmadrid',
  'america1',
  'chivas',
  'pumas123',
  'qwerty123',
  'asdfghjk',
  'zxcvbnm1',
  '1q2w3e4r5t',
  'faena',
  'faena123',
  'faena-demo',
  'faenademo',
];

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const COMMON = new Set([...dictionary.passwords, ...SPANISH].map(fold));

/** True when the password is a common or breached one, or just the account's e-mail or its name part. */
export function isCommonPassword(password: string, email?: string): boolean {
  const folded = fold(password);
  if (COMMON.has(folded)) return true;
  if (!email) return false;
  const address = fold(email);
  return folded === address || folded === address.split('@')[0];
}
