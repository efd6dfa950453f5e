import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Switch } from '../../components/Switch.js';
import styles from './Arrange.module.css';
import { TEXTS } from './texts.js';

export interface ArrangeListProps<T> {
  /** Names the list for screen readers. */
  label: string;
  items: readonly T[];
  /** A stable id per item (kept when the item moves). */
  idOf: (item: T) => string;
  labelOf: (item: T) => string;
  shownOf: (item: T) => boolean;
  /** What the row shows of the item, between its drag handle and its controls. */
  renderItem: (item: T) => ReactNode;
  onToggle: (index: number, shown: boolean) => void;
  onMove: (from: number, to: number) => void;
  className?: string;
}

type Direction = 'up' | 'down';

function Row({
  id,
  label,
  shown,
  index,
  count,
  children,
  onToggle,
  onMove,
  buttonRef,
}: {
  id: string;
  label: string;
  shown: boolean;
  index: number;
  count: number;
  children: ReactNode;
  onToggle: (shown: boolean) => void;
  onMove: (direction: Direction) => void;
  buttonRef: (direction: Direction, button: HTMLButtonElement | null) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const first = index === 0;
  const last = index === count - 1;
  return (
    <li
      ref={setNodeRef}
      className={`${styles.row} ${shown ? '' : styles.off} ${isDragging ? styles.dragging : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" ref={setActivatorNodeRef} className={styles.handle} {...attributes} {...listeners} aria-label={TEXTS.dragHandle(label)}>
        <GripVertical size={20} aria-hidden />
      </button>
      <div className={styles.item}>{children}</div>
      <div className={styles.controls}>
        <Switch
          label={<span className="visually-hidden">{TEXTS.showOnCard(label)}</span>}
          checked={shown}
          onCheckedChange={onToggle}
          stateText={<span className={shown ? styles.shown : styles.hidden}>{shown ? TEXTS.shown : TEXTS.hidden}</span>}
        />
        <div className={styles.moves}>
          {/* aria-disabled, not disabled: the button keeps the focus when its item reaches an end. */}
          <button
            type="button"
            ref={(button) => buttonRef('up', button)}
            className={styles.move}
            aria-label={TEXTS.moveUp(label)}
            aria-disabled={first}
            onClick={() => !first && onMove('up')}>
            <ArrowUp size={18} aria-hidden />
          </button>
          <button
            type="button"
            ref={(button) => buttonRef('down', button)}
            className={styles.move}
            aria-label={TEXTS.moveDown(label)}
            aria-disabled={last}
            onClick={() => !last && onMove('down')}>
            <ArrowDown size={18} aria-hidden />
          </button>
        </div>
      </div>
    </li>
  );
}

/**
 * A list the owner arranges: each item with an on/off switch (a switched-off item stays listed, marked
 * Hidden), reordered by dragging its handle (pointer, touch, or the keyboard: Space, arrows, Space) or by
 * its Move up / Move down buttons. Every move is announced with the item's new position.
 */
export default function ArrangeList<T>({ label, items, idOf, labelOf, shownOf, renderItem, onToggle, onMove, className }: ArrangeListProps<T>) {
  const ids = items.map(idOf);
  const count = items.length;
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [refocus, setRefocus] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // Reordering moves the row's element, which can drop the focus: it goes back to the button pressed.
  useEffect(() => {
    if (!refocus) return;
    const button = buttons.current.get(refocus);
    if (button && document.activeElement !== button) button.focus();
    setRefocus(null);
  }, [refocus, items]);

  const labelAt = (id: UniqueIdentifier) => {
    const index = ids.indexOf(String(id));
    return index >= 0 ? labelOf(items[index]!) : '';
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => TEXTS.pickedUp(labelAt(active.id), positionOf(active.id), count),
    onDragOver: ({ active, over }) => (over ? TEXTS.draggedOver(labelAt(active.id), positionOf(over.id), count) : undefined),
    onDragEnd: ({ active, over }) => (over ? TEXTS.moved(labelAt(active.id), positionOf(over.id), count) : TEXTS.dropCancelled(labelAt(active.id))),
    onDragCancel: ({ active }) => TEXTS.dropCancelled(labelAt(active.id)),
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= count || from === to) return;
    onMove(from, to);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: TEXTS.dragInstructions } }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={`${styles.list} ${className ?? ''}`} aria-label={label}>
          {items.map((item, index) => {
            const id = ids[index]!;
            const name = labelOf(item);
            return (
              <Row
                key={id}
                id={id}
                label={name}
                shown={shownOf(item)}
                index={index}
                count={count}
                onToggle={(shown) => onToggle(index, shown)}
                onMove={(direction) => {
                  const to = direction === 'up' ? index - 1 : index + 1;
                  move(index, to);
                  setAnnouncement(TEXTS.moved(name, to + 1, count));
                  setRefocus(`${id}:${direction}`);
                }}
                buttonRef={(direction, button) => {
                  if (button) buttons.current.set(`${id}:${direction}`, button);
                  else buttons.current.delete(`${id}:${direction}`);
                }}>
                {renderItem(item)}
              </Row>
            );
          })}
        </ul>
      </SortableContext>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </DndContext>
  );
}
