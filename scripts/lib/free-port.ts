/**
 * One free-port helper for every script and test that starts a private server (check-html, the
 * benches, the throwaway PostgreSQL, the docker and e2e suites).
 *
 * It is `get-port` rather than our own `listen(0)`: besides asking the kernel for an unused port,
 * get-port remembers the ports it handed out for 15–30 s and never hands one out twice in that
 * time, so two servers started in quick succession by one process (PostgreSQL, then the site;
 * the site and its metrics port) cannot be given the same port before either has bound it.
 * Another process may still take the port between this call and `listen`; callers bind soon.
 */
import getPort from 'get-port';

/**
 * A TCP port that is free on every local interface right now.
 *
 * @returns the port number (1024–65535, from the kernel's ephemeral range)
 * @throws Error when no port can be bound at all (the machine is out of ports)
 */
export function freePort(): Promise<number> {
  return getPort();
}
