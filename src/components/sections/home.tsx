/** The home page's hero (docs/product.md#hero); the sections below it are in `home-lists.tsx`. */
import type { SectionCopy } from '../../content/sections.ts';
import { Container, Eyebrow } from '../ui/section.tsx';
import { CursorMarker } from '../widgets/cursor-marker.tsx';
import { ScrollCue } from '../widgets/scroll-cue.tsx';

export function Hero({
  tagline,
  copy,
  targetId,
}: {
  tagline: string;
  copy: SectionCopy;
  targetId: string;
}) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative flex min-h-[100svh] flex-col overflow-hidden bg-stone-50 pt-header pb-10 md:pb-14"
    >
      <CursorMarker />
      <Container className="relative flex flex-1 flex-col">
        {copy.eyebrow && <Eyebrow text={copy.eyebrow} />}
        <h1 id="hero-heading" className="mt-8 max-w-[12ch] text-hero md:mt-10">
          {tagline}
        </h1>
        <div className="mt-auto grid items-end gap-8 border-t border-stone-300 pt-8 md:grid-cols-12 md:pt-10">
          <p className="max-w-xl text-lede text-stone-700 md:col-span-7">{copy.lede}</p>
          <div className="flex items-center gap-4 md:col-span-5 md:justify-end">
            <span
              aria-hidden="true"
              className="text-xs font-semibold tracking-[0.2em] text-stone-600 uppercase"
            >
              Scroll
            </span>
            <ScrollCue targetId={targetId} label={copy.cta ?? 'Scroll to About'} />
          </div>
        </div>
      </Container>
    </section>
  );
}
