/**
 * An item's edit form and its conflict view (docs/decisions/050-drafts-publish-and-conflicts.md):
 * a plain post carrying the base it was drawn from; on a conflict, the newer version and the
 * typed one side by side, the typed text kept in the form, whose base is now the newer one
 * ("Save mine anyway"), or a way back to the newer version (discard).
 */
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { RichText } from '../../components/ui/rich-text.tsx';
import { toPlainText } from '../../lib/rich-text.ts';
import {
  richTextOf,
  type ConflictView,
  type FieldSpec,
  type FormValues,
  type ItemForm,
} from '../content-form.ts';
import { buttonClass, Notice } from './ui.tsx';
import { ContentFields } from './content-fields.tsx';

const leaves = (fields: readonly FieldSpec[]): FieldSpec[] =>
  fields.flatMap((f) => (f.kind === 'group' ? f.entries.flatMap((e) => leaves(e.fields)) : [f]));

/** Each field's label, with its fieldset's legend when it sits in one. */
export function fieldLabels(fields: readonly FieldSpec[], prefix = ''): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind === 'group') {
      for (const e of f.entries) Object.assign(labels, fieldLabels(e.fields, `${e.legend}: `));
    } else labels[f.name] = `${prefix}${f.label}`;
  }
  return labels;
}

/** The fields whose texts differ between `a` and `b` (null: the item does not exist there). */
export function changedFields(
  fields: readonly FieldSpec[],
  a: FormValues | null,
  b: FormValues | null,
): string[] {
  return leaves(fields)
    .map((f) => f.name)
    .filter((name) => (a?.[name] ?? '') !== (b?.[name] ?? ''));
}

/** Two versions of the changed fields side by side. */
export function SideBySide({
  fields,
  left,
  right,
  leftTitle,
  rightTitle,
}: {
  fields: readonly FieldSpec[];
  left: FormValues | null;
  right: FormValues | null;
  leftTitle: string;
  rightTitle: string;
}) {
  const labels = fieldLabels(fields);
  const changed = changedFields(fields, left, right);
  if (changed.length === 0) return <p>The two versions are the same.</p>;
  const rich = new Set(
    leaves(fields)
      .filter((f) => f.kind === 'richtext')
      .map((f) => f.name),
  );
  // Rich text drawn as the pages draw it (bold, italic, links, lists), and named when only its
  // formatting differs, since the words alone would read the same on both sides.
  const formatOnly = (name: string): boolean =>
    rich.has(name) &&
    left !== null &&
    right !== null &&
    toPlainText(richTextOf(left, name)) === toPlainText(richTextOf(right, name));
  const text = (values: FormValues | null, name: string) => {
    if (values === null) return <em>(not there)</em>;
    if (rich.has(name)) {
      const value = richTextOf(values, name);
      return toPlainText(value) ? (
        <div className="flex flex-col gap-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5">
          <RichText value={value} />
        </div>
      ) : (
        <em>(blank)</em>
      );
    }
    return values[name] ? (
      <span className="whitespace-pre-wrap">{values[name]}</span>
    ) : (
      <em>(blank)</em>
    );
  };
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <thead>
        <tr className="border-b border-ink text-left">
          <th scope="col" className="w-1/5 py-2 pr-4">
            Field
          </th>
          <th scope="col" className="py-2 pr-4">
            {leftTitle}
          </th>
          <th scope="col" className="py-2">
            {rightTitle}
          </th>
        </tr>
      </thead>
      <tbody>
        {changed.map((name) => (
          <tr key={name} className="border-b border-stone-200 align-top">
            <th scope="row" className="py-2 pr-4 text-left font-semibold break-words">
              {labels[name] ?? name}
              {formatOnly(name) ? (
                <span className="block text-xs font-normal text-stone-600">
                  Only the formatting changed
                </span>
              ) : null}
            </th>
            <td className="py-2 pr-4 break-words">{text(left, name)}</td>
            <td className="py-2 break-words">{text(right, name)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The item's form: its fields, the base it was drawn from, and its actions beside it — the save
 * button first (the one Enter in a field presses), then `actions` (more submit buttons, each
 * `name="intent"`), under `status` (what state the item is in). At 1024 px and wider the actions
 * sit in a column beside the fields and stay in view; narrower, in a bar kept at the bottom of the
 * screen while the form is on it. A plain post: every button works without JavaScript.
 */
export function ItemFormView({
  form,
  submit,
  actions,
  status,
  onChange,
  onSubmit,
}: {
  form: ItemForm;
  submit: string;
  actions?: ReactNode;
  status?: ReactNode;
  /** Called on every edit of a field (input or change event), e.g. to note unsaved changes. */
  onChange?: ((form: HTMLFormElement) => void) | undefined;
  /** Called when the form posts itself (a button or Enter). */
  onSubmit?: (() => void) | undefined;
}) {
  return (
    <Form
      method="post"
      noValidate
      aria-label="Item"
      className="grid gap-6 lg:grid-cols-[minmax(0,48rem)_16rem] lg:items-start lg:gap-10"
      onInput={onChange ? (e) => onChange(e.currentTarget) : undefined}
      onChange={onChange ? (e) => onChange(e.currentTarget) : undefined}
      onSubmit={onSubmit}
    >
      <div className="min-w-0">
        <input type="hidden" name="baseRelease" value={form.baseRelease ?? ''} />
        <input type="hidden" name="seenVersion" value={form.seenVersion ?? ''} />
        <ContentFields
          fields={form.fields}
          values={form.values}
          errors={form.errors}
          media={form.media}
        />
      </div>
      <div
        role="group"
        aria-label="Save and publish"
        className="staff-action-bar sticky bottom-0 z-10 -mx-4 flex flex-col gap-3 border-t border-stone-300 bg-paper px-4 py-3 text-sm md:-mx-8 md:px-8 lg:top-6 lg:bottom-auto lg:mx-0 lg:rounded-md lg:border lg:p-4"
      >
        {status}
        <div className="flex flex-wrap gap-2 lg:flex-col lg:items-stretch">
          <button type="submit" name="intent" value="save" className={buttonClass('primary')}>
            {submit}
          </button>
          {actions}
        </div>
      </div>
    </Form>
  );
}

/** The 409 page's body: what is newer, what was typed, and the choices. */
export function ConflictPanel({
  form,
  conflict,
  back,
}: {
  form: ItemForm;
  conflict: ConflictView;
  back: string;
}) {
  const { theirs } = conflict;
  const newer =
    conflict.reason === 'draft'
      ? `${theirs.by || 'Someone'} saved a newer draft of this item`
      : conflict.reason === 'exists'
        ? `An item with this id was published (release ${theirs.release ?? '?'})`
        : `This item was published again (release ${theirs.release ?? '?'})`;
  const theirTitle = conflict.reason === 'draft' ? `${theirs.by || 'Their'} draft` : 'Published';
  return (
    <>
      <Notice tone="alert">
        <p className="font-semibold">Not saved: {newer} after you began editing.</p>
        <p>
          Nothing was overwritten. Compare the two below. Your text is still in the form: save it on
          top of the newer version, or discard it and start from the newer one.
        </p>
      </Notice>
      <section aria-labelledby="conflict-compare" className="mb-8">
        <h2 id="conflict-compare" className="mb-3 font-display text-xl">
          The two versions
        </h2>
        <SideBySide
          fields={form.fields}
          left={theirs.values}
          right={form.values}
          leftTitle={theirTitle}
          rightTitle="Yours (not saved)"
        />
      </section>
      <section aria-labelledby="conflict-yours">
        <h2 id="conflict-yours" className="mb-3 font-display text-xl">
          Your version
        </h2>
        <ItemFormView form={form} submit="Save mine anyway" />
        <p className="mt-4">
          <Link to={back} className="underline underline-offset-4" reloadDocument>
            Discard mine and open the newer version
          </Link>
        </p>
      </section>
    </>
  );
}
