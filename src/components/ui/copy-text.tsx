/** Copy with `{token}` placeholders, apart so only the pages that need it carry the token rules. */
import { fillTokens } from '../../content/tokens.ts';

/** @throws Error from `fillTokens` for an unknown token (fails the build and the tests) */
export function CopyText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  return (
    <>
      {fillTokens(text).map((part, i) =>
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
