/**
 * The part of negotiator 1.x's API the server uses. `@types/negotiator` describes 0.6, whose
 * `encoding` has no `preferred` option: without it, a tie in quality goes to the client's order,
 * and Chromium's `gzip, deflate, br, zstd` would get gzip instead of the smaller brotli body.
 */
declare module 'negotiator' {
  import type { IncomingMessage } from 'node:http';
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, 'headers'>);
    /**
     * The acceptable encoding of `available` the client rates highest; on a tie in quality,
     * the first of `options.preferred`. Undefined when none is acceptable.
     */
    encoding(
      available: readonly string[],
      options?: { preferred?: readonly string[] },
    ): string | undefined;
  }
}
