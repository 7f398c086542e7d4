/** A fixed zone (Asia/Kolkata), so the server's render and the browser's agree. */

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** `12 Nov 2026, 3:04 pm` (IST) for an epoch-ms instant. */
export function formatDateTime(ms: number): string {
  return DATE_TIME.format(ms);
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

/** A duration as words: `under a minute`, `5 minutes`, `3 hours`, `2 days`. */
export function formatAge(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return unit(hours, 'hour');
  return unit(Math.floor(hours / 24), 'day');
}
