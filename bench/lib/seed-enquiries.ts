/**
 * Fills a store with enquiries shaped like the agency's (names, addresses, subjects, messages of
 * 30–80 words, 360 days of receipt times, one e-mail delivery row each) through the store's own
 * write path, `submit`, so it fills whatever the store is made of. Deterministic: the same `n`
 * gives the same rows but their ids. Used by `npm run bench:backup`; `npm run bench:inbox` seeds
 * its own rows with the names, topics and generator exported here.
 */
import { randomUUID } from 'node:crypto';
import type { SubmissionStore } from '../../src/server/enquiries/store.ts';

/** Given names the seeded enquiries are signed with. */
export const FIRST = [
  'Asha',
  'Priya',
  'Rahul',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Rohan',
  'Ananya',
  'Ishaan',
  'Neha',
  'Sanjay',
  'Divya',
  'Karan',
  'Pooja',
  'Amit',
  'Sneha',
  'Nikhil',
  'Tara',
  'Dev',
];
/** Family names the seeded enquiries are signed with. */
export const LAST = [
  'Verma',
  'Sharma',
  'Iyer',
  'Reddy',
  'Kapoor',
  'Mehta',
  'Nair',
  'Gupta',
  'Singh',
  'Bose',
  'Rao',
  'Das',
  'Khan',
  'Joshi',
  'Menon',
];
/** Subjects' topics, one per seeded enquiry. */
export const TOPICS = [
  'Media relations',
  'Crisis communications',
  'Product launch',
  'Brand storytelling',
  'Public affairs',
  'Social media',
  'Investor relations',
  'Festive campaign',
];
const WORDS = (
  'we are planning a launch in march and would like to talk about coverage press releases ' +
  'interviews founders brand story festive campaign investors social media crisis support ' +
  'budget timeline regional languages delhi mumbai bengaluru retainer proposal meeting next week'
).split(' ');

/** mulberry32: a small deterministic PRNG, numbers in [0, 1), so every run seeds the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Enquiries stored per batch: the store commits a batch's writes together. */
const BATCH = 1000;

/** Days the seeded enquiries span, ending at `until`. */
const SPAN_DAYS = 360;

/**
 * Stores `n` enquiries received over the {@link SPAN_DAYS} days before `until` (epoch ms): inside
 * the retention period, so a server started on them deletes none (`RETENTION_DAYS`).
 * @param onBatch called after each batch with the count stored so far
 * @throws whatever the store's `submit` throws
 */
export async function seedEnquiries(
  store: SubmissionStore,
  n: number,
  until = Date.now(),
  onBatch?: (stored: number) => void,
): Promise<void> {
  const rnd = prng(n);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const limit = { key: 'seed', max: Number.MAX_SAFE_INTEGER, windowMs: 1 };
  const step = (SPAN_DAYS * 86_400_000) / n;
  for (let done = 0; done < n;) {
    const batch: Array<Promise<unknown>> = [];
    for (const end = Math.min(n, done + BATCH); done < end; done++) {
      const first = pick(FIRST);
      const last = pick(LAST);
      const words = Array.from({ length: 30 + Math.floor(rnd() * 50) }, () => pick(WORDS));
      const id = randomUUID();
      batch.push(
        store.submit(
          {
            id,
            name: `${first} ${last}`,
            email: `${first}.${last}${done}@example.com`.toLowerCase(),
            subject: `${pick(TOPICS)} enquiry`,
            message: words.join(' '),
            receivedAt: Math.floor(until - SPAN_DAYS * 86_400_000 + done * step),
            ipHash: 'h'.repeat(64),
            userAgent: 'Mozilla/5.0 (seed)',
            privacyNoticeVersion: 'seed',
            spam: 'ham',
            dedupeKey: id,
          },
          limit,
          1,
        ),
      );
    }
    await Promise.all(batch);
    onBatch?.(done);
  }
}
