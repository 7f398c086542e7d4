/**
 * A button that runs a passkey ceremony (`../ceremonies.ts`) and then loads the page the server
 * named. Server-rendered disabled with a `<noscript>` explanation: ceremonies need JavaScript, so
 * the button comes alive only once the page has hydrated in a browser that supports passkeys.
 * Progress is announced politely, a failure at once.
 */
import { KeyRound as keyRound } from 'lucide';
import { useState, useSyncExternalStore } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { passkeysSupported, type CeremonyResult } from '../ceremonies.ts';
import { buttonClass } from './ui.tsx';

const noSubscription = () => () => {};

/** False on the server and while hydrating; then whether this browser supports passkeys. */
function usePasskeysReady(): boolean {
  return useSyncExternalStore(noSubscription, passkeysSupported, () => false);
}

/** Whether the page has hydrated (false on the server and while hydrating). */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

export function PasskeyAction({
  label,
  busyLabel,
  run,
  variant = 'primary',
}: {
  label: string;
  /** Announced while the browser's prompt is open. */
  busyLabel: string;
  run: () => Promise<CeremonyResult>;
  variant?: 'primary' | 'secondary';
}) {
  const ready = usePasskeysReady();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    const result = await run();
    if (result.ok) {
      // A new session or passkey: load the next page whole, with the new session's data.
      window.location.assign(result.redirectTo);
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  return (
    <div>
      <button
        type="button"
        className={buttonClass(variant)}
        disabled={!ready || busy}
        onClick={() => void start()}
      >
        <Icon icon={keyRound} size={18} />
        {label}
      </button>
      <noscript>
        <p className="mt-3 max-w-prose text-sm">
          Passkeys are created and used by your browser&rsquo;s own prompt, which needs JavaScript.
          Turn it on for this site, then reload the page.
        </p>
      </noscript>
      {hydrated && !ready ? (
        <p role="alert" className="mt-3 max-w-prose text-sm">
          This browser cannot use passkeys. Use an up-to-date Chrome, Edge, Firefox or Safari.
        </p>
      ) : null}
      <p role="status" className="mt-3 min-h-5 text-sm text-stone-700">
        {busy ? busyLabel : ''}
      </p>
      {error ? (
        <p role="alert" className="max-w-prose text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}
