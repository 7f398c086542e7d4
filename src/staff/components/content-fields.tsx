/**
 * An item's form fields, drawn from the field shapes its schema gives (`../content-form.ts`):
 * labels and hints written for editors (the definitions' `label` and `help`), each message
 * beside its field (`aria-describedby`, `aria-invalid`) and the typed text kept. Works without JavaScript. Rich
 * text is `RichTextEditor` (docs/decisions/052-rich-text-for-longer-texts.md); an image is a
 * radio group of the uploads (docs/decisions/051-uploaded-images-re-encoded-in-the-database.md).
 */
import { memo, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ContentPicture } from '../../components/ui/content-picture.tsx';
import { MEDIA_PAGE, mediaId } from '../../lib/media.ts';
import {
  currentFieldName,
  fieldId,
  originalFieldName,
  richTextOf,
  type FieldSpec,
  type FormErrors,
  type FormValues,
  type MediaChoice,
} from '../content-form.ts';
import { ImageUpload } from './image-upload.tsx';
import { RichTextEditor } from './rich-text-editor.tsx';

const INPUT = 'min-h-11 w-full rounded-md border border-stone-500 px-3 py-2 text-base';

function Described({
  field,
  errors,
  children,
}: {
  field: FieldSpec;
  errors: string[] | undefined;
  children: (describedBy: string | undefined, invalid: true | undefined) => React.ReactNode;
}) {
  const id = fieldId(field.name);
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {children(describedBy, errorId ? true : undefined)}
      {field.hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {field.hint}
        </p>
      ) : null}
      {errors?.length ? (
        <ul id={errorId} role="list" className="text-sm font-semibold text-accent">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * An image field: the uploads as radio buttons with their thumbnails and alt text, and the value
 * the form was drawn with (a drawing's path) kept as a choice of its own.
 */
function ImageChoice({
  field,
  value,
  current,
  media,
  errors,
}: {
  field: FieldSpec;
  value: string;
  current: string;
  media: readonly MediaChoice[];
  errors: string[] | undefined;
}) {
  const id = fieldId(field.name);
  // Images uploaded from this field (`ImageUpload`), first; the newest is clicked, so chosen.
  const [added, setAdded] = useState<MediaChoice[]>([]);
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const newest = added[0];
    if (newest)
      group.current?.querySelector<HTMLInputElement>(`input[value="media:${newest.id}"]`)?.click();
  }, [added]);
  const choices = [...added, ...media.filter((m) => !added.some((a) => a.id === m.id))];
  const keep = current !== '' && !choices.some((m) => `media:${m.id}` === current);
  const option = 'flex min-h-11 items-center gap-3 rounded-md border border-stone-300 p-2';
  // The ids `Described` gives the hint and the messages.
  const describedBy =
    [field.hint ? `${id}-hint` : '', errors?.length ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <fieldset
      ref={group}
      role="radiogroup"
      aria-labelledby={`${id}-legend`}
      aria-describedby={describedBy}
      aria-invalid={errors?.length ? true : undefined}
      aria-required={field.required}
      className="mb-6 rounded-md border border-stone-300 p-4"
    >
      <legend id={`${id}-legend`} className="px-1 text-sm font-semibold">
        {field.label}
        {field.required ? '' : ' (optional)'}
      </legend>
      <input type="hidden" name={currentFieldName(field.name)} value={current} />
      <Described field={field} errors={errors}>
        {() => (
          <ul role="list" className="mt-2 grid gap-2 sm:grid-cols-2">
            {keep ? (
              <li>
                <label className={option}>
                  <input
                    type="radio"
                    name={field.name}
                    value={current}
                    defaultChecked={value === current}
                    className="size-5 accent-ink"
                  />
                  {/* Its file's path is the code's business, not the editor's. */}
                  <span>
                    {mediaId(current) ? 'Keep the current image' : 'Keep the current drawing'}
                  </span>
                </label>
              </li>
            ) : null}
            {field.required ? null : (
              <li>
                <label className={option}>
                  <input
                    type="radio"
                    name={field.name}
                    value=""
                    defaultChecked={value === ''}
                    className="size-5 accent-ink"
                  />
                  <span>No image</span>
                </label>
              </li>
            )}
            {choices.map((m) => (
              <li key={m.id}>
                <label className={option}>
                  <input
                    type="radio"
                    name={field.name}
                    value={`media:${m.id}`}
                    defaultChecked={value === `media:${m.id}`}
                    className="size-5 shrink-0 accent-ink"
                  />
                  {/* Decorative here: the alt text beside it names the choice once. */}
                  <ContentPicture
                    image={{ ...m.picture, alt: '' }}
                    alt=""
                    width={64}
                    sizes="64px"
                    className="h-auto w-16 shrink-0 rounded-sm"
                  />
                  <span className="text-sm break-words">
                    {m.decorative ? 'Decorative image (no alt text)' : m.alt}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </Described>
      <ImageUpload onUploaded={(choice) => setAdded((a) => [choice, ...a])} />
      <p className="mt-3 text-sm">
        {choices.length === 0 ? 'No images are uploaded yet. ' : null}
        <Link to={MEDIA_PAGE} className="underline underline-offset-4">
          Upload an image
        </Link>{' '}
        (a page of its own: save your draft first).
      </p>
    </fieldset>
  );
}

/**
 * Memoised: React writes an uncontrolled textarea's `defaultValue` again on every render, which
 * moves the caret of someone typing to the start; a field renders again only when its props
 * change (a new answer from the server).
 */
const Field = memo(function Field({
  field,
  values,
  errors,
  media,
}: {
  field: FieldSpec;
  values: FormValues;
  errors: FormErrors;
  media: readonly MediaChoice[];
}) {
  const id = fieldId(field.name);
  const value = values[field.name] ?? '';
  const own = errors[field.name];
  if (field.kind === 'image') {
    return (
      <ImageChoice
        field={field}
        value={value}
        current={values[currentFieldName(field.name)] ?? ''}
        media={media}
        errors={own}
      />
    );
  }
  if (field.kind === 'richtext') {
    return (
      <div className="mb-5">
        <Described field={field} errors={own}>
          {(describedBy, invalid) => (
            <RichTextEditor
              name={field.name}
              label={`${field.label}${field.required ? '' : ' (optional)'}`}
              value={richTextOf(values, field.name)}
              original={values[originalFieldName(field.name)]}
              describedBy={describedBy}
              invalid={invalid}
              article={field.article}
            />
          )}
        </Described>
      </div>
    );
  }
  if (field.kind === 'group') {
    return (
      <fieldset className="mb-6 rounded-md border border-stone-300 p-4">
        <legend className="px-1 font-semibold">{field.label}</legend>
        {field.hint ? <p className="mb-3 text-sm text-stone-600">{field.hint}</p> : null}
        {own?.length ? (
          <p role="alert" className="mb-3 text-sm font-semibold text-accent">
            {own.join(' ')}
          </p>
        ) : null}
        {field.entries.map((entry) => (
          <fieldset key={entry.legend} className="mb-4 border-t border-stone-200 pt-3">
            <legend className="text-sm font-semibold">{entry.legend}</legend>
            {entry.fields.map((f) => (
              <Field key={f.name} field={f} values={values} errors={errors} media={media} />
            ))}
          </fieldset>
        ))}
      </fieldset>
    );
  }
  // An item's id, fixed once it is made: it names the item in addresses, not on the screen.
  if (field.kind === 'text' && field.readOnly) {
    return <input type="hidden" name={field.name} value={value} />;
  }
  if (field.kind === 'boolean') {
    return (
      <div className="mb-5 flex flex-col gap-1">
        <Described field={field} errors={own}>
          {(describedBy, invalid) => (
            <div className="flex items-center gap-3">
              <input
                id={id}
                type="checkbox"
                name={field.name}
                defaultChecked={value === 'on'}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className="size-5 accent-ink"
              />
              <label htmlFor={id} className="text-sm font-semibold">
                {field.label}
              </label>
            </div>
          )}
        </Described>
      </div>
    );
  }
  return (
    <div className="mb-5 flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {field.label}
        {field.required ? '' : ' (optional)'}
      </label>
      <Described field={field} errors={own}>
        {(describedBy, invalid) => {
          const common = {
            id,
            name: field.name,
            defaultValue: value,
            'aria-describedby': describedBy,
            'aria-invalid': invalid,
            className: INPUT,
          };
          if (field.kind === 'select') {
            return (
              <select {...common}>
                {field.required ? null : <option value="">(none)</option>}
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            );
          }
          if (field.kind === 'number') {
            return (
              <input
                {...common}
                type="number"
                inputMode="numeric"
                step={field.integer ? 1 : 'any'}
                min={field.min}
              />
            );
          }
          if (field.kind === 'lines' || (field.kind === 'text' && field.multiline)) {
            const rows = Math.min(12, Math.max(3, value.split('\n').length + 1));
            return <textarea {...common} rows={field.kind === 'lines' ? rows : 4} />;
          }
          return <input {...common} type={field.type ?? 'text'} />;
        }}
      </Described>
    </div>
  );
});

const NO_ERRORS: FormErrors = {};
const NO_MEDIA: readonly MediaChoice[] = [];

/** Every field of an item's form; `media` the uploads an image field may choose. */
export function ContentFields({
  fields,
  values,
  errors = NO_ERRORS,
  media = NO_MEDIA,
}: {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors?: FormErrors | undefined;
  media?: readonly MediaChoice[] | undefined;
}) {
  return (
    <>
      {errors[''] ? (
        <p role="alert" className="mb-4 text-sm font-semibold text-accent">
          {errors[''].join(' ')}
        </p>
      ) : null}
      {fields.map((field) => (
        <Field key={field.name} field={field} values={values} errors={errors} media={media} />
      ))}
    </>
  );
}
