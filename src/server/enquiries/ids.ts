/** UUIDv7 (RFC 9562): new rows land at the end of the primary-key index, not on random pages. */
import { randomBytes } from 'node:crypto';

/** @param now epoch ms */
export function timeOrderedId(now: number = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(Math.max(0, Math.floor(now)) % 2 ** 48, 0, 6);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x70;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
