/**
 * Stat counter rules (docs/product.md#stat-counters).
 *
 * A counter starts when 30% of it is visible, runs once, and rises from 0 to its target in 40
 * equal steps over 2000 ms (one step every 50 ms). A trailing "+" (or any other non-numeric
 * affix) stays in place. Values that are not numbers (e.g. "24/7") are not animated at all.
 */

/** IntersectionObserver threshold: fraction of the counter that must be visible to start. */
export const VISIBILITY_THRESHOLD = 0.3;
/** Number of increments from 0 to the target. */
export const STEPS = 40;
/** Total animation time in ms. */
export const DURATION_MS = 2000;
/** Interval between two steps in ms (2000 / 40 = 50). */
export const STEP_MS = DURATION_MS / STEPS;

/** A stat value split into its animatable number and the text around it. */
export interface ParsedStat {
  /** Text before the number, e.g. "₹" in "₹40". Usually empty. */
  prefix: string;
  /** The numeric target, e.g. 8 for "8+". */
  target: number;
  /** Digits after the decimal point in the source, kept in every frame (e.g. 1 for "4.5"). */
  decimals: number;
  /** Whether the source groups thousands with commas ("1,200"). */
  grouped: boolean;
  /** Text after the number, e.g. "+" in "8+". */
  suffix: string;
}

// One number (optionally comma-grouped, optionally with decimals) with any non-digit affixes.
const STAT_PATTERN = /^(\D*?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(\D*)$/;

/**
 * Split a stat value into prefix, number and suffix.
 *
 * @param value the stat as written in content, e.g. "8+", "90+", "1,200", "4.5".
 * @returns the parts, or `null` when the value holds no single number (e.g. "24/7", "", "Many");
 *   such values are shown as written and never animated.
 */
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

/**
 * The number shown at a given step, formatted like the source (decimals, grouping).
 *
 * @param stat the parsed value.
 * @param step 0..steps; 0 shows 0 and `steps` shows the exact target.
 * @param steps total number of steps (default 40).
 */
export function frameNumber(stat: ParsedStat, step: number, steps = STEPS): string {
  const k = Math.min(Math.max(step, 0), steps);
  const scale = 10 ** stat.decimals;
  // Rounded to the source's precision so intermediate frames never show long fractions.
  const value = Math.round(((stat.target * k) / steps) * scale) / scale;
  return numberFormat(stat.decimals, stat.grouped).format(value);
}

const FORMATS = new Map<string, Intl.NumberFormat>();

/**
 * One `Intl.NumberFormat` per (decimals, grouping), made once: `Number#toLocaleString` with
 * options builds a new formatter on every call, which cost about 1 ms a frame on a throttled phone
 * CPU (measured: 190 ms of one task for four counters).
 */
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

/**
 * Every text the counter shows, from the "0" frame to the final value.
 *
 * @param value the stat as written, e.g. "8+".
 * @param steps number of increments (default 40), so the result has `steps + 1` entries shown
 *   `STEP_MS` apart; the last entry is exactly `value` (trimmed).
 * @returns the frames including prefix and suffix ("0+", …, "8+"), or `null` for a non-numeric
 *   value.
 */
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

/**
 * Split a stat for rendering: the number (as written) and the text around it, so the suffix can
 * be styled apart and stay put while the number animates.
 *
 * @param value the stat as written, e.g. "8+".
 * @returns `{ prefix: '', number: '8', suffix: '+' }`; a non-numeric value is returned whole as
 *   `number` with empty affixes.
 */
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
