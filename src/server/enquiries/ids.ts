/**
 * Ids for outbox rows: UUID version 7 (https://www.rfc-editor.org/rfc/rfc9562#name-uuid-version-7),
 * a millisecond timestamp followed by random bits. Rows written one after another get ids that
 * sort after one another, so a new row lands at the end of the primary-key index instead of on
 * a random page: three delivery rows per enquiry cost one index page, not three, in each
 * commit. Still unique across databases, which a webhook receiver relies on (`webhook-id`).
 */
import { randomBytes } from 'node:crypto';

/**
 * A new UUIDv7 string (`xxxxxxxx-xxxx-7xxx-yxxx-xxxxxxxxxxxx`).
 *
 * @param now epoch ms for the time part (default: the current time)
 */
export function timeOrderedId(now: number = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(Math.max(0, Math.floor(now)) % 2 ** 48, 0, 6);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x70;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
