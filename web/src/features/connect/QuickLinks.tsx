import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { QUICK_LINK_GRID_COLUMNS } from '@tapcard/shared/constants';
import type { CardField } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { FieldIcon } from '../../components/FieldIcon.js';
import styles from './Connect.module.css';
import { QuickLinkDialog } from './QuickLinkDialog.js';
import { TEXTS } from './texts.js';
import { useLongPress } from './useLongPress.js';

function QuickLinkTile({
  field,
  deleteMode,
  busy,
  onOpen,
  onToggleDeleteMode,
  onDelete,
}: {
  field: CardField;
  deleteMode: boolean;
  busy: boolean;
  onOpen: () => void;
  onToggleDeleteMode: () => void;
  onDelete: () => void;
}) {
  const { handlers, wasLongPress } = useLongPress(onToggleDeleteMode);
  return (
    <li className={styles.linkItem}>
      <button
        type="button"
        className={styles.linkTile}
        {...handlers}
        onClick={() => {
          if (!wasLongPress()) onOpen();
        }}
        aria-label={`Edit ${field.label}`}
      >
        <FieldIcon name={field.icon} size={28} />
        <span className={styles.linkLabel}>{field.label}</span>
      </button>
      {deleteMode && (
        <button type="button" className={styles.deleteLink} onClick={onDelete} disabled={busy} aria-label={`Delete ${field.label}`}>
          <X size={16} aria-hidden />
        </button>
      )}
    </li>
  );
}

/** Positions are the index counting from 1, as strings. */
const renumber = (fields: CardField[]): CardField[] => fields.map((f, i) => ({ ...f, position: String(i + 1) }));

/**
 * Part 1 §2.7 Quick Links: a grid of 4 columns with each link's icon and label. A link opens the
 * modal to change it; 'Add link' adds one. Holding a link for 1000 ms, or the 'Edit links' toggle
 * (for keyboards and screen readers), switches delete mode. Every change saves the card at once.
 */
export function QuickLinks({
  fields,
  saving,
  onSaveFields,
}: {
  fields: CardField[];
  saving: boolean;
  onSaveFields: (fields: CardField[], texts?: { ok: string; fail: string }) => Promise<boolean>;
}) {
  const [deleteMode, setDeleteMode] = useState(false);
  /** The index of the link being changed, 'new' for an added one, null when the modal is closed. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  const save = async (field: CardField) => {
    const next = editing === 'new' || editing === null ? [...fields, field] : fields.map((f, i) => (i === editing ? field : f));
    if (await onSaveFields(renumber(next))) setEditing(null);
  };
  const remove = async (index: number) => {
    const next = renumber(fields.filter((_, i) => i !== index));
    if ((await onSaveFields(next, { ok: TEXTS.itemDeleted, fail: TEXTS.itemDeleteFailed })) && next.length === 0) setDeleteMode(false);
  };

  return (
    <section className={`${styles.section} ${deleteMode ? styles.deleteMode : ''}`} aria-labelledby="links-heading">
      <div className={styles.sectionHeader}>
        <h2 id="links-heading">Quick Links</h2>
        <div className={styles.sectionActions}>
          {fields.length > 0 && (
            <Button variant="ghost" className={deleteMode ? styles.pressed : undefined} aria-pressed={deleteMode} onClick={() => setDeleteMode((on) => !on)}>
              Edit links
            </Button>
          )}
        </div>
      </div>
      <ul className={styles.linksGrid} style={{ gridTemplateColumns: `repeat(${QUICK_LINK_GRID_COLUMNS}, minmax(0, 1fr))` }}>
        {fields.map((field, index) => (
          <QuickLinkTile
            key={`${field.position}-${field.type}-${field.content}`}
            field={field}
            deleteMode={deleteMode}
            busy={saving}
            onOpen={() => setEditing(index)}
            onToggleDeleteMode={() => setDeleteMode((on) => !on)}
            onDelete={() => void remove(index)}
          />
        ))}
        <li className={styles.linkItem}>
          <button type="button" className={styles.addTile} onClick={() => setEditing('new')}>
            <Plus size={28} aria-hidden />
            <span className={styles.linkLabel}>Add link</span>
          </button>
        </li>
      </ul>
      <p className={styles.hint} aria-live="polite">
        {deleteMode ? 'Delete mode: choose × on a link to delete it.' : fields.length === 0 ? TEXTS.noLinks : 'Press and hold a link to delete links.'}
      </p>
      {editing !== null && (
        <QuickLinkDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          field={editing === 'new' ? null : (fields[editing] ?? null)}
          position={editing === 'new' ? fields.length + 1 : editing + 1}
          saving={saving}
          onSave={(field) => void save(field)}
        />
      )}
    </section>
  );
}
