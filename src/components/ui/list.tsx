import type { ReactNode } from 'react';

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
