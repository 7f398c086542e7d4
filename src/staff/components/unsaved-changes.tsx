/**
 * What keeps typed text on an item page once JavaScript runs: a warning before leaving with
 * unsaved changes — the browser's own for a reload, a closed tab or another address
 * (`beforeunload`, https://html.spec.whatwg.org/multipage/nav-history-apis.html#beforeunloadevent),
 * and a dialog of ours for a link inside the staff pages (react-router's `useBlocker`,
 * https://reactrouter.com/api/hooks/useBlocker) — and the draft saved by itself a few seconds
 * after the typing stops (an `autosave` post by a fetcher, which never reloads the page's data,
 * so the fields and the caret stay as they are). An autosave is a save like any other: one that
 * would overwrite someone else's newer save or publish is refused, and the status says so.
 * Without JavaScript none of this runs, and the form posts as it always did.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useFetcher } from 'react-router';
import { buttonClass } from './ui.tsx';

/** How long after the last keystroke the draft is saved by itself, in ms. */
export const AUTOSAVE_MS = 3_000;

/** What the item page's action answers an `autosave` post. */
export type AutosaveAnswer =
  | { kind: 'autosave'; autosaved: true; at: number }
  | { kind: 'autosave'; autosaved: false; reason: 'invalid' | 'conflict' };

/**
 * Tracks a form's unsaved changes and saves them as a draft after {@link AUTOSAVE_MS} of quiet.
 * @param resetKey changes when the page draws a new base (a save, a discard): nothing unsaved
 * @returns `onChange` for the form's edits, `onSubmit` for its own posts (never blocked), and
 *   the state to show
 */
export function useUnsavedChanges(resetKey: string) {
  const fetcher = useFetcher<AutosaveAnswer>();
  const { submit } = fetcher;
  // Edits made, and how many the last autosave carried: unsaved while more were made since.
  const [edits, setEdits] = useState(0);
  const [sent, setSent] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  // A new base from the server (a save, a discard): what is in the form is what is saved.
  const [base, setBase] = useState(resetKey);
  if (base !== resetKey) {
    setBase(resetKey);
    setEdits(0);
    setSent(0);
    setSubmitted(false);
  }
  const count = useRef(0);
  const posting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    count.current = 0;
    posting.current = false;
  }, [resetKey]);

  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const saved = answer?.autosaved ? sent : 0;
  const unsaved = edits > saved && !submitted;

  const onChange = useCallback(
    (element: HTMLFormElement) => {
      count.current += 1;
      setEdits(count.current);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        if (posting.current || !element.isConnected) return;
        const data = new FormData(element);
        data.set('intent', 'autosave');
        setSent(count.current);
        void submit(data, { method: 'post' });
      }, AUTOSAVE_MS);
    },
    [submit],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = useCallback(() => {
    posting.current = true;
    setSubmitted(true);
    clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask for a return value before they warn.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved && currentLocation.pathname !== nextLocation.pathname,
  );

  return { onChange, onSubmit, unsaved, blocker, saving: fetcher.state !== 'idle', answer };
}

/** The status line of autosaving, announced politely. */
export function AutosaveStatus({
  unsaved,
  saving,
  answer,
  format,
}: {
  unsaved: boolean;
  saving: boolean;
  answer: AutosaveAnswer | undefined;
  format: (ms: number) => string;
}) {
  const text = saving
    ? 'Saving the draft…'
    : answer && !answer.autosaved && unsaved
      ? answer.reason === 'conflict'
        ? 'Not saved by itself: someone else changed this item. Save draft to compare the two.'
        : 'Not saved by itself yet: a field needs correcting. Save draft shows which.'
      : answer?.autosaved && !unsaved
        ? `Draft saved by itself at ${format(answer.at)}.`
        : unsaved
          ? 'Unsaved changes: the draft saves by itself when you pause.'
          : '';
  return (
    <p role="status" className="text-stone-700 empty:sr-only">
      {text}
    </p>
  );
}

/** The dialog a blocked link opens: stay (the default, focused) or leave without saving. */
export function LeaveDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const stay = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (blocked && !element.open) {
      element.showModal();
      stay.current?.focus();
    } else if (!blocked && element.open) element.close();
  }, [blocked]);
  return (
    <dialog
      ref={dialog}
      aria-labelledby="leave-title"
      aria-describedby="leave-text"
      // Escape closes the dialog: the same as Stay.
      onCancel={() => blocker.reset?.()}
      className="m-auto max-w-md rounded-md border border-ink bg-paper p-6 text-ink backdrop:bg-ink/40"
    >
      <h2 id="leave-title" className="mb-2 font-display text-xl">
        Leave without saving?
      </h2>
      <p id="leave-text" className="mb-4 text-sm">
        Your latest changes to this item are not saved yet. If you leave now, they are lost.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          ref={stay}
          type="button"
          className={buttonClass('primary')}
          onClick={() => blocker.reset?.()}
        >
          Stay on this page
        </button>
        <button type="button" className={buttonClass()} onClick={() => blocker.proceed?.()}>
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
