/** The staff area's building blocks: the site's type, colours and focus ring, no motion or imagery. */
import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { cx } from '../../components/ui/cx.ts';

const BUTTON =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md border px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';

/**
 * A rich-text field's box: the textarea drawn without JavaScript and the editor that replaces it
 * (`./rich-text-editor.tsx`, `./rich-text-tiptap.tsx`) look alike.
 */
export const RICH_TEXT_FIELD =
  'w-full rounded-md border border-stone-500 bg-paper px-3 py-2 text-base leading-relaxed';

/** A one-line text, search or date field's box, the touch target's height of a button. */
export const TEXT_FIELD = 'min-h-11 rounded-md border border-stone-500 px-3 text-base';

/** `primary`: the screen's one main action. */
export function buttonClass(variant: 'primary' | 'secondary' | 'danger' = 'secondary'): string {
  return cx(
    BUTTON,
    variant === 'primary' && 'border-ink bg-ink text-paper hover:bg-stone-800',
    variant === 'secondary' && 'border-stone-300 bg-paper text-ink hover:border-ink',
    variant === 'danger' && 'border-accent bg-accent text-paper hover:bg-[#9a3412]',
  );
}

/** The document title and `<h1>`. */
export function PageHeading({
  title,
  lede,
  children,
}: {
  title: string;
  lede?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6">
      <title>{`${title} · Staff`}</title>
      <h1 className="font-display text-3xl leading-tight break-words md:text-4xl">{title}</h1>
      {lede ? <p className="mt-1 text-sm text-stone-600">{lede}</p> : null}
      {children ? <div className="mt-3 flex flex-wrap items-center gap-3">{children}</div> : null}
    </div>
  );
}

/** `status` is announced politely (a confirmation), `alert` at once (a refusal). */
export function Notice({ tone, children }: { tone: 'status' | 'alert'; children: ReactNode }) {
  return (
    <div
      role={tone}
      className={cx(
        'mb-6 rounded-md border-l-4 px-4 py-3 text-sm',
        tone === 'status' ? 'border-ink bg-stone-100' : 'border-accent bg-stone-50 text-ink',
      )}
    >
      {children}
    </div>
  );
}

export function Section({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="mb-3 font-display text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** @param table the explicit row role of a table whose rows CSS displays as blocks (the inbox's) */
export function ColumnHeads({ names, table = false }: { names: string[]; table?: boolean }) {
  return (
    <tr role={table ? 'row' : undefined} className="border-b border-ink text-left">
      {names.map((name, i) => (
        <th
          key={name}
          scope="col"
          className={cx('py-2', i < names.length - 1 && 'pr-4', table && 'font-semibold')}
        >
          {name}
        </th>
      ))}
    </tr>
  );
}

/**
 * A table of records: column heads, then one row per record, `children` drawing the row's cells
 * (a `th scope="row"` first where a record has a name).
 * @param caption the table's name for assistive technology, not shown
 * @param className the table's width and margins (`max-w-4xl`, `mb-6`)
 */
export function RecordTable<T>({
  caption,
  heads,
  rows,
  rowKey,
  className,
  children,
}: {
  caption?: string;
  heads: string[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  className?: string;
  children: (row: T) => ReactNode;
}) {
  return (
    <table className={cx('w-full border-collapse text-sm', className)}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <ColumnHeads names={heads} />
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-b border-stone-200 align-top">
            {children(row)}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A table row's one action, its last cell: a plain post of `field=value` (with `intent` when
 * given); a dash where the row has none (`show` false).
 */
export function RowActionCell({
  show,
  field,
  value,
  intent,
  label,
  describe,
  tone = 'secondary',
}: {
  show: boolean;
  field: string;
  value: string;
  intent?: string;
  label: string;
  /** The button's accessible name, naming the row (`Revoke the link made …`). */
  describe: string;
  tone?: 'secondary' | 'danger';
}) {
  return (
    <td className="py-2">
      {show ? (
        <Form method="post">
          <input type="hidden" name={field} value={value} />
          <IntentButton intent={intent} tone={tone} describe={describe}>
            {label}
          </IntentButton>
        </Form>
      ) : (
        '—'
      )}
    </td>
  );
}

/**
 * A form's submit button in the buttons' look, posting `intent=<intent>` with the form (without
 * `intent`, a plain submit with no name).
 * @param describe the accessible name where the label alone does not say which row it acts on
 *   (`Move “…” up`)
 */
export function IntentButton({
  intent,
  tone = 'secondary',
  describe,
  disabled,
  children,
}: {
  intent?: string | undefined;
  tone?: 'primary' | 'secondary' | 'danger';
  describe?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      {...(intent ? { name: 'intent', value: intent } : {})}
      disabled={disabled}
      className={buttonClass(tone)}
      aria-label={describe}
    >
      {children}
    </button>
  );
}
