/**
 * The asset URL of each drawing a content `image` field may name
 * (docs/decisions/048-content-in-the-database.md): the stored value is the YAML's path relative to
 * this folder (`../assets/awards/x.svg`), which is also the key of Vite's glob here
 * (https://vite.dev/guide/features#glob-import), so the build fingerprints every drawing whether
 * or not a page shows it today. Loaders only: the map stays out of the browser's chunks.
 */
const URLS: Readonly<Record<string, string>> = import.meta.glob(
  ['../assets/awards/*.svg', '../assets/avatars/*.svg'],
  { eager: true, query: '?url', import: 'default' },
);

/**
 * `data` with every string field named `image` replaced by its asset URL.
 * @throws Error naming the path when no drawing has it
 */
export function withImageUrls<T>(data: T): T {
  return JSON.parse(JSON.stringify(data), (key, value: unknown) => {
    if (key !== 'image' || typeof value !== 'string') return value;
    const url = URLS[value];
    if (!url) throw new Error(`No drawing at src/content/${value}`);
    return url;
  }) as T;
}
