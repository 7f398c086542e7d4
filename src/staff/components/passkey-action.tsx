/**
 * A passkey ceremony (https://www.w3.org/TR/webauthn-3/) through its route's action
 * (`../passkeys.server.ts`): options, the browser's prompt, the answer, whose redirect loads the
 * next page. Rendered disabled until hydrated in a browser with passkeys: they need JavaScript.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { KeyRound as keyRound } from 'lucide';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useFetcher } from 'react-router';
import { Icon } from '../../components/ui/icon.tsx';
import { buttonClass } from './ui.tsx';

/** The action's answer when it does not redirect. */
export type CeremonyStep = { options: unknown } | { error: string };

const noSubscription = () => () => {};

function cancelled(error: unknown, creating: boolean): string {
  if (
    error instanceof WebAuthnError &&
    error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'
  ) {
    return 'This device already holds a passkey for your account.';
  }
  const what = creating ? 'create' : 'use';
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return `No passkey was ${creating ? 'created' : 'used'}: the request was cancelled or timed out. Try again when ready.`;
  }
  return `This browser could not ${what} a passkey. Try again, or use another device.`;
}

export function PasskeyAction({
  label,
  action,
  body = {},
  creating,
}: {
  label: string;
  action: string;
  /** Sent with both steps: the invite token, the next path. */
  body?: Record<string, string>;
  /** Enrolment or a second device, not sign-in. */
  creating: boolean;
}) {
  // False on the server and while hydrating; then whether this browser supports passkeys.
  const ready = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const fetcher = useFetcher<CeremonyStep>();
  const step = fetcher.data;
  const started = useRef<CeremonyStep | undefined>(undefined);
  // The options whose prompt has ended (answered, cancelled or failed).
  const [settled, setSettled] = useState<CeremonyStep | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const post = (json: Record<string, unknown>) =>
    fetcher.submit({ ...body, ...json } as never, {
      method: 'post',
      action,
      encType: 'application/json',
    });

  useEffect(() => {
    if (fetcher.state !== 'idle' || !step || !('options' in step) || started.current === step)
      return;
    started.current = step;
    const optionsJSON = step.options as never;
    (creating ? startRegistration({ optionsJSON }) : startAuthentication({ optionsJSON })).then(
      (response) => {
        setSettled(step);
        void post({ intent: 'verify', response });
      },
      (error: unknown) => {
        setSettled(step);
        setProblem(cancelled(error, creating));
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer of the action
  }, [fetcher.state, step]);

  const prompting = fetcher.state === 'idle' && !!step && 'options' in step && settled !== step;
  const busy = prompting || fetcher.state !== 'idle';
  const error = busy ? null : (problem ?? (step && 'error' in step ? step.error : null));
  return (
    <div>
      <button
        type="button"
        className={buttonClass('primary')}
        disabled={!ready || busy}
        onClick={() => {
          setProblem(null);
          void post({ intent: 'options' });
        }}
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
        {busy ? 'Waiting for your device…' : ''}
      </p>
      {error ? (
        <p role="alert" className="max-w-prose text-sm font-semibold text-accent">
          {error}
        </p>
      ) : null}
    </div>
  );
}
