/**
 * `npm run build`: the production build (spec §9) into BUILD_DIR (default `dist`):
 * Vite's client and server environments (vite.config.ts).
 *
 * Exit 1 when any step fails (a content error names the file and the field).
 */
import { createBuilder } from 'vite';

const builder = await createBuilder({ logLevel: process.env['BUILD_LOG_LEVEL'] === 'silent' ? 'silent' : 'info' });
await builder.buildApp();
