/**
 * The browser router's hydration data (react-router's `HydrationState`) as JSON that can sit in a
 * `<script type="application/json">` data block: the server writes it (`toHydrationJson`), the
 * browser's entry parses it into `createBrowserRouter`'s `hydrationData` (`fromHydrationJson`).
 *
 * Route errors cannot travel as class instances: an `Error` travels as its message only (never
 * its stack), a thrown `data()`/`Response` as the plain fields of react-router's `ErrorResponse`,
 * which `isRouteErrorResponse` recognises by shape.
 */
import type { ErrorResponse, HydrationState } from 'react-router';

/**
 * A route error as it travels: react-router's error responses also carry `internal` (true for the
 * router's own 404/405), which `isRouteErrorResponse` checks.
 */
type TravellingError = { error: string } | { response: ErrorResponse & { internal: boolean } };

/** JSON with `<`, `>`, `&` and the line separators escaped, so it cannot end its element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * @param state the static handler's context (`loaderData`, `actionData`, `errors`)
 * @returns script-safe JSON
 */
export function toHydrationJson(state: HydrationState): string {
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([id, error]): [string, TravellingError] => {
          const e = error as Partial<ErrorResponse & { internal: boolean }>;
          return [
            id,
            typeof e.status === 'number'
              ? {
                  response: {
                    status: e.status,
                    statusText: e.statusText ?? '',
                    data: e.data ?? null,
                    internal: e.internal === true,
                  },
                }
              : { error: 'Unexpected error' },
          ];
        }),
      )
    : null;
  return scriptSafeJson({ loaderData: state.loaderData, actionData: state.actionData, errors });
}

/**
 * @param json what {@link toHydrationJson} wrote
 * @throws SyntaxError when `json` is not JSON (a page the server did not render)
 */
export function fromHydrationJson(json: string): HydrationState {
  const state = JSON.parse(json) as Omit<HydrationState, 'errors'> & {
    errors: Record<string, TravellingError> | null;
  };
  const errors = state.errors
    ? Object.fromEntries(
        Object.entries(state.errors).map(([id, e]) => [
          id,
          'response' in e ? e.response : new Error(e.error),
        ]),
      )
    : null;
  return { ...state, errors };
}
