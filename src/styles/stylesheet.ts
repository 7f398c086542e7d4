/**
 * The whole site stylesheet as a module the browser entry imports on demand (decision 011).
 *
 * Pages paint with the CSS their route uses, inlined by the server. Before the first client-side
 * navigation the entry imports this module; Vite then adds the built stylesheet as a
 * `<link rel="stylesheet">` and resolves the import once it has loaded, so the next page never
 * renders unstyled.
 */
import './global.css';
