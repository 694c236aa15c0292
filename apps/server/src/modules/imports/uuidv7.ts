import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let sequence = 0;
// Random bytes drawn 8 KiB at a time: one randomFillSync per id cost a fifth of a large import's CPU.
const pool = Buffer.alloc(8192);
let poolAt = pool.length;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then 12 bits of a counter within the
 * millisecond, then 62 random bits. Ids made one after the other sort in the order they were
 * made, so the rows of a large import land at the end of their btree indexes instead of on
 * random pages (about twice as fast to insert). They reveal when they were made, which ids here
 * may: they are never secrets, every read is checked against the caller's permissions.
 */
export function uuidv7(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    sequence++;
    if (sequence > 0xfff) {
      // 4,096 ids within one millisecond: borrow the next one
      ms = ++lastMs;
      sequence = 0;
    }
  } else {
    lastMs = ms;
    sequence = 0;
  }
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const random = pool.subarray(poolAt, poolAt + 8);
  poolAt += 8;
  const hex = ms.toString(16).padStart(12, '0');
  const randA = (0x7000 | sequence).toString(16);
  const variant = ((random[0]! & 0x3f) | 0x80).toString(16).padStart(2, '0');
  const rest = random.subarray(1, 8).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${randA}-${variant}${rest.slice(0, 2)}-${rest.slice(2, 14)}`;
}
