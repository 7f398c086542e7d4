/**
 * A value a `beforeAll` hook makes (a server, an app), named at a test file's top level before it
 * exists: `value` stands for it, each member read from the value once `set` has given it.
 */
export interface StartedLater<T extends object> {
  /** Stands for the value; reading a member before `set` throws. */
  readonly value: T;
  set(value: T): void;
  /** The value, or `undefined` before `set` (for an `afterAll` that closes it). */
  current(): T | undefined;
}

/** @param what the value's name in the error when it is read too early (`the staff server`) */
export function startedLater<T extends object>(what: string): StartedLater<T> {
  let started: T | undefined;
  return {
    value: new Proxy({} as T, {
      get(_, key) {
        if (!started) throw new Error(`${what} is read before test.beforeAll started it`);
        return Reflect.get(started, key) as unknown;
      },
    }),
    set(value) {
      started = value;
    },
    current: () => started,
  };
}
