/**
 * The router's `HydrationState` as JSON for a `<script type="application/json">` block. Route
 * errors travel as plain data: an error response as the fields `isRouteErrorResponse` knows, any
 * other error as "Unexpected error", never its message or stack.
 */
import type { ErrorResponse, HydrationState } from 'react-router';

/** `internal`: the router's own 404/405, which the guard checks. */
type TravellingError = { error: string } | { response: ErrorResponse & { internal: boolean } };

/** `<`, `>`, `&` and the line separators escaped, so it cannot end its element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** @param state the static handler's `loaderData`, `actionData` and `errors` */
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

/** @throws SyntaxError when `json` is not what {@link toHydrationJson} wrote. */
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
