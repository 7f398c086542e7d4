/** React elements only, never HTML; what is outside the allowlist is skipped, its text kept. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  isExternalLink,
  linkProblem,
  toRichText,
  type RichTextInput,
  type RichTextHeading,
  type RichTextParagraph,
  type RichTextText,
} from '../../lib/rich-text.ts';
import { cx } from './cx.ts';

const LINK_CLASS = 'underline decoration-stone-300 underline-offset-4 hover:decoration-accent';

function Marked({ node }: { node: RichTextText }) {
  let out: ReactNode = node.text;
  for (const mark of node.marks ?? []) {
    if (mark.type === 'bold') out = <strong>{out}</strong>;
    else if (mark.type === 'italic') out = <em>{out}</em>;
    else if (mark.type === 'link' && !linkProblem(mark.attrs.href)) {
      const href = mark.attrs.href;
      out = href.startsWith('/') ? (
        <Link to={href} className={LINK_CLASS}>
          {out}
        </Link>
      ) : (
        <a
          href={href}
          className={LINK_CLASS}
          rel={isExternalLink(href) ? 'noopener noreferrer' : undefined}
        >
          {out}
        </a>
      );
    }
  }
  return out;
}

const inline = (p: RichTextParagraph | RichTextHeading) =>
  (p.content ?? []).map((node, i) => <Marked key={i} node={node} />);

/** `blockClassName` is on every top-level block, so one paragraph renders as plain text did. */
export function RichText({
  value,
  blockClassName,
}: {
  value: RichTextInput;
  blockClassName?: string | undefined;
}) {
  return toRichText(value).content.map((block, i) => {
    if (block.type === 'paragraph') {
      return (
        <p key={i} className={blockClassName}>
          {inline(block)}
        </p>
      );
    }
    if (block.type === 'heading') {
      const level = block.attrs?.level === 3 ? 3 : 2;
      const Heading = level === 3 ? 'h3' : 'h2';
      return (
        <Heading
          key={i}
          className={cx(
            blockClassName,
            'font-display text-ink',
            level === 3 ? 'pt-2 text-xl' : 'pt-4 text-subtitle',
          )}
        >
          {inline(block)}
        </Heading>
      );
    }
    if (block.type === 'blockquote') {
      return (
        <blockquote
          key={i}
          className={cx(blockClassName, 'space-y-4 border-l-2 border-accent pl-6 italic')}
        >
          {(Array.isArray(block.content) ? block.content : []).map((p, k) => (
            <p key={k}>{inline(p)}</p>
          ))}
        </blockquote>
      );
    }
    if (block.type !== 'bulletList' && block.type !== 'orderedList') return null;
    const items = block.content.map((item, j) => (
      <li key={j}>
        {item.content.length === 1
          ? inline(item.content[0]!)
          : item.content.map((p, k) => <p key={k}>{inline(p)}</p>)}
      </li>
    ));
    return block.type === 'orderedList' ? (
      <ol
        key={i}
        start={block.attrs?.start}
        className={cx(blockClassName, 'list-decimal space-y-1 pl-6')}
      >
        {items}
      </ol>
    ) : (
      <ul key={i} className={cx(blockClassName, 'list-disc space-y-1 pl-6')}>
        {items}
      </ul>
    );
  });
}
