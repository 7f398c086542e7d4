/**
 * The staff app's HTML document, hydrated whole. The router's hydration data is a
 * `<script type="application/json">` block, not executed, so the CSP needs nothing for it.
 */
import type { ReactNode } from 'react';
import type { HydrationState } from 'react-router';

export const STAFF_DATA_ID = 'staff-data';

/** What the data block holds. */
export interface StaffData {
  /** Stylesheet URLs of the staff app (its own CSS, never the public site's). */
  stylesheets: string[];
  /** The router's state after the server's loaders and action (route errors as tagged objects). */
  hydration: HydrationState;
}

/** JSON that can sit inside a `<script>` element: `<`, `>`, `&` and line separators escaped. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export function StaffDocument({
  stylesheets,
  dataJson,
  children,
}: {
  stylesheets: readonly string[];
  /** The data block's text, exactly as the server wrote it. */
  dataJson: string;
  children: ReactNode;
}) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="same-origin" />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="min-h-svh bg-paper font-sans text-ink antialiased">
        {children}
        <script
          type="application/json"
          id={STAFF_DATA_ID}
          // The server's own JSON, escaped for a script element; no markup from anyone else.
          dangerouslySetInnerHTML={{ __html: dataJson }}
        />
      </body>
    </html>
  );
}
