/** The privacy notice the contact page shows at `#privacy` (docs/product.md#privacy). */
import type { ContentOf } from '../../content/collections.ts';
import { CopyText } from '../ui/copy-text.tsx';
import { Container, Eyebrow } from '../ui/section.tsx';

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
