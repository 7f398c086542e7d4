/**
 * Joins class names, dropping falsy entries.
 * @returns one space-separated string; '' when nothing is truthy.
 */
export function cx(...classes: ReadonlyArray<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
