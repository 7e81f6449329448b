// Reordering by drag and drop (mouse, touch, and the keyboard: Space or Enter on a handle picks an
// entry up, arrows move it, Space or Enter drops it, Escape cancels), with what happens announced to
// screen readers in the app's language. Lists keep their Move up / Move down buttons as well.
import { DndContext, KeyboardSensor, MouseSensor, TouchSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { createContext, useContext, useRef } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { NoMessageValues } from 'react-intl';
import './sortable.css';

const messages = defineMessages<{
  instructions: NoMessageValues;
  handle: { label: string };
  pickedUp: { label: string; position: number; count: number };
  movedTo: { label: string; position: number; count: number };
  dropped: { label: string; position: number; count: number };
  cancelled: { label: string };
}>({
  instructions: {
    id: 'components.sortable.instructions',
    defaultMessage:
      'To reorder, press Space or Enter on the handle, move with the arrow keys, then press Space or Enter again to drop, or Escape to cancel.',
  },
  handle: { id: 'components.sortable.handle', defaultMessage: 'Drag to reorder {label}' },
  pickedUp: {
    id: 'components.sortable.pickedUp',
    defaultMessage: 'Picked up {label}, position {position, number} of {count, number}.',
  },
  movedTo: {
    id: 'components.sortable.movedTo',
    defaultMessage: '{label} moved to position {position, number} of {count, number}.',
  },
  dropped: {
    id: 'components.sortable.dropped',
    defaultMessage: '{label} dropped at position {position, number} of {count, number}.',
  },
  cancelled: { id: 'components.sortable.cancelled', defaultMessage: 'Reordering {label} cancelled.' },
});

const LabelContext = createContext<(id: UniqueIdentifier) => string>(String);

interface SortableListProps {
  ids: UniqueIdentifier[];
  /** The entry's name in announcements and on its handle. */
  labelOf: (id: UniqueIdentifier) => string;
  /** An entry was dropped elsewhere: from and to are indexes into `ids`. */
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

export function SortableList({ ids, labelOf, onMove, children }: SortableListProps) {
  const intl = useIntl();
  const sensors = useSensors(
    // A small distance, so a click on the handle stays a click.
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // A short press, so a swipe over the list still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const moved = useRef(false);
  const count = ids.length;
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return intl.formatMessage(messages.pickedUp, { label: labelOf(active.id), position: position(active.id), count });
    },
    onDragOver: ({ active, over }) => {
      if (!over) return undefined;
      // Right after the pick-up the entry is over its own place: keep "Picked up…" for the reader.
      if (over.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return intl.formatMessage(messages.movedTo, { label: labelOf(active.id), position: position(over.id), count });
    },
    onDragEnd: ({ active, over }) =>
      intl.formatMessage(messages.dropped, {
        label: labelOf(active.id),
        position: position(over?.id ?? active.id),
        count,
      }),
    onDragCancel: ({ active }) => intl.formatMessage(messages.cancelled, { label: labelOf(active.id) }),
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  }

  return (
    <LabelContext.Provider value={labelOf}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: intl.formatMessage(messages.instructions) } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {children}
        </SortableContext>
      </DndContext>
    </LabelContext.Provider>
  );
}

/** For one entry: the ref and style of the moving element, and its handle. */
export function useSortableEntry(id: UniqueIdentifier, disabled: boolean) {
  const labelOf = useContext(LabelContext);
  const intl = useIntl();
  // Renamed: dnd-kit's callbacks are ref callbacks, not ref objects read during render.
  const {
    setNodeRef: attachEntry,
    setActivatorNodeRef: attachHandle,
    attributes,
    listeners,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button
      ref={attachHandle}
      type="button"
      className="icon-button icon-button--small drag-handle"
      {...attributes}
      {...listeners}
      disabled={disabled}
      aria-label={intl.formatMessage(messages.handle, { label: labelOf(id) })}
      title={intl.formatMessage(messages.handle, { label: labelOf(id) })}
    >
      <GripVertical size={18} aria-hidden="true" />
    </button>
  );
  return { attach: attachEntry, style, dragging: isDragging, handle };
}

/** Moves one entry of a list from one index to another. */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}
