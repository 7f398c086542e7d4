/**
 * An item's form fields, drawn from the field shapes its schema gives (`../content-form.ts`):
 * labels, hints from the schema's descriptions, each message beside its field
 * (`aria-describedby`, `aria-invalid`) and the typed text kept. Works without JavaScript.
 */
import { memo } from 'react';
import { fieldId, type FieldSpec, type FormErrors, type FormValues } from '../content-form.ts';

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
          {field.kind === 'lines' ? ' (one per line)' : ''}
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
 * Memoised: React writes an uncontrolled textarea's `defaultValue` again on every render, which
 * moves the caret of someone typing to the start; a field renders again only when its props
 * change (a new answer from the server).
 */
const Field = memo(function Field({
  field,
  values,
  errors,
}: {
  field: FieldSpec;
  values: FormValues;
  errors: FormErrors;
}) {
  const id = fieldId(field.name);
  const value = values[field.name] ?? '';
  const own = errors[field.name];
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
              <Field key={f.name} field={f} values={values} errors={errors} />
            ))}
          </fieldset>
        ))}
      </fieldset>
    );
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
                  <option key={o} value={o}>
                    {o}
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
          return <input {...common} type="text" readOnly={field.readOnly} />;
        }}
      </Described>
    </div>
  );
});

const NO_ERRORS: FormErrors = {};

/** Every field of an item's form. */
export function ContentFields({
  fields,
  values,
  errors = NO_ERRORS,
}: {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors?: FormErrors | undefined;
}) {
  return (
    <>
      {errors[''] ? (
        <p role="alert" className="mb-4 text-sm font-semibold text-accent">
          {errors[''].join(' ')}
        </p>
      ) : null}
      {fields.map((field) => (
        <Field key={field.name} field={field} values={values} errors={errors} />
      ))}
    </>
  );
}
