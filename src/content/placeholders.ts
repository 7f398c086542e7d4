/** `{name}` placeholders (docs/product.md#content) filled as parts, not HTML. */
import {
  BACKUP_RETENTION_DAYS,
  PRIVACY_NOTICE_VERSION,
  RETENTION_DAYS,
} from '../lib/privacy-notice.ts';
import { addressLine, site } from '../site.config.ts';

export interface CopyPart {
  text: string;
  href?: string;
}

/** The placeholders content may use; anything else is a content error. */
export const PLACEHOLDERS: Readonly<Record<string, CopyPart>> = {
  brand: { text: site.name },
  email: { text: site.email, href: `mailto:${site.email}` },
  phone: { text: site.phone, href: `tel:${site.phoneHref}` },
  address: { text: addressLine() },
  retentionDays: { text: String(RETENTION_DAYS) },
  backupRetentionDays: { text: String(BACKUP_RETENTION_DAYS) },
  noticeVersion: { text: PRIVACY_NOTICE_VERSION },
};

/** @throws Error naming an unknown placeholder, so a typo fails the build before a visitor sees it */
export function fillPlaceholders(
  text: string,
  values: Readonly<Record<string, CopyPart>> = PLACEHOLDERS,
): CopyPart[] {
  const parts: CopyPart[] = [];
  let last = 0;
  for (const match of text.matchAll(/\{([a-zA-Z]+)\}/g)) {
    const name = match[1] ?? '';
    const value = values[name];
    if (!value) throw new Error(`Unknown copy placeholder {${name}} in: "${text.slice(0, 60)}…"`);
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push(value);
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts.reduce<CopyPart[]>((acc, part) => {
    const prev = acc.at(-1);
    if (prev && !prev.href && !part.href) prev.text += part.text;
    else acc.push({ ...part });
    return acc;
  }, []);
}
