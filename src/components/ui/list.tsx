import type { ReactNode } from 'react';
import type { SectionCopy } from '../../content/sections.ts';
import { Section, SectionHeader, type SectionProps } from './section.tsx';

/**
 * A list of `items`, each drawn by `children` in an `li` keyed by its `id`. `role="list"` keeps
 * the list a list for VoiceOver, which drops the role of one styled without markers
 * (https://webkit.org/blog/13049/).
 */
export function List<T extends { readonly id: string }>({
  items,
  ordered = false,
  className,
  itemClassName,
  children,
}: {
  items: readonly T[];
  ordered?: boolean;
  className?: string;
  itemClassName?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag role="list" className={className}>
      {items.map((item, i) => (
        <li key={item.id} className={itemClassName}>
          {children(item, i)}
        </li>
      ))}
    </Tag>
  );
}

/**
 * A section of the page: its header (`copy`) over a {@link List} of `items`, the section named by
 * the header's heading, `<name>-heading`.
 * @param name the heading's id before `-heading` (`team`)
 */
export function ListSection<T extends { readonly id: string }>({
  name,
  copy,
  background = 'paper',
  children,
  ...list
}: {
  name: string;
  copy: SectionCopy;
  background?: SectionProps['background'];
  items: readonly T[];
  className?: string;
  itemClassName?: string;
  children: (item: T, index: number) => ReactNode;
}) {
  return (
    <Section labelledby={`${name}-heading`} background={background}>
      <SectionHeader copy={copy} headingId={`${name}-heading`} />
      <List {...list}>{children}</List>
    </Section>
  );
}
