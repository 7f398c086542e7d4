/** The request target as the app reads it (https://www.rfc-editor.org/rfc/rfc9112#section-3.2). */
import type { IncomingMessage } from 'node:http';

/** `Host` per https://www.rfc-editor.org/rfc/rfc9110#section-7.2: name or IP, optional port. */
export const HOST_PATTERN = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::(\d{1,5}))?$/;

const ABSOLUTE_FORM = /^https?:\/\/([^/?#]*)([^#]*)$/i;

/** Absolute form (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.2) to origin form, byte for byte;
 * its authority replaces `headers.host` (the raw `Host` lines stay, so two are still a 400). */
export function toOriginForm(req: IncomingMessage): void {
  const match = ABSOLUTE_FORM.exec(req.url ?? '/');
  const authority = match?.[1] ?? '';
  if (!match || !HOST_PATTERN.test(authority)) return;
  const rest = match[2] ?? '';
  req.url = rest.startsWith('/') ? rest : `/${rest}`;
  req.headers.host = authority;
}

/** Origin form, or `*` for `OPTIONS` (https://www.rfc-editor.org/rfc/rfc9112#section-3.2.4). */
export const originFormTarget = (req: IncomingMessage): boolean =>
  (req.url ?? '/').startsWith('/') || (req.method === 'OPTIONS' && req.url === '*');
