/** Stat counter rules (docs/product.md#stat-counters). */

/** Visible fraction that starts it. */
export const VISIBILITY_THRESHOLD = 0.3;
export const STEPS = 40;
export const DURATION_MS = 2000;
export const STEP_MS = DURATION_MS / STEPS;

/** E.g. "₹1,200.5+". */
export interface ParsedStat {
  prefix: string;
  target: number;
  decimals: number;
  grouped: boolean;
  suffix: string;
}

const STAT_PATTERN = /^(\D*?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(\D*)$/;

/** @returns `null` when `value` holds no single number ("24/7"): shown as written, not animated */
export function parseStat(value: string): ParsedStat | null {
  const match = STAT_PATTERN.exec(value.trim());
  if (!match) return null;
  const [, prefix = '', integer = '', fraction, suffix = ''] = match;
  const target = Number(`${integer.replaceAll(',', '')}${fraction ? `.${fraction}` : ''}`);
  if (!Number.isFinite(target)) return null;
  return {
    prefix,
    target,
    decimals: fraction?.length ?? 0,
    grouped: integer.includes(','),
    suffix,
  };
}

/** Formatted like the source. */
export function frameNumber(stat: ParsedStat, step: number, steps = STEPS): string {
  const k = Math.min(Math.max(step, 0), steps);
  const scale = 10 ** stat.decimals;
  const value = Math.round(((stat.target * k) / steps) * scale) / scale;
  return numberFormat(stat.decimals, stat.grouped).format(value);
}

const FORMATS = new Map<string, Intl.NumberFormat>();

/** Cached: `toLocaleString` builds one per call, ~1 ms a frame on a slow phone. */
function numberFormat(decimals: number, grouped: boolean): Intl.NumberFormat {
  const key = `${decimals}:${grouped}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: grouped,
    });
    FORMATS.set(key, format);
  }
  return format;
}

/** `steps + 1` texts, or `null` if not numeric. */
export function counterFrames(value: string, steps = STEPS): string[] | null {
  const stat = parseStat(value);
  if (!stat) return null;
  const frames = Array.from(
    { length: steps + 1 },
    (_, k) => `${stat.prefix}${frameNumber(stat, k, steps)}${stat.suffix}`,
  );
  frames[steps] = value.trim();
  return frames;
}

/** So the suffix stays put; a non-numeric value is all `number`. */
export function statParts(value: string): { prefix: string; number: string; suffix: string } {
  const stat = parseStat(value);
  const text = value.trim();
  if (!stat) return { prefix: '', number: text, suffix: '' };
  return {
    prefix: stat.prefix,
    number: text.slice(stat.prefix.length, text.length - stat.suffix.length),
    suffix: stat.suffix,
  };
}
