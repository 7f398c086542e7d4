/**
 * An upload from inside an image field, drawn once hydrated: the file, its alt text (or
 * "Decorative") and a button that sends them to the upload route with `fetch`, asking for JSON
 * (`UploadAnswer` in `src/lib/media.ts`), so the item form and everything typed in it stay. The
 * stored image becomes the field's chosen image; a refusal is shown beside the button. Its
 * controls have no `name`: they never post with the item form. Without JavaScript the field links
 * to the images page instead (docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md).
 */
import { useId, useState, useSyncExternalStore } from 'react';
import { MAX_ALT_LENGTH, UPLOAD_PATH, type UploadAnswer } from '../../lib/media.ts';
import type { MediaChoice } from '../content-form.ts';
import { buttonClass } from './ui.tsx';

const noSubscription = () => () => {};

/** The upload's controls; `onUploaded` receives the stored image to choose. */
export function ImageUpload({ onUploaded }: { onUploaded: (choice: MediaChoice) => void }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  // A file input cannot be emptied by React: a new one (a new key) is drawn after an upload.
  const [round, setRound] = useState(0);
  const [state, setState] = useState<{ busy: boolean; said: string; refused: boolean }>({
    busy: false,
    said: '',
    refused: false,
  });
  if (!hydrated) return null;

  const upload = async () => {
    const body = new FormData();
    // The alt text first: a refusal of the file still reads it (src/server/content/media-upload.ts).
    body.set('alt', alt);
    if (decorative) body.set('decorative', '1');
    if (file) body.set('file', file);
    setState({ busy: true, said: 'Uploading…', refused: false });
    try {
      const res = await fetch(UPLOAD_PATH, {
        method: 'POST',
        body,
        headers: { Accept: 'application/json' },
      });
      const answer = (await res.json()) as UploadAnswer;
      if (!answer.choice) {
        setState({ busy: false, said: answer.messages.join(' '), refused: true });
        return;
      }
      onUploaded(answer.choice);
      setState({
        busy: false,
        said: `${answer.messages.join(' ')} It is chosen here.`,
        refused: false,
      });
      setFile(null);
      setRound((n) => n + 1);
      setAlt('');
      setDecorative(false);
    } catch {
      setState({
        busy: false,
        said: 'The upload did not get through: check the connection and send it again.',
        refused: true,
      });
    }
  };

  return (
    <div
      className="mt-4 grid gap-3 rounded-md bg-stone-50 p-3"
      role="group"
      aria-labelledby={`${id}-h`}
    >
      <p id={`${id}-h`} className="text-sm font-semibold">
        Upload a new image here
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-alt`} className="text-sm font-semibold">
          Alt text
        </label>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          maxLength={MAX_ALT_LENGTH + 1}
          disabled={decorative}
          onChange={(e) => setAlt(e.currentTarget.value)}
          className="min-h-11 rounded-md border border-stone-500 bg-paper px-3 py-2"
        />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={decorative}
          onChange={(e) => setDecorative(e.currentTarget.checked)}
          className="size-5 accent-ink"
        />
        Decorative (adds nothing for someone who cannot see it)
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-file`} className="text-sm font-semibold">
          Image file
        </label>
        <input
          key={round}
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml"
          onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          className="text-sm"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={buttonClass()}
          disabled={state.busy}
          onClick={() => void upload()}
        >
          Upload and choose it
        </button>
        <p role={state.refused ? 'alert' : 'status'} className="text-sm">
          {state.said}
        </p>
      </div>
    </div>
  );
}
