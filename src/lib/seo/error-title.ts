/**
 * The title of the error page (a failed load or navigation), which has no other head metadata:
 * the server draws it (`src/root.tsx`), and the browser writes it after a failed navigation
 * (`src/lib/seo/apply-head.ts`). A module of its own, so the entry chunk, which the root layout is
 * in, carries this title and not the rest of the page metadata (decision 020).
 */
import { site } from '../../site.config.ts';

export function errorPageTitle(): string {
  return `Something went wrong · ${site.name}`;
}
