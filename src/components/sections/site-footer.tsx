/** SCAFFOLD: the site footer (spec §2), to be ported from SiteFooter.astro. */
import { site } from '../../site.config.ts';

export function SiteFooter() {
  return (
    <footer className="theme-dark bg-ink text-paper">
      <p>{site.tagline}</p>
      <a href="/privacy">Privacy Policy</a> <a href="/terms">Terms of Service</a>
    </footer>
  );
}
