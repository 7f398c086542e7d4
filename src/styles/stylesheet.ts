/**
 * The whole stylesheet as a module: every page's `lazy` in the browser entry awaits it, and Vite
 * resolves the import once the `<link rel="stylesheet">` has loaded, so nothing hydrates or
 * navigates before it (docs/decisions/026-critical-css-by-beasties.md).
 */
import './global.css';
