/**
 * `/staff/content/media`: the images uploaded for the site's content, and the upload form. The
 * form is a plain multipart post to the upload route (`src/server/content/media-upload.ts`), which
 * answers with a redirect back here carrying what happened and the alt text as typed
 * (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md). A content image field names
 * an upload as `media:<id>`. Each image's alt text can be edited, and an image deleted when no
 * content uses it; the list says where each is used and its sizes
 * (docs/decisions/131-uploads-from-the-item-form-and-the-image-library.md).
 */
import { Fragment } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import { ContentPicture } from '../../components/ui/content-picture.tsx';
import {
  ALT_PROBLEMS,
  FILE_PROBLEMS,
  isUploadStatus,
  MAX_ALT_LENGTH,
  MAX_UPLOAD_BYTES,
  MEDIA_PAGE,
  pictureOf,
  UPLOAD_MESSAGES,
  UPLOAD_PATH,
} from '../../lib/media.ts';
import {
  buttonClass,
  ColumnHeads,
  IntentButton,
  Notice,
  PageHeading,
  Section,
} from '../components/ui.tsx';
import { CONTENT_BASE } from '../content-paths.ts';
import { formatDateTime, isoTime } from '../format.ts';
import { requireRole } from '../roles.server.ts';
import { mediaUses, useInWords } from '../media.server.ts';
import { record, staffRequest } from '../session.server.ts';
import type { Route } from './+types/content-media.ts';

export async function loader({ context, request }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const media = staffRequest(context).server.media;
  const list = media ? await media.list() : [];
  const uses = await mediaUses(
    context,
    list.map((m) => m.id),
  );
  const query = new URL(request.url).searchParams;
  return {
    statuses: query.getAll('status').filter(isUploadStatus),
    alt: (query.get('alt') ?? '').slice(0, MAX_ALT_LENGTH + 1),
    decorative: query.get('decorative') === '1',
    uploadedId: query.get('id') ?? '',
    changed: query.get('changed'),
    images: list.map((m) => ({
      id: m.id,
      picture: pictureOf(m),
      alt: m.alt,
      decorative: m.decorative,
      width: m.width,
      height: m.height,
      sourceFormat: m.sourceFormat,
      uploadedByName: m.uploadedByName,
      uploadedAt: m.uploadedAt,
      widths: [...new Set(m.variants.map((v) => v.width))],
      focus: `${m.focus.x},${m.focus.y}`,
      uses: (uses.get(m.id) ?? []).map(useInWords),
    })),
  };
}

const text = (v: FormDataEntryValue | null): string => (typeof v === 'string' ? v : '');

const CHANGED: Record<string, string> = {
  described: 'Alt text saved. Pages that show the image follow at the next publish.',
  focused: 'Focal point saved. Pages that crop the image follow at the next publish.',
  deleted: 'Image deleted.',
};

/** An image's alt text edited (`describe`), or the image deleted when nothing uses it. */
export async function action({ context, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const media = staffRequest(context).server.media;
  const form = await request.formData();
  const id = text(form.get('id'));
  const image = media ? await media.get(id) : undefined;
  if (!media || !image) {
    return data({ id, error: 'That image is no longer here: reload the page.' }, { status: 404 });
  }
  if (form.get('intent') === 'delete') {
    const uses = (await mediaUses(context, [id])).get(id) ?? [];
    if (uses.length > 0) {
      const where = uses.map(useInWords).join('; ');
      return data(
        {
          id,
          error: `This image is still used, so it was not deleted. Choose another image in: ${where}.`,
        },
        { status: 409 },
      );
    }
    await media.remove(id);
    await record(context, 'media-deleted', null, `media ${id}`);
    return redirect(`${MEDIA_PAGE}?changed=deleted`, 303);
  }
  if (form.get('intent') === 'focus') {
    const point = FOCUS_POINTS.find((p) => p.value === form.get('focus'));
    if (!point) return data({ id, error: 'Choose one of the nine points.' }, { status: 400 });
    const [x, y] = point.value.split(',').map(Number) as [number, number];
    await media.focus(id, { x, y });
    await record(context, 'media-focused', null, `media ${id}`);
    return redirect(`${MEDIA_PAGE}?changed=focused`, 303);
  }
  if (form.get('intent') !== 'describe') {
    return data({ id, error: 'That change cannot be made here.' }, { status: 400 });
  }
  const decorative = form.get('decorative') !== null;
  const alt = text(form.get('alt')).trim();
  if (!decorative && !alt)
    return data({ id, error: UPLOAD_MESSAGES['alt-missing'] }, { status: 400 });
  if (alt.length > MAX_ALT_LENGTH) {
    return data({ id, error: UPLOAD_MESSAGES['alt-too-long'] }, { status: 400 });
  }
  await media.describe(id, { alt, decorative });
  await record(context, 'media-described', null, `media ${id}`);
  return redirect(`${MEDIA_PAGE}?changed=described`, 303);
}

export default function Media({ loaderData, actionData }: Route.ComponentProps) {
  const { statuses, alt, decorative, uploadedId, images, changed } = loaderData;
  const fileProblem = statuses.find((s) => FILE_PROBLEMS.includes(s));
  const altProblem = statuses.find((s) => ALT_PROBLEMS.includes(s));
  const done = statuses.find((s) => s === 'uploaded' || s === 'duplicate');
  return (
    <>
      <PageHeading
        title="Images"
        lede="Images for the site's content. Each upload is re-encoded for the web; nothing else of the file is kept."
      >
        <Link to={CONTENT_BASE} className="underline underline-offset-4">
          Content
        </Link>
      </PageHeading>
      {done ? (
        <Notice tone="status">
          {UPLOAD_MESSAGES[done]} Use it in an image field as <code>media:{uploadedId}</code>.
        </Notice>
      ) : null}
      {changed && CHANGED[changed] ? <Notice tone="status">{CHANGED[changed]}</Notice> : null}
      {actionData?.error ? <Notice tone="alert">{actionData.error}</Notice> : null}
      {fileProblem || altProblem ? (
        <Notice tone="alert">The image was not uploaded: see the messages below.</Notice>
      ) : null}
      <Section title="Upload an image" id="upload">
        <Form
          method="post"
          action={UPLOAD_PATH}
          encType="multipart/form-data"
          reloadDocument
          noValidate
          className="max-w-xl"
        >
          <div className="mb-4 flex flex-col gap-1">
            <label htmlFor="media-alt" className="text-sm font-semibold">
              Alt text
            </label>
            <p id="media-alt-hint" className="text-sm text-stone-600">
              What the image shows, for people who cannot see it (up to {MAX_ALT_LENGTH}{' '}
              characters).
            </p>
            <textarea
              id="media-alt"
              name="alt"
              rows={2}
              defaultValue={alt}
              aria-invalid={altProblem ? true : undefined}
              aria-describedby={altProblem ? 'media-alt-hint media-alt-error' : 'media-alt-hint'}
              className="rounded-md border border-stone-500 px-3 py-2 text-base"
            />
            {altProblem ? (
              <p id="media-alt-error" className="text-sm font-semibold text-accent">
                {UPLOAD_MESSAGES[altProblem]}
              </p>
            ) : null}
          </div>
          <div className="mb-4 flex items-start gap-3">
            <input
              id="media-decorative"
              type="checkbox"
              name="decorative"
              defaultChecked={decorative}
              className="mt-1 size-5 shrink-0 accent-ink"
            />
            <label htmlFor="media-decorative">
              Decorative: it adds nothing the text does not say (no alt text)
            </label>
          </div>
          <div className="mb-4 flex flex-col gap-1">
            <label htmlFor="media-file" className="text-sm font-semibold">
              Image file
            </label>
            <p id="media-file-hint" className="text-sm text-stone-600">
              JPEG, PNG, WebP, AVIF, GIF or SVG, up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB.
            </p>
            <input
              id="media-file"
              type="file"
              name="file"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif,image/svg+xml"
              aria-invalid={fileProblem ? true : undefined}
              aria-describedby={
                fileProblem ? 'media-file-hint media-file-error' : 'media-file-hint'
              }
              className="text-base"
            />
            {fileProblem ? (
              <p id="media-file-error" className="text-sm font-semibold text-accent">
                {UPLOAD_MESSAGES[fileProblem]}
              </p>
            ) : null}
          </div>
          <button type="submit" className={buttonClass('primary')}>
            Upload
          </button>
        </Form>
      </Section>
      <Section title="Uploaded images" id="uploaded">
        {images.length === 0 ? (
          <p>No image has been uploaded yet.</p>
        ) : (
          <table className="w-full max-w-4xl border-collapse text-sm">
            <thead>
              <ColumnHeads names={['Image', 'Alt text', 'Where it is used', 'Uploaded']} />
            </thead>
            <tbody>
              {images.map((image) => (
                <Fragment key={image.id}>
                  <tr className="align-top">
                    <td className="py-3 pr-4">
                      <ContentPicture
                        image={image.picture}
                        alt=""
                        width={96}
                        sizes="96px"
                        className="h-auto w-24 bg-stone-100"
                      />
                    </td>
                    <td className="py-3 pr-4 break-words">
                      {image.decorative ? <em>Decorative (no alt text)</em> : image.alt}
                      <span className="block text-stone-600">
                        {image.width} × {image.height} px, from {image.sourceFormat.toUpperCase()};
                        sizes {image.widths.join(', ')} px wide
                      </span>
                    </td>
                    <td className="py-3 pr-4">
                      {image.uses.length > 0 ? (
                        <ul role="list" className="grid gap-1">
                          {image.uses.map((use) => (
                            <li key={use}>{use}</li>
                          ))}
                        </ul>
                      ) : (
                        <p>Not used</p>
                      )}
                      <code className="mt-1 block break-all text-stone-600">media:{image.id}</code>
                      <Form method="post" className="mt-2">
                        <input type="hidden" name="id" value={image.id} />
                        <IntentButton
                          intent="delete"
                          tone="danger"
                          describe={`Delete the image “${image.decorative ? 'decorative' : image.alt}”`}
                        >
                          Delete
                        </IntentButton>
                      </Form>
                    </td>
                    <td className="py-3">
                      <time dateTime={isoTime(image.uploadedAt)}>
                        {formatDateTime(image.uploadedAt)}
                      </time>
                      {image.uploadedByName ? (
                        <span className="block text-stone-600">by {image.uploadedByName}</span>
                      ) : null}
                    </td>
                  </tr>
                  <tr className="border-b border-stone-200">
                    <td colSpan={4} className="pb-3">
                      <div className="flex flex-wrap gap-x-8">
                        <DescribeForm
                          image={image}
                          error={actionData?.id === image.id ? actionData.error : undefined}
                        />
                        <FocusForm image={image} />
                      </div>
                    </td>
                  </tr>
                </Fragment>
              ))}
            </tbody>
          </table>
        )}
      </Section>
    </>
  );
}

/** Editing an image's alt text, folded until opened (a `<details>`: no JavaScript needed). */
function DescribeForm({
  image,
  error,
}: {
  image: { id: string; alt: string; decorative: boolean };
  error: string | undefined;
}) {
  const field = `alt-${image.id}`;
  return (
    <details className="mt-2 w-full max-w-md" open={error ? true : undefined}>
      <summary className="min-h-11 cursor-pointer py-2 font-semibold underline underline-offset-4">
        Edit alt text
      </summary>
      <Form method="post" className="grid gap-2">
        <input type="hidden" name="id" value={image.id} />
        <label htmlFor={field} className="font-semibold">
          Alt text
        </label>
        <textarea
          id={field}
          name="alt"
          rows={2}
          defaultValue={image.alt}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-error` : undefined}
          className="rounded-md border border-stone-500 px-3 py-2 text-base"
        />
        {error ? (
          <p id={`${field}-error`} className="font-semibold text-accent">
            {error}
          </p>
        ) : null}
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            name="decorative"
            defaultChecked={image.decorative}
            className="size-5 accent-ink"
          />
          Decorative (no alt text)
        </label>
        <button type="submit" name="intent" value="describe" className={buttonClass()}>
          Save alt text
        </button>
      </Form>
    </details>
  );
}

/** The focal points offered, as `x,y` percent, in reading order. */
const FOCUS_POINTS = [
  { value: '0,0', label: 'Top left' },
  { value: '50,0', label: 'Top' },
  { value: '100,0', label: 'Top right' },
  { value: '0,50', label: 'Left' },
  { value: '50,50', label: 'Middle' },
  { value: '100,50', label: 'Right' },
  { value: '0,100', label: 'Bottom left' },
  { value: '50,100', label: 'Bottom' },
  { value: '100,100', label: 'Bottom right' },
] as const;

/** The point a crop keeps in view, as a grid of nine radio buttons over the image's place. */
function FocusForm({ image }: { image: { id: string; focus: string } }) {
  const legend = `focus-${image.id}`;
  return (
    <details className="mt-2 w-full max-w-md">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold underline underline-offset-4">
        Focal point for crops
      </summary>
      <Form method="post" className="grid gap-2">
        <input type="hidden" name="id" value={image.id} />
        <fieldset aria-labelledby={legend}>
          <legend id={legend} className="mb-1">
            Where pages that crop this image keep it in view
          </legend>
          <div className="grid max-w-72 grid-cols-3 gap-1">
            {FOCUS_POINTS.map((p) => (
              <label
                key={p.value}
                className="flex min-h-11 items-center gap-2 rounded-sm border border-stone-300 px-2"
              >
                <input
                  type="radio"
                  name="focus"
                  value={p.value}
                  defaultChecked={image.focus === p.value}
                  className="size-5 shrink-0 accent-ink"
                />
                <span>{p.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" name="intent" value="focus" className={buttonClass()}>
          Save focal point
        </button>
      </Form>
    </details>
  );
}
