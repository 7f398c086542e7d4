/**
 * A list's rows reordered by drag and drop, loaded with `import()` once the page has hydrated
 * (docs/decisions/061-staff-pages-budget.md): dnd-kit's sortable preset
 * (https://docs.dndkit.com/presets/sortable) with its pointer sensor on each row's handle and its
 * keyboard sensor (Space or Enter picks the row up, the arrow keys move it, Space or Enter drops
 * it, Escape puts it back), every step announced in a live region in editors' words. The rows'
 * Up and Down buttons stay beside it: the same change without JavaScript.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { cx } from '../../components/ui/cx.ts';

/** What a row's handle needs: the row's key and its name for staff. */
export interface SortableRow {
  key: string;
  label: string;
}

export interface SortableRowsProps<R extends SortableRow> {
  rows: readonly R[];
  /** Draws one row; `handle` is its drag handle, to place where the row wants it. */
  row: (row: R, n: number, handle: ReactNode) => ReactNode;
  /** Called when a row is dropped at another place (`to` from 0). */
  onMove: (key: string, to: number) => void;
}

const INSTRUCTIONS =
  'To move an item, press Space or Enter on its handle, then the up and down arrow keys. ' +
  'Press Space or Enter again to drop it there, or Escape to put it back.';

/** The announcements, naming the item and its place as staff count it (from 1). */
function announcements(rows: readonly SortableRow[]): Announcements {
  const name = (id: UniqueIdentifier) => rows.find((r) => r.key === id)?.label ?? 'The item';
  const place = (id: UniqueIdentifier | undefined) =>
    `place ${rows.findIndex((r) => r.key === id) + 1} of ${rows.length}`;
  return {
    onDragStart: ({ active }) => `Picked up “${name(active.id)}”, in ${place(active.id)}.`,
    // Picking up is over its own place: that is said by onDragStart.
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? `“${name(active.id)}” is over ${place(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `“${name(active.id)}” dropped in ${place(over.id)}. The new order is saved as a draft.`
        : `“${name(active.id)}” dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving cancelled: “${name(active.id)}” is back in ${place(active.id)}.`,
  };
}

/** The rows as an `<ol>` whose items can be dragged by their handles. */
export function SortableRows<R extends SortableRow>({ rows, row, onMove }: SortableRowsProps<R>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const to = rows.findIndex((r) => r.key === over?.id);
    if (over && active.id !== over.id && to >= 0) onMove(String(active.id), to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: announcements(rows),
        screenReaderInstructions: { draggable: INSTRUCTIONS },
      }}
    >
      <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy}>
        <ol role="list" className="divide-y divide-stone-200 border-y border-stone-200">
          {rows.map((r, n) => (
            <Sortable key={r.key} row={r} n={n} draw={row} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function Sortable<R extends SortableRow>({
  row,
  n,
  draw,
}: {
  row: R;
  n: number;
  draw: SortableRowsProps<R>['row'];
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: row.key });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-roledescription="sortable item"
      aria-label={`Drag to move “${row.label}”`}
      className="inline-flex min-h-11 min-w-11 shrink-0 cursor-grab touch-none items-center justify-center rounded-md border border-stone-300 bg-paper text-ink hover:border-ink active:cursor-grabbing"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" fill="currentColor">
        {[3, 8, 13].flatMap((y) =>
          [5.5, 10.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.5" />),
        )}
      </svg>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx('relative bg-paper', isDragging && 'z-10 shadow-lg')}
    >
      {draw(row, n, handle)}
    </li>
  );
}
