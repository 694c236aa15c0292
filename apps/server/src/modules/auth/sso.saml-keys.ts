import { createSign, generateKeyPairSync, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * Faena's own SAML key pair per provider (decision 029): the private key signs the AuthnRequests
 * (HTTP-Redirect binding: SigAlg and Signature in the query), the self-signed certificate is what
 * the SP metadata publishes for the IdP to check them. Node makes keys but no certificates, so the
 * certificate's DER is written here (a plain X.509 v3 with no extensions, which is all SAML
 * metadata needs: IdPs trust the key the metadata names, not a chain).
 */

const tlv = (tag: number, content: Buffer): Buffer => {
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const seq = (...parts: Buffer[]) => tlv(0x30, Buffer.concat(parts));
const oid = (dotted: string) => {
  const [a, b, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * a! + b!];
  for (const value of rest) {
    const chunk = [value & 0x7f];
    for (let v = value >> 7; v > 0; v >>= 7) chunk.unshift((v & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
};
/** UTCTime (years up to 2049), as X.509 wants for such dates. */
const utcTime = (date: Date) => tlv(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));
const name = (cn: string) => seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from(cn.slice(0, 64))))));

/** A self-signed certificate of the key pair (RSA, SHA-256), base64 DER as metadata carries it. */
export function selfSignedCertificate(privateKey: KeyObject, publicKey: KeyObject, cn: string, validFrom: Date, validTo: Date): string {
  const sha256WithRsa = seq(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([0x02]))),
    tlv(0x02, Buffer.concat([Buffer.from([0x01]), randomBytes(8)])),
    sha256WithRsa,
    name(cn),
    seq(utcTime(validFrom), utcTime(validTo)),
    name(cn),
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = createSign('sha256').update(tbs).sign(privateKey);
  return seq(tbs, sha256WithRsa, tlv(0x03, Buffer.concat([Buffer.from([0x00]), signature]))).toString('base64');
}

export interface SpKeyPair {
  /** PKCS#8 PEM: stored only sealed (sso.crypto), never sent back. */
  privateKeyPem: string;
  /** base64 DER. */
  cert: string;
}

/** The SP's certificate lasts five years (UTCTime), from a day back (clocks of IdPs drift). */
const SP_CERT_YEARS = 5;

export function newSpKeyPair(cn: string): SpKeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const from = new Date(Date.now() - 86_400_000);
  const to = new Date(from);
  to.setUTCFullYear(to.getUTCFullYear() + SP_CERT_YEARS);
  return { privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert: selfSignedCertificate(privateKey, publicKey, cn, from, to) };
}

export const certAsPem = (b64: string): string => `-----BEGIN CERTIFICATE-----\n${b64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----`;

/** The certificate's fingerprint and end, as settings show them. */
export function certificateInfo(b64: string): { fingerprint_sha256: string; not_after: string | null } {
  try {
    const cert = new X509Certificate(Buffer.from(b64, 'base64'));
    return { fingerprint_sha256: cert.fingerprint256, not_after: new Date(cert.validTo).toISOString() };
  } catch {
    return { fingerprint_sha256: '', not_after: null };
  }
}
