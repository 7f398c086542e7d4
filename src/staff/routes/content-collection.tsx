/**
 * `/staff/content/:collection`: a collection's items as staff recognise them (title, a
 * thumbnail or a snippet, published / draft / scheduled, and whose draft); lists can add an
 * item, reorder (Up and Down buttons, and once hydrated drag and drop with its keyboard
 * equivalent, `../components/sortable-rows.tsx`), remove one and undo a removal until it is
 * published: each a plain post saved as drafts (docs/decisions/050-drafts-publish-and-conflicts.md,
 * docs/decisions/130-lists-staff-recognise.md).
 */
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { data, Form, Link, redirect, useFetcher } from 'react-router';
import type { SortableRowsProps } from '../components/sortable-rows.tsx';
import { buttonClass, IntentButton, Notice, PageHeading } from '../components/ui.tsx';
import { CONTENT_BASE, collectionPath, itemPath } from '../content-paths.ts';
import {
  changeList,
  collectionOr404,
  collectionRows,
  isListCollection,
  type ItemRow,
  restoreDiscarded,
  type ListChange,
} from '../content.server.ts';
import { formatDateTime } from '../format.ts';
import { requireRole } from '../roles.server.ts';
import type { Route } from './+types/content-collection.ts';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const rows = await collectionRows(context, collection.file);
  const search = new URL(request.url).searchParams;
  const named = (key: string | null) => rows.find((r) => r.key === key) ?? null;
  const removed = named(search.get('removed'));
  return {
    collection,
    isList: isListCollection(collection.file),
    rows,
    removed: removed?.undoable ? removed : null,
    restored: named(search.get('restored')),
  };
}

const INTENTS = new Set(['up', 'down', 'remove', 'undo', 'move', 'restore'] as const);
type Intent = typeof INTENTS extends Set<infer I> ? I : never;

export async function action({ context, params, request }: Route.ActionArgs) {
  requireRole(context, 'editor');
  const collection = collectionOr404(params.collection);
  const form = await request.formData();
  const intent = form.get('intent') as Intent;
  const key = form.get('key');
  const to = form.get('to');
  const change: ListChange | null =
    intent === 'move'
      ? typeof to === 'string' && /^\d{1,6}$/.test(to)
        ? { intent, to: Number(to) }
        : null
      : INTENTS.has(intent) && intent !== 'restore'
        ? { intent }
        : null;
  if (!isListCollection(collection.file) || typeof key !== 'string') {
    return data({ error: 'That change cannot be made here.' }, { status: 400 });
  }
  if (intent === 'restore') {
    const value = parsedValue(form.get('value'));
    const refused =
      value === undefined
        ? 'The removed item could not be read back: add it again.'
        : await restoreDiscarded(context, collection.file, key, value);
    if (refused) return data({ error: refused }, { status: 409 });
    return redirect(`${collectionPath(collection)}?restored=${encodeURIComponent(key)}`, 303);
  }
  if (!change) return data({ error: 'That change cannot be made here.' }, { status: 400 });
  const result = await changeList(context, collection.file, key, change);
  if (result && 'refused' in result) return data({ error: result.refused }, { status: 409 });
  // A never-published item is gone at once: its Undo carries it back.
  if (result)
    return data({
      discarded: { ...result.discarded, value: JSON.stringify(result.discarded.value) },
    });
  const done =
    intent === 'remove'
      ? `?removed=${encodeURIComponent(key)}`
      : intent === 'undo'
        ? `?restored=${encodeURIComponent(key)}`
        : '';
  return redirect(`${collectionPath(collection)}${done}`, 303);
}

/** The removed item's JSON as its Undo posts it back; undefined when it is not an object. */
function parsedValue(posted: FormDataEntryValue | null): object | undefined {
  if (typeof posted !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(posted);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

const DRAFT: Record<ItemRow['state'], string | null> = {
  published: null,
  new: 'New',
  changed: 'Changed',
  removed: 'To be removed',
};

const BADGE = 'rounded-sm border px-1.5 text-xs font-semibold';

/** The row's state: published, or its draft's kind and author; and a pending schedule. */
function State({ row }: { row: ItemRow }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-600">
      {DRAFT[row.state] ? (
        <>
          <span className={`${BADGE} border-ink text-ink`}>{DRAFT[row.state]}</span>
          {row.draftBy ? <span>draft by {row.draftBy}</span> : null}
        </>
      ) : (
        <span className={`${BADGE} border-stone-400`}>Published</span>
      )}
      {row.scheduledAt !== null ? (
        <span className={`${BADGE} border-ink text-ink`}>
          Scheduled for {formatDateTime(row.scheduledAt)}
        </span>
      ) : null}
    </p>
  );
}

/** Title (linked), snippet or thumbnail, state. */
function RowText({ row, href }: { row: ItemRow; href: string | null }) {
  return (
    <div className="flex min-w-0 flex-[1_1_16rem] items-start gap-3">
      {row.thumbnail ? (
        <img
          src={row.thumbnail.src}
          width={row.thumbnail.width}
          height={row.thumbnail.height}
          alt=""
          loading="lazy"
          className="size-12 shrink-0 rounded-sm border border-stone-200 bg-stone-100 object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        {href ? (
          <Link to={href} className="font-semibold break-words underline underline-offset-4">
            {row.label}
          </Link>
        ) : (
          <span className="font-semibold break-words line-through">{row.label}</span>
        )}
        {row.snippet ? (
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-stone-700">{row.snippet}</p>
        ) : null}
        <State row={row} />
      </div>
    </div>
  );
}

function MoveButtons({ row, n, count }: { row: ItemRow; n: number; count: number }) {
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="key" value={row.key} />
      <IntentButton intent="up" disabled={n === 0} describe={`Move “${row.label}” up`}>
        Up
      </IntentButton>
      <IntentButton intent="down" disabled={n === count - 1} describe={`Move “${row.label}” down`}>
        Down
      </IntentButton>
      <IntentButton intent="remove" tone="danger" describe={`Remove “${row.label}”`}>
        Remove
      </IntentButton>
    </Form>
  );
}

function UndoButton({ row, children }: { row: ItemRow; children: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="key" value={row.key} />
      <IntentButton intent="undo" describe={`Undo removing “${row.label}”`}>
        {children}
      </IntentButton>
    </Form>
  );
}

type Sortable = ComponentType<SortableRowsProps<ItemRow>>;

/** dnd-kit's rows once imported: a list drawn after that (a client navigation) starts with them. */
let loaded: Sortable | undefined;

export default function Collection({ loaderData, actionData }: Route.ComponentProps) {
  const { collection, isList, rows, removed, restored } = loaderData;
  const fetcher = useFetcher<typeof action>();
  // Undefined on the server and while hydrating: the rows without handles (and without JavaScript).
  const [SortableRows, setSortableRows] = useState<Sortable | undefined>(() => loaded);
  useEffect(() => {
    if (SortableRows || !isList) return;
    let mounted = true;
    import('../components/sortable-rows.tsx').then(
      (m) => {
        loaded = m.SortableRows as Sortable;
        if (mounted) setSortableRows(() => loaded);
      },
      // Not loaded (offline, a new release replaced the chunk): Up and Down still post.
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [SortableRows, isList]);
  const listed = rows.filter((r) => r.state !== 'removed');
  const leaving = rows.filter((r) => r.state === 'removed');
  // While a drop's post is under way the list shows the order it asked for.
  const [drop, setDrop] = useState<{ key: string; to: number } | null>(null);
  const moving = fetcher.state === 'idle' ? null : drop;
  const shown = [...listed];
  if (moving) {
    const at = shown.findIndex((r) => r.key === moving.key);
    if (at >= 0) shown.splice(moving.to, 0, ...shown.splice(at, 1));
  }
  const errorOf = (answer: typeof actionData) =>
    answer && 'error' in answer ? answer.error : undefined;
  const error = errorOf(fetcher.data) ?? errorOf(actionData);
  const discarded = actionData && 'discarded' in actionData ? actionData.discarded : undefined;
  // The removal answers in place (no navigation to the top of the page): the notice takes the
  // focus, which brings it into view from a row far down the list.
  const discardedNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (discarded) discardedNotice.current?.focus();
  }, [discarded]);

  const line = (row: ItemRow, n: number, handle: ReactNode) => (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      {handle}
      <RowText row={row} href={itemPath(collection, row.key)} />
      {isList ? <MoveButtons row={row} n={n} count={shown.length} /> : null}
    </div>
  );
  return (
    <>
      <PageHeading title={collection.label} lede="Changes are drafts until someone publishes them.">
        <Link to={CONTENT_BASE} className="underline underline-offset-4">
          All content
        </Link>
        {isList ? (
          <Link to={`${collectionPath(collection)}/new`} className={buttonClass('primary')}>
            Add an item
          </Link>
        ) : null}
      </PageHeading>
      {error ? <Notice tone="alert">{error}</Notice> : null}
      {removed ? (
        <Notice tone="status">
          <div className="flex flex-wrap items-center gap-3">
            <span>
              “{removed.label}” will be removed from the site at the next publish. Until then you
              can undo it.
            </span>
            <UndoButton row={removed}>Undo</UndoButton>
          </div>
        </Notice>
      ) : null}
      {discarded ? (
        <Notice tone="status">
          <div ref={discardedNotice} tabIndex={-1} className="flex flex-wrap items-center gap-3">
            <span>“{discarded.label}” was never published and is removed. Undo puts it back.</span>
            <Form method="post">
              <input type="hidden" name="key" value={discarded.key} />
              <input type="hidden" name="value" value={discarded.value} />
              <IntentButton intent="restore" describe={`Undo removing “${discarded.label}”`}>
                Undo
              </IntentButton>
            </Form>
          </div>
        </Notice>
      ) : null}
      {restored && restored.state !== 'removed' ? (
        <Notice tone="status">
          “{restored.label}” is back in the list
          {restored.state === 'new' ? ', as a draft.' : ', as published.'}
        </Notice>
      ) : null}
      {SortableRows ? (
        <SortableRows
          rows={shown}
          row={line}
          onMove={(key, to) => {
            setDrop({ key, to });
            void fetcher.submit({ intent: 'move', key, to: String(to) }, { method: 'post' });
          }}
        />
      ) : (
        <ol role="list" className="divide-y divide-stone-200 border-y border-stone-200">
          {shown.map((row, n) => (
            <li key={row.key}>{line(row, n, null)}</li>
          ))}
        </ol>
      )}
      {leaving.length > 0 ? (
        <section aria-labelledby="leaving" className="mt-8">
          <h2 id="leaving" className="font-display text-xl">
            Removed at the next publish
          </h2>
          <ol role="list" className="mt-2 divide-y divide-stone-200 border-y border-stone-200">
            {leaving.map((row) => (
              <li key={row.key} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                <RowText row={row} href={null} />
                {row.undoable ? <UndoButton row={row}>Undo</UndoButton> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
