import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  counterFrames,
  DURATION_MS,
  frameNumber,
  parseStat,
  statParts,
  STEP_MS,
  STEPS,
  VISIBILITY_THRESHOLD,
} from '../../../src/lib/widgets/counter.ts';

describe('stat counter constants', () => {
  it('starts at 30% visibility and runs 40 steps over 2000 ms, one every 50 ms', () => {
    expect(VISIBILITY_THRESHOLD).toBe(0.3);
    expect(STEPS).toBe(40);
    expect(DURATION_MS).toBe(2000);
    expect(STEP_MS).toBe(50);
  });
});

describe('parseStat', () => {
  it('splits the trailing "+"', () => {
    expect(parseStat('8+')).toEqual({
      prefix: '',
      target: 8,
      decimals: 0,
      grouped: false,
      suffix: '+',
    });
    expect(parseStat('200+')?.target).toBe(200);
  });
  it('handles values without suffix, with prefix, decimals and grouping', () => {
    expect(parseStat('90')).toMatchObject({ target: 90, suffix: '' });
    expect(parseStat('₹40 Cr')).toMatchObject({ prefix: '₹', target: 40, suffix: ' Cr' });
    expect(parseStat('4.5')).toMatchObject({ target: 4.5, decimals: 1 });
    expect(parseStat('1,200+')).toMatchObject({ target: 1200, grouped: true, suffix: '+' });
    expect(parseStat('  7+ ')).toMatchObject({ target: 7, suffix: '+' });
  });
  it.each(['', 'Many', '24/7', '8-10', '+', '1,20'])('does not animate %j', (v) => {
    expect(parseStat(v)).toBeNull();
    expect(counterFrames(v)).toBeNull();
  });
});

describe('counterFrames', () => {
  it('has 41 frames (0 + 40 steps) from "0+" to exactly the target', () => {
    const frames = counterFrames('8+');
    expect(frames).toHaveLength(STEPS + 1);
    expect(frames?.[0]).toBe('0+');
    expect(frames?.at(-1)).toBe('8+');
    expect(frames?.every((f) => f.endsWith('+'))).toBe(true);
  });
  it('rises monotonically in even steps', () => {
    const frames = counterFrames('200+') ?? [];
    const numbers = frames.map((f) => Number(f.replace('+', '')));
    expect(numbers[1]).toBe(5);
    expect(numbers[20]).toBe(100);
    for (let i = 1; i < numbers.length; i++) {
      expect(numbers[i]).toBeGreaterThanOrEqual(numbers[i - 1] ?? 0);
    }
  });
  it('rounds small targets to whole numbers', () => {
    const frames = counterFrames('7+') ?? [];
    expect(frames[20]).toBe('4+'); // 3.5 rounds up
    expect(frames.every((f) => /^\d+\+$/.test(f))).toBe(true);
  });
  it('keeps the source formatting of decimals and grouping', () => {
    expect(counterFrames('4.5')?.[20]).toBe('2.3');
    expect(counterFrames('4.5')?.[0]).toBe('0.0');
    expect(counterFrames('1,200+')?.[20]).toBe('600+');
    expect(counterFrames('12,000')?.[20]).toBe('6,000');
    expect(counterFrames('1,200+')?.at(-1)).toBe('1,200+');
  });
  it('clamps out-of-range steps', () => {
    const stat = parseStat('90+');
    if (!stat) throw new Error('unreachable');
    expect(frameNumber(stat, -3)).toBe('0');
    expect(frameNumber(stat, 99)).toBe('90');
  });
});

describe('counter timing with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  it('reaches the final frame after 2000 ms when played one frame per STEP_MS', () => {
    const frames = counterFrames('90+') ?? [];
    const shown: string[] = [frames[0] ?? ''];
    let k = 0;
    const id = setInterval(() => {
      k += 1;
      shown.push(frames[k] ?? '');
      if (k >= STEPS) clearInterval(id);
    }, STEP_MS);
    vi.advanceTimersByTime(1950);
    expect(shown.at(-1)).not.toBe('90+');
    vi.advanceTimersByTime(50);
    expect(shown.at(-1)).toBe('90+');
    vi.advanceTimersByTime(1000);
    expect(shown).toHaveLength(41);
  });
});

describe('statParts', () => {
  it('splits the number from its affixes as written', () => {
    expect(statParts('8+')).toEqual({ prefix: '', number: '8', suffix: '+' });
    expect(statParts(' 1,200+ ')).toEqual({ prefix: '', number: '1,200', suffix: '+' });
    expect(statParts('₹40 Cr')).toEqual({ prefix: '₹', number: '40', suffix: ' Cr' });
    expect(statParts('90')).toEqual({ prefix: '', number: '90', suffix: '' });
  });
  it('keeps a non-numeric value whole', () => {
    expect(statParts('24/7')).toEqual({ prefix: '', number: '24/7', suffix: '' });
  });
});
