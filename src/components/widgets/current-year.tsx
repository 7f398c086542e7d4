/** STUB (widgets helper replaces): the copyright line's current year (spec §2 footer). */
export function CurrentYear() {
  return <span>{new Date().getFullYear()}</span>;
}
