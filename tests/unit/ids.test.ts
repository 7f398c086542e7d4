/**
 * Outbox ids (`src/server/enquiries/ids.ts`): RFC 9562 UUID version 7, in creation order.
 */
import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/server/enquiries/ids.ts';

describe('timeOrderedId', () => {
  it('is a version-7 UUID whose text sorts by its millisecond', () => {
    const t = Date.UTC(2026, 10, 25, 10, 0, 0);
    const a = timeOrderedId(t);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(a.replace(/-/g, '').slice(0, 12), 16)).toBe(t);
    const later = Array.from({ length: 50 }, (_, i) => timeOrderedId(t + 1 + i));
    expect([...later].sort()).toEqual(later);
    expect(later.every((id) => id > a)).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => timeOrderedId(t))).size).toBe(1000);
  });
});
