/** The About page's sections (docs/product.md#about); the stats band is `about-stats.tsx`. */
import { MapPin as mapPinIcon } from 'lucide';
import { Icon } from '../ui/icon.tsx';
import { ListSection } from '../ui/list.tsx';
import { ContentPicture, type ContentPictureProps } from '../ui/content-picture.tsx';
import { cx } from '../ui/cx.ts';
import type { ContentImage } from '../../lib/media.ts';
import type { SectionCopy } from '../../content/sections.ts';
import type { RichTextInput } from '../../lib/rich-text.ts';
import { RichText } from '../ui/rich-text.tsx';
import { Container, Eyebrow, IndexNumber, Section } from '../ui/section.tsx';

export function PullQuote({ quote, attribution }: { quote: string; attribution: string }) {
  return (
    <div className="bg-paper pt-section">
      <Container>
        <figure className="mx-auto max-w-5xl">
          <span
            aria-hidden="true"
            className="block font-display text-[6rem] leading-none text-accent md:text-[9rem]"
          >
            “
          </span>
          <blockquote className="-mt-8 md:-mt-14">
            <p className="font-display text-title">{quote}</p>
          </blockquote>
          <figcaption className="mt-10 flex items-center gap-3 text-sm font-semibold tracking-wide text-stone-600">
            <span aria-hidden="true" className="h-px w-8 bg-current" />
            {attribution}
          </figcaption>
        </figure>
      </Container>
    </div>
  );
}

/** The long-form stories; their section heading is for assistive technology only. */
export function Stories({
  copy,
  stories,
}: {
  copy: SectionCopy;
  stories: ReadonlyArray<{ id: string; title: string; eyebrow: string; paragraphs: string[] }>;
}) {
  return (
    <Section labelledby="story-heading" background="stone">
      <h2 id="story-heading" className="sr-only">
        {copy.heading}
      </h2>
      <div className="grid gap-16 lg:grid-cols-3 lg:gap-12">
        {stories.map((story, i) => (
          <article key={story.id} className="border-t border-stone-300 pt-8">
            <div className="flex items-baseline justify-between">
              <Eyebrow text={story.eyebrow} />
              <IndexNumber n={i + 1} />
            </div>
            <h3 className="mt-8 text-subtitle">{story.title}</h3>
            <div className="mt-6 grid gap-4 leading-relaxed text-stone-700">
              {story.paragraphs.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          </article>
        ))}
      </div>
    </Section>
  );
}

/**
 * A person's picture at 4:5, the box's width filled and the picture cropped to it.
 * @param width the picture's CSS pixels wide at its largest (its height five quarters of that)
 * @param className added classes (`max-w-sm`)
 */
function Portrait({
  width,
  className,
  ...picture
}: Pick<ContentPictureProps, 'image' | 'alt' | 'sizes'> & { width: number; className?: string }) {
  return (
    <ContentPicture
      {...picture}
      width={width}
      height={(width * 5) / 4}
      className={cx('aspect-[4/5] w-full object-cover', className)}
    />
  );
}

export function FounderProfile({
  copy,
  founder,
}: {
  copy: SectionCopy;
  founder: { name: string; title: string; bio: RichTextInput; image: ContentImage };
}) {
  return (
    <Section labelledby="founder-heading">
      <div className="grid gap-12 md:grid-cols-12 md:gap-12">
        <div className="md:col-span-5 lg:col-span-4">
          <Portrait
            image={founder.image}
            alt={`Monogram of ${founder.name}`}
            width={480}
            sizes="(min-width: 768px) 384px, 100vw"
            className="max-w-sm"
          />
        </div>
        <div className="md:col-span-7 lg:col-span-7 lg:col-start-6">
          {copy.eyebrow && <Eyebrow text={copy.eyebrow} className="mb-6" />}
          <h2 id="founder-heading" className="text-title">
            {copy.heading}
          </h2>
          <h3 className="mt-10 font-display text-subtitle">{founder.name}</h3>
          <p className="mt-1 text-sm font-semibold tracking-wide text-stone-600">{founder.title}</p>
          <div className="mt-8 grid max-w-2xl gap-5 text-lg leading-relaxed text-stone-700">
            <RichText value={founder.bio} />
          </div>
        </div>
      </div>
    </Section>
  );
}

export function TeamGrid({
  copy,
  team,
}: {
  copy: SectionCopy;
  team: ReadonlyArray<{
    id: string;
    name: string;
    position: string;
    description: string;
    image: ContentImage;
  }>;
}) {
  return (
    <ListSection
      name="team"
      copy={copy}
      background="stone"
      items={team}
      className="mt-14 grid grid-cols-1 gap-x-10 gap-y-10 md:mt-20 md:grid-cols-2 lg:grid-cols-5 lg:gap-x-6 lg:gap-y-12"
      itemClassName="grid grid-cols-[6.5rem_1fr] items-start gap-x-5 lg:block"
    >
      {(member) => (
        <>
          <Portrait
            image={member.image}
            alt=""
            width={320}
            sizes="(min-width: 1024px) 20vw, 104px"
          />
          <div>
            <h3 className="font-display text-xl lg:mt-5">{member.name}</h3>
            <p className="mt-1 text-sm font-semibold text-stone-600">{member.position}</p>
            <p className="mt-3 text-sm leading-relaxed text-stone-700">{member.description}</p>
          </div>
        </>
      )}
    </ListSection>
  );
}

export function NetworkTiles({
  copy,
  tiles,
}: {
  copy: SectionCopy;
  tiles: ReadonlyArray<{ id: string; city: string; region: string; description: string }>;
}) {
  return (
    <ListSection
      name="network"
      copy={copy}
      items={tiles}
      className="mt-14 grid gap-px border border-stone-200 bg-stone-200 sm:grid-cols-2 md:mt-20 lg:grid-cols-4"
      itemClassName="flex min-h-64 flex-col bg-paper p-7 md:p-8"
    >
      {(tile) => (
        <>
          <Icon icon={mapPinIcon} size={22} strokeWidth={1.5} className="text-accent" />
          <h3 className="mt-auto pt-12 font-display text-subtitle">{tile.city}</h3>
          <p className="mt-1 text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase">
            {tile.region}
          </p>
          <p className="mt-4 text-sm leading-relaxed text-stone-700">{tile.description}</p>
        </>
      )}
    </ListSection>
  );
}
