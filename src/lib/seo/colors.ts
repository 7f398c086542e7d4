/** Brand colours for generated artwork and the manifest: `@theme` tokens of `global.css`. */
export const COLORS = {
  ink: '#141210',
  paper: '#ffffff',
  stone300: '#d2c9bc',
  stone500: '#77695a',
  stone800: '#2c2620',
  /** The accent's on-ink variant (8.3:1 on ink). */
  accent: '#fb923c',
} as const;
