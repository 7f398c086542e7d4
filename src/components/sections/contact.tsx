/**
 * The contact block (docs/product.md#contact-page, docs/product.md#home): heading, studio details, social links
 * and the contact form; and the full privacy notice "How we handle your enquiry" that the
 * contact page shows at `#privacy` (docs/product.md#privacy).
 */
import type { ContentOf } from '../../content/collections.ts';
import type { SectionCopy } from '../../content/sections.ts';
import { addressLine, site } from '../../site.config.ts';
import { ContactForm } from '../forms/contact-form.tsx';
import { cx } from '../ui/cx.ts';
import { CopyText } from '../ui/copy-text.tsx';
import { Container, Eyebrow, Section } from '../ui/section.tsx';
import { SocialLinks } from '../widgets/social-links.tsx';

export function ContactSection({
  id,
  copy,
  details,
  theme,
}: {
  id: string;
  copy: SectionCopy;
  /** Heading and lede of the details block ("Reach the studio"). */
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

/**
 * "How we handle your enquiry" (`/contact#privacy`): who receives an enquiry, why, how long it is
 * kept and how to ask for a copy or erasure, from `privacy.yaml` with its `{token}`s filled.
 */
export function PrivacySection({ notice }: { notice: ContentOf<'privacy.yaml'> }) {
  const link = 'underline decoration-stone-500 underline-offset-4 hover:decoration-accent-bright';
  return (
    <section
      id="privacy"
      aria-labelledby="privacy-heading"
      className="render-when-near theme-dark border-t border-stone-800 bg-ink py-section text-paper"
    >
      <Container className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <div className="lg:sticky lg:top-24">
            <Eyebrow text="Privacy" tone="dark" className="mb-6" />
            <h2 id="privacy-heading" className="text-title">
              {notice.title}
            </h2>
            <p className="mt-6 text-stone-300">
              <CopyText text={notice.lede} linkClassName={link} />
            </p>
          </div>
        </div>
        <div className="grid gap-10 lg:col-span-7 lg:col-start-6">
          {notice.sections.map((s) => (
            <section
              key={s.id}
              id={s.id}
              aria-labelledby={`${s.id}-heading`}
              className="border-t border-stone-800 pt-8"
            >
              <h3 id={`${s.id}-heading`} className="text-subtitle">
                {s.heading}
              </h3>
              <div className="mt-4 grid gap-4 leading-relaxed text-stone-300">
                {s.paragraphs?.map((p, i) => (
                  <p key={`p${i}`}>
                    <CopyText text={p} linkClassName={link} />
                  </p>
                ))}
                {s.items && (
                  <ul className="grid list-[square] gap-2 pl-5 marker:text-accent-bright">
                    {s.items.map((item, i) => (
                      <li key={i} className="pl-1">
                        <CopyText text={item} linkClassName={link} />
                      </li>
                    ))}
                  </ul>
                )}
                {s.after?.map((p, i) => (
                  <p key={`a${i}`}>
                    <CopyText text={p} linkClassName={link} />
                  </p>
                ))}
              </div>
            </section>
          ))}
        </div>
      </Container>
    </section>
  );
}
