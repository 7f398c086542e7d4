/** The part of autocannon's API the benches use (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    method?: string;
    body?: string;
    /** Requests a second from all connections together (per worker). */
    overallRate?: number;
    headers?: Record<string, string>;
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      setupRequest?: (request: object) => object;
    }>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    '2xx': number;
    /** Answers by status code, e.g. `'303'`. */
    statusCodeStats: Partial<Record<string, { count: number }>>;
    errors: number;
    timeouts: number;
    /** seconds */
    duration: number;
  }
  /** The run: a promise of its result that also emits each answer as it arrives. */
  interface Instance extends Promise<Result> {
    on(
      event: 'response',
      listener: (
        client: unknown,
        statusCode: number,
        resBytes: number,
        responseTime: number,
      ) => void,
    ): void;
  }
  export default function autocannon(options: Options): Instance;
}
