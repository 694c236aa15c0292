/**
 * Which network addresses a server-side fetch may connect to: public unicast only.
 *
 * Refused: loopback, private (RFC 1918), CGNAT (100.64/10), link-local (169.254/16 — where the
 * cloud metadata services live — and fe80::/10), unique-local (fc00::/7, incl. AWS's
 * fd00:ec2::254), multicast, unspecified, documentation and benchmarking ranges, reserved
 * space, and every IPv6 form that embeds an IPv4 address (IPv4-mapped ::ffff:0:0/96,
 * IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32), because the
 * embedded address may be private. IPv6 outside 2000::/3 (global unicast) is refused.
 *
 * IPv4 text is read the way inet_aton and the WHATWG URL parser read it, so odd encodings
 * (2130706433, 0177.0.0.1, 0x7f.1, 127.1) classify as the address they denote.
 */

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'metadata'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'ipv4-mapped'
  | 'ipv4-embedding'
  | 'unique-local'
  | 'site-local'
  | 'invalid';

/** Cloud metadata endpoints, named so a refusal says what it protected. */
const METADATA_V4 = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200', '192.0.0.192']);
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']);

const V4_RULES: readonly [cidr: string, cls: AddressClass][] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'reserved'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
];

const V4_PARSED = V4_RULES.map(([cidr, cls]) => {
  const [base, bits] = cidr.split('/') as [string, string];
  const prefix = Number(bits);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  return { base: (parseIPv4Strict(base)! & mask) >>> 0, mask, cls };
});

/** Dotted-quad decimal only ("10.0.0.1"). */
export function parseIPv4Strict(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value >>> 0;
}

/**
 * IPv4 the way inet_aton (and the URL parser's host parser) reads it: 1 to 4 parts, each
 * decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes.
 */
export function parseIPv4Loose(text: string): number | null {
  const input = text.endsWith('.') ? text.slice(0, -1) : text;
  const parts = input.split('.');
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9]\d*)$/.test(part)) n = Number(part);
    else return null;
    if (!Number.isSafeInteger(n)) return null;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  for (const n of numbers) if (n > 255) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => (value += n * 256 ** (3 - i)));
  return value >>> 0;
}

/** IPv6 text (brackets and a zone id allowed) → 16 bytes, or null. */
export function parseIPv6(text: string): Uint8Array | null {
  let input = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = input.indexOf('%');
  if (zone >= 0) input = input.slice(0, zone);
  if (!input.includes(':')) return null;
  // An embedded dotted IPv4 tail becomes two hextets.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(input);
  if (tail) {
    const v4 = parseIPv4Strict(tail[1]!);
    if (v4 === null) return null;
    input = `${input.slice(0, tail.index)}${((v4 >>> 16) & 0xffff).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = input.split('::');
  if (halves.length > 2) return null;
  const read = (part: string): number[] | null => {
    if (part === '') return [];
    const groups = part.split(':');
    const out: number[] = [];
    for (const group of groups) {
      if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
      out.push(parseInt(group, 16));
    }
    return out;
  };
  const head = read(halves[0]!);
  const rest = halves.length === 2 ? read(halves[1]!) : [];
  if (!head || !rest) return null;
  let groups: number[];
  if (halves.length === 2) {
    if (head.length + rest.length > 7) return null;
    groups = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  } else {
    if (head.length !== 8) return null;
    groups = head;
  }
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

export function classifyIPv4(value: number): AddressClass {
  const text = ipv4ToString(value);
  if (METADATA_V4.has(text)) return 'metadata';
  for (const rule of V4_PARSED) if ((value & rule.mask) >>> 0 === rule.base) return rule.cls;
  return 'public';
}

export function classifyIPv6(bytes: Uint8Array): AddressClass {
  const word = (i: number) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!;
  const words = Array.from({ length: 8 }, (_, i) => word(i));
  const canonical = words.map((w) => w.toString(16)).join(':');
  if (METADATA_V6.has(canonical)) return 'metadata';
  const zeroUpTo = (n: number) => words.slice(0, n).every((w) => w === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && words[7] === 1) return 'loopback';
  if (zeroUpTo(5) && words[5] === 0xffff) return 'ipv4-mapped';
  if (zeroUpTo(6)) return 'ipv4-embedding'; // IPv4-compatible (deprecated)
  if (words[0] === 0x64 && words[1] === 0xff9b) return 'ipv4-embedding'; // NAT64 (64:ff9b::/96, 64:ff9b:1::/48)
  if (words[0] === 0x2002) return 'ipv4-embedding'; // 6to4
  if (words[0] === 0x2001 && words[1] === 0) return 'ipv4-embedding'; // Teredo
  if ((words[0]! & 0xfe00) === 0xfc00) return 'unique-local';
  if ((words[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((words[0]! & 0xffc0) === 0xfec0) return 'site-local';
  if ((words[0]! & 0xff00) === 0xff00) return 'multicast';
  if (words[0] === 0x2001 && words[1] === 0xdb8) return 'documentation';
  if ((words[0]! & 0xfff0) === 0x3ff0) return 'documentation'; // 3fff::/20
  if (words[0] === 0x2001 && words[1]! < 0x200) return 'reserved'; // 2001::/23 IETF protocol assignments
  if ((words[0]! & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3
  return 'public';
}

/**
 * Classifies an address as text: IPv6 (with or without brackets), or IPv4 in any inet_aton
 * form. Anything that is not an address is 'invalid' (and so refused).
 */
export function classifyAddress(text: string): AddressClass {
  const v6 = parseIPv6(text.trim());
  if (v6) return classifyIPv6(v6);
  const v4 = parseIPv4Loose(text.trim());
  if (v4 !== null) return classifyIPv4(v4);
  return 'invalid';
}

export function isPublicAddress(text: string): boolean {
  return classifyAddress(text) === 'public';
}

/** Whether a host (as in a URL) is an IP literal rather than a DNS name. */
export function isIpLiteral(host: string): boolean {
  return parseIPv6(host) !== null || parseIPv4Loose(host) !== null;
}

function ipv4ToString(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}
