/** The Showcase page's categories (docs/product.md#showcase). */
import type { ShowcaseIcon } from '../../content/schemas.ts';
import type { RichTextInput } from '../../lib/rich-text.ts';
import { CategoryIcon } from '../ui/category-icon.tsx';
import { RichText } from '../ui/rich-text.tsx';
import { pad, Section } from '../ui/section.tsx';
import { cx } from '../ui/cx.ts';

export function ShowcaseDetails({
  categories,
}: {
  categories: ReadonlyArray<{
    id: string;
    category: string;
    icon: ShowcaseIcon;
    summary: string;
    items: ReadonlyArray<{ title: string; description: RichTextInput; outcome: string }>;
  }>;
}) {
  return categories.map((category, i) => (
    <Section
      key={category.id}
      id={category.id}
      labelledby={`${category.id}-heading`}
      background={i % 2 === 0 ? 'paper' : 'stone'}
    >
      <div className="grid gap-10 lg:grid-cols-12 lg:gap-12">
        <header className="lg:col-span-4">
          <div className="flex items-center gap-4">
            <span className="grid size-14 place-items-center border border-stone-300">
              <CategoryIcon name={category.icon} />
            </span>
            <span aria-hidden="true" className="text-sm text-stone-600 tabular-nums">
              {pad(i + 1)}
            </span>
          </div>
          <h2 id={`${category.id}-heading`} className="mt-8 text-title">
            {category.category}
          </h2>
          <p className="mt-4 max-w-sm text-lg text-stone-700">{category.summary}</p>
        </header>
        <div className="grid gap-px bg-stone-200 md:grid-cols-2 lg:col-span-8">
          {category.items.map((item) => (
            <article
              key={item.title}
              className={cx('flex flex-col p-7 md:p-9', i % 2 === 0 ? 'bg-stone-50' : 'bg-paper')}
            >
              <h3 className="font-display text-subtitle">{item.title}</h3>
              <RichText
                value={item.description}
                blockClassName="mt-4 leading-relaxed text-stone-700"
              />
              <p className="mt-8 flex gap-3 border-t border-stone-200 pt-5 text-sm font-semibold text-ink">
                <span aria-hidden="true" className="mt-2 h-px w-6 shrink-0 bg-accent" />
                <span>
                  <span className="sr-only">Outcome: </span>
                  {item.outcome}
                </span>
              </p>
            </article>
          ))}
        </div>
      </div>
    </Section>
  ));
}
