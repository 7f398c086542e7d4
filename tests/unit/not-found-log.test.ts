/**
 * The 404's path log (`src/server/unknown-paths.ts`): one `warn` line a second naming each path
 * and how often it was asked, at most 50 paths a line with the rest counted, long paths cut, and
 * nothing written while no unknown path is asked.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notFoundLog } from '../../src/server/unknown-paths.ts';

/** A logger whose lines land in `lines`, parsed. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('the 404 path log', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes one line a second with each path and its count, and none when idle', () => {
    const { lines, logger } = capture();
    const log = notFoundLog(logger);
    log.record('/wp-login.php');
    log.record('/wp-login.php');
    log.record('/.env');
    expect(lines).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'not found',
      status: 404,
      count: 3,
      paths: { '/wp-login.php': 2, '/.env': 1 },
      others: 0,
    });
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(1);
    log.record('/again');
    log.flush();
    expect(lines[1]).toMatchObject({ count: 1, paths: { '/again': 1 } });
  });

  it('names at most 50 paths a line, counts the rest, and cuts long paths', () => {
    const { lines, logger } = capture();
    const log = notFoundLog(logger);
    for (let i = 0; i < 60; i++) log.record(`/scan-${i}`);
    log.record(`/${'a'.repeat(500)}`);
    log.flush();
    const line = lines[0] as { count: number; others: number; paths: Record<string, number> };
    expect(line.count).toBe(61);
    expect(Object.keys(line.paths)).toHaveLength(50);
    expect(line.others).toBe(11);
    const cut = notFoundLog(logger);
    cut.record(`/${'a'.repeat(500)}`);
    cut.flush();
    const [path] = Object.keys((lines[1] as { paths: Record<string, number> }).paths);
    expect(path).toHaveLength(201);
  });
});
