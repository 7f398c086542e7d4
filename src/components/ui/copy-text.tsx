/** Copy with `{name}` placeholders, apart so only the pages that need it carry their rules. */
import { fillPlaceholders } from '../../content/placeholders.ts';

/** @throws Error for an unknown placeholder (fails the build) */
export function CopyText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {fillPlaceholders(text).map((part, i) =>
        part.href ? (
          <a
            key={i}
            href={part.href}
            className={
              linkClassName ??
              'underline decoration-stone-300 underline-offset-4 hover:decoration-accent'
            }
          >
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
