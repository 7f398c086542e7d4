/** The Expertise page's services (docs/product.md#expertise). */
import { Container, IndexNumber } from '../ui/section.tsx';

export function ServiceDetails({
  services,
}: {
  services: ReadonlyArray<{
    id: string;
    title: string;
    summary: string;
    description: ReadonlyArray<string>;
    deliverables: ReadonlyArray<string>;
  }>;
}) {
  return (
    <Container className="pt-4 pb-section md:pt-8">
      {services.map((service, i) => (
        <section
          key={service.id}
          id={service.id}
          aria-labelledby={`${service.id}-heading`}
          className="render-when-near py-12 md:py-16"
        >
          <div className="grid gap-8 border-t border-stone-200 pt-10 lg:grid-cols-12 lg:gap-12">
            <div className="lg:col-span-5">
              <IndexNumber n={i + 1} of={services.length} />
              <h2 id={`${service.id}-heading`} className="mt-4 text-title">
                {service.title}
              </h2>
              <p className="mt-4 max-w-sm font-display text-lg text-stone-700">{service.summary}</p>
            </div>
            <div className="lg:col-span-7">
              <div className="grid max-w-2xl gap-5 text-lg leading-relaxed text-stone-700">
                {service.description.map((paragraph, j) => (
                  <p key={j}>{paragraph}</p>
                ))}
              </div>
              <h3 className="mt-10 font-sans text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
                What you get
              </h3>
              <ul className="mt-4 flex flex-wrap gap-2" role="list">
                {service.deliverables.map((item) => (
                  <li
                    key={item}
                    className="border border-stone-300 px-3 py-1.5 text-sm text-stone-800"
                  >
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      ))}
    </Container>
  );
}
