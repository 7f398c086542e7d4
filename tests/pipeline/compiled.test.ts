/**
 * Statements compiled once (`src/server/db/compiled.ts`): each value lands in every placeholder
 * that interpolates it, run after run, and a template that computes with a value is refused.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/server/db/compiled.ts';
import { openSqlite } from '../../src/server/db/sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'compiled-'));
const db = openSqlite(join(dir, 'compiled.sqlite'));
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('compiledOnce', () => {
  it('runs one compiled text with new values, a value repeated where the template repeats it', async () => {
    const echo = compiledOnce(
      (v: { first: number; second: string }) =>
        sql<{ firstValue: number; second: string; again: number }>`SELECT ${v.first} AS first_value,
          ${v.second} AS second, ${v.first} AS again`,
    );
    const one = await echo(db.kysely, db.kysely, { first: 1, second: 'a' });
    const two = await echo(db.kysely, db.kysely, { second: 'b', first: 2 });
    // Rows still pass through the plugins: first_value reads as firstValue.
    expect(one.rows).toEqual([{ firstValue: 1, second: 'a', again: 1 }]);
    expect(two.rows).toEqual([{ firstValue: 2, second: 'b', again: 2 }]);
  });

  it('runs in a transaction of the database it was compiled for', async () => {
    const echo = compiledOnce((v: { n: number }) => sql<{ n: number }>`SELECT ${v.n} AS n`);
    const rows = await db.kysely
      .transaction()
      .execute(async (trx) => (await echo(db.kysely, trx, { n: 7 })).rows);
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('refuses a template that computes with a value instead of interpolating it', async () => {
    const computed = compiledOnce((v: { ms: number }) => sql`SELECT ${v.ms * 1000} AS us`);
    await expect(computed(db.kysely, db.kysely, { ms: 1 })).rejects.toThrow(/not one of/);
  });
});
