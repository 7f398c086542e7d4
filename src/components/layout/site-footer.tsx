/** The site footer (docs/product.md#footer). */
import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '../../react/load-context.ts';
import type { SiteContentData } from '../../react/site-content.ts';
import { addressLine, site } from '../../site.config.ts';
import { copyrightYear } from '../../lib/widgets/year.ts';
import { Container, sectionsOf } from '../ui/section.tsx';
import { CurrentYear } from '../widgets/current-year.tsx';
import { SocialLinks } from '../widgets/social-links.tsx';

const LINK =
  'inline-flex min-h-11 items-center text-stone-300 underline-offset-4 transition-colors hover:text-paper hover:underline';

export function SiteFooter() {
  const settings = useRouteLoaderData<SiteSettings>('root');
  const content = useRouteLoaderData<SiteContentData>('site');
  const copy = content ? sectionsOf(content.footer)('footer') : undefined;
  return (
    <footer className="render-when-near theme-dark border-t border-stone-800 bg-ink text-paper">
      <Container className="pt-20 pb-10 md:pt-28">
        <div className="grid gap-14 lg:grid-cols-12 lg:gap-12">
          <div className="lg:col-span-6">
            <p className="max-w-xl font-display text-title">{site.tagline}</p>
            <p className="mt-6 max-w-md text-stone-300">{copy?.lede}</p>
          </div>
          <div className="grid gap-10 sm:grid-cols-2 lg:col-span-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-stone-300 uppercase">
                Studio
              </h2>
              <address className="mt-4 grid gap-1 not-italic">
                <a href={`tel:${site.phoneHref}`} className={LINK}>
                  {site.phone}
                </a>
                <a href={`mailto:${site.email}`} className={LINK}>
                  {site.email}
                </a>
                <span className="mt-2 max-w-xs leading-relaxed text-stone-300">
                  {addressLine()}
                </span>
              </address>
            </div>
            <div>
              <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-stone-300 uppercase">
                Follow
              </h2>
              <div className="mt-3 -ml-3">
                <SocialLinks tone="dark" size="md" />
              </div>
            </div>
          </div>
        </div>
        <div className="mt-20 flex flex-col gap-4 border-t border-stone-800 pt-8 text-sm text-stone-300 md:flex-row md:items-center md:justify-between">
          <p>
            © <CurrentYear serverYear={settings?.year ?? copyrightYear()} /> {site.name}. All rights
            reserved.
          </p>
          <ul className="flex flex-wrap gap-x-8" role="list">
            {/* Plain anchors: these paths are 404s (docs/product.md#pages), loaded in full. */}
            <li>
              <a href="/privacy" className={LINK}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href="/terms" className={LINK}>
                Terms of Service
              </a>
            </li>
          </ul>
        </div>
      </Container>
    </footer>
  );
}
