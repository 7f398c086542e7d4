/** docs/product.md#contact-page; the privacy notice is apart: the home page does not carry it. */
import type { SectionCopy } from '../../content/sections.ts';
import { addressLine, site } from '../../site.config.ts';
import { ContactForm } from '../forms/contact-form.tsx';
import { cx } from '../ui/cx.ts';
import { Eyebrow, Section } from '../ui/section.tsx';
import { SocialLinks } from '../widgets/social-links.tsx';

export function ContactSection({
  id,
  copy,
  details,
  theme,
}: {
  id: string;
  copy: SectionCopy;
  details?: SectionCopy | undefined;
  theme: 'light' | 'dark';
}) {
  const dark = theme === 'dark';
  const Heading = dark ? 'h1' : 'h2';
  const SubHeading = dark ? 'h2' : 'h3';
  const muted = dark ? 'text-stone-300' : 'text-stone-600';
  const link = dark
    ? 'underline decoration-stone-500 underline-offset-4 hover:decoration-accent-bright'
    : 'underline decoration-stone-300 underline-offset-4 hover:decoration-accent';
  return (
    <Section
      id={id}
      labelledby={`${id}-heading`}
      background={dark ? 'ink' : 'paper'}
      first={dark}
      className={dark ? undefined : 'border-t border-stone-200'}
    >
      <div className="grid gap-14 lg:grid-cols-12 lg:gap-16">
        <div className="lg:col-span-5">
          {copy.eyebrow && <Eyebrow text={copy.eyebrow} tone={theme} className="mb-6" />}
          <Heading id={`${id}-heading`} className={dark ? 'text-display' : 'text-title'}>
            {copy.heading}
          </Heading>
          {copy.lede && <p className={cx('mt-6 max-w-lg text-lede', muted)}>{copy.lede}</p>}
          <div
            className={cx('mt-12 border-t pt-8', dark ? 'border-stone-800' : 'border-stone-200')}
          >
            {details && (
              <SubHeading className="font-sans text-xs font-semibold tracking-[0.2em] uppercase">
                {details.heading}
              </SubHeading>
            )}
            <dl className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
              <div>
                <dt className={cx('text-sm', muted)}>Email</dt>
                <dd className="mt-1 text-lg">
                  <a href={`mailto:${site.email}`} className={link}>
                    {site.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className={cx('text-sm', muted)}>Phone</dt>
                <dd className="mt-1 text-lg">
                  <a href={`tel:${site.phoneHref}`} className={link}>
                    {site.phone}
                  </a>
                </dd>
              </div>
              <div className="sm:col-span-2 lg:col-span-1">
                <dt className={cx('text-sm', muted)}>Studio</dt>
                <dd className="mt-1 max-w-xs text-lg leading-snug">{addressLine()}</dd>
              </div>
            </dl>
            {details?.lede && <p className={cx('mt-6 max-w-sm text-sm', muted)}>{details.lede}</p>}
            <div className="mt-6 -ml-3">
              <SocialLinks tone={theme} size="md" />
            </div>
          </div>
        </div>
        <div className="lg:col-span-7">
          <div
            className={cx(
              'border p-6 sm:p-10',
              dark ? 'border-stone-800' : 'border-stone-200 bg-stone-50',
            )}
          >
            <ContactForm theme={theme} placement={dark ? 'contact' : 'home'} />
          </div>
        </div>
      </div>
    </Section>
  );
}
