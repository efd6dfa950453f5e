import { EyeOff, Plus, TriangleAlert, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { QUICK_LINK_GRID_COLUMNS } from '../../lib/ui.js';
import type { CardField } from '@tapcard/shared/contract';
import { ACTIVE_FIELD_STATUS, HIDDEN_FIELD_STATUS, isFieldSwitchedOn } from '@tapcard/shared/domain';
import { Button } from '../../components/Button.js';
import { FieldIcon } from '../../components/FieldIcon.js';
import { Spinner } from '../../components/Spinner.js';
import styles from './Connect.module.css';
import { ArrangeList } from './LazyArrangeList.js';
import { dialogProblems, firstMessage, sameLink, storedLinkProblems, type DialogProblems, type SaveResult, type SaveTexts, type SentLinkProblem } from './link-checks.js';
import { LinkProblems } from './LinkProblems.js';
import { TEXTS } from './texts.js';
import { useLongPress } from './useLongPress.js';

function QuickLinkTile({
  field,
  deleteMode,
  busy,
  problemId,
  onOpen,
  onToggleDeleteMode,
  onDelete,
}: {
  field: CardField;
  deleteMode: boolean;
  busy: boolean;
  /** The id of what is wrong with the link, when something is: it marks the tile and describes it. */
  problemId: string | undefined;
  onOpen: () => void;
  onToggleDeleteMode: () => void;
  onDelete: () => void;
}) {
  const { handlers, wasLongPress } = useLongPress(onToggleDeleteMode);
  const hidden = !isFieldSwitchedOn(field);
  return (
    <li className={styles.linkItem}>
      <button
        type="button"
        className={[styles.linkTile, problemId ? styles.linkTileProblem : '', hidden ? styles.linkTileHidden : ''].filter(Boolean).join(' ')}
        {...handlers}
        onClick={() => {
          if (!wasLongPress()) onOpen();
        }}
        aria-label={hidden ? `Edit ${field.label}, ${TEXTS.hidden}` : `Edit ${field.label}`}
        aria-describedby={problemId}
      >
        {problemId && <TriangleAlert className={styles.linkProblemBadge} size={18} aria-hidden />}
        <FieldIcon name={field.icon} size={28} />
        <span className={styles.linkLabel}>{field.label}</span>
        {hidden && (
          <span className={styles.hiddenMark}>
            <EyeOff size={12} aria-hidden /> {TEXTS.hidden}
          </span>
        )}
      </button>
      {deleteMode && (
        <button type="button" className={styles.deleteLink} onClick={onDelete} disabled={busy} aria-label={`Delete ${field.label}`} aria-describedby={problemId}>
          <X size={16} aria-hidden />
        </button>
      )}
    </li>
  );
}

// The modal (its form, rules and switch) is fetched when a link is first opened, not with the page.
const QuickLinkDialog = lazy(() => import('./QuickLinkDialog.js').then((m) => ({ default: m.QuickLinkDialog })));

/** Positions are the index counting from 1, as strings. */
const renumber = (fields: CardField[]): CardField[] => fields.map((f, i) => ({ ...f, position: String(i + 1) }));

/** A link's id in the arrange list: the server's, or (a link not saved yet) what it holds. */
const arrangeId = (field: CardField) => field.id ?? `${field.type}|${field.label}|${field.content}`;

/** The links with one moved from `from` to `to`, renumbered. */
export function moveLink(fields: CardField[], from: number, to: number): CardField[] {
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return renumber(next);
}

/**
 * Quick Links: a grid of 4 columns with each link's icon and label. A link opens the
 * modal to change it; 'Add link' adds one. Holding a link for 1000 ms, or the 'Edit links' toggle
 * (for keyboards and screen readers), switches delete mode. Every change saves the card at once.
 *
 * A link that stops the card from saving (it fails its type's rule, or the last save's answer named it)
 * is marked on its tile and listed under the grid with its message and 'Change' / 'Delete'; when a save
 * outside the modal is refused because of one, the focus moves to its 'Change'. The modal shows the
 * messages about its own link under its fields.
 *
 * 'Arrange links' lists the links with an on/off switch each (a hidden link stays saved, marked Hidden
 * in the grid too) and a drag handle and Move up / Move down buttons; each change is saved at once,
 * shown before the answer, and undone with a toast if the save is refused.
 */
export function QuickLinks({
  fields,
  saving,
  saveProblems,
  onSaveFields,
  onArrangeFields,
}: {
  fields: CardField[];
  saving: boolean;
  /** The links the last refused save named (none after a save that went through). */
  saveProblems: SentLinkProblem[];
  onSaveFields: (fields: CardField[], texts?: SaveTexts) => Promise<SaveResult>;
  /** Saves the links' switches and order (shown at once, undone if refused). */
  onArrangeFields: (fields: CardField[]) => Promise<SaveResult>;
}) {
  const [deleteMode, setDeleteMode] = useState(false);
  const [arranging, setArranging] = useState(false);
  /** The index of the link being changed, 'new' for an added one, null when the modal is closed. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  /** What the modal shows about its link (and any other that blocked its save). */
  const [modalProblems, setModalProblems] = useState<DialogProblems | undefined>(undefined);
  const problems = storedLinkProblems(fields, saveProblems);
  const problemIdBase = useId();
  const problemId = (index: number) => (problems[index] ? `${problemIdBase}-problem-${index}` : undefined);
  const changeButtons = useRef(new Map<number, HTMLButtonElement>());
  const handledProblems = useRef(saveProblems);

  useEffect(() => {
    if (handledProblems.current === saveProblems) return;
    handledProblems.current = saveProblems;
    // A refused save from the modal is shown in the modal.
    if (editing !== null) return;
    const first = fields.findIndex((field) => saveProblems.some((problem) => sameLink(problem.field, field)));
    if (first >= 0) changeButtons.current.get(first)?.focus();
  }, [saveProblems, editing, fields]);

  const open = (index: number | 'new') => {
    const own = index === 'new' ? null : problems[index];
    setModalProblems(own ? dialogProblems(own, []) : undefined);
    setEditing(index);
  };
  const save = async (field: CardField) => {
    const index = editing === 'new' || editing === null ? fields.length : editing;
    const next = index === fields.length ? [...fields, field] : fields.map((f, i) => (i === index ? field : f));
    const result = await onSaveFields(renumber(next));
    if (result.ok) setEditing(null);
    else
      setModalProblems(
        dialogProblems(
          result.problems.find((problem) => problem.index === index)?.messages,
          result.problems.filter((problem) => problem.index !== index),
        ),
      );
  };
  const remove = async (index: number) => {
    const next = renumber(fields.filter((_, i) => i !== index));
    if ((await onSaveFields(next, { ok: TEXTS.itemDeleted, fail: TEXTS.itemDeleteFailed })).ok && next.length === 0) setDeleteMode(false);
  };

  return (
    <section className={`${styles.section} ${deleteMode ? styles.deleteMode : ''}`} aria-labelledby="links-heading">
      <div className={styles.sectionHeader}>
        <h2 id="links-heading">Quick Links</h2>
        <div className={styles.sectionActions}>
          {fields.length > 0 && (
            <Button
              variant="ghost"
              className={arranging ? styles.pressed : undefined}
              aria-pressed={arranging}
              onClick={() => {
                setArranging((on) => !on);
                setDeleteMode(false);
              }}>
              {TEXTS.arrangeLinks}
            </Button>
          )}
          {fields.length > 0 && !arranging && (
            <Button variant="ghost" className={deleteMode ? styles.pressed : undefined} aria-pressed={deleteMode} onClick={() => setDeleteMode((on) => !on)}>
              Edit links
            </Button>
          )}
        </div>
      </div>
      {arranging && fields.length > 0 ? (
        <>
          <p className={styles.hint}>{TEXTS.arrangeHint}</p>
          <ArrangeList
            fallback={<Spinner />}
            label="Quick Links"
            items={fields}
            idOf={arrangeId}
            labelOf={(field) => field.label || TEXTS.unnamed}
            shownOf={isFieldSwitchedOn}
            renderItem={(field) => (
              <span className={styles.arrangeLink}>
                <FieldIcon name={field.icon} size={22} />
                {field.label}
              </span>
            )}
            onToggle={(index, shown) =>
              void onArrangeFields(fields.map((f, i) => (i === index ? { ...f, status: shown ? ACTIVE_FIELD_STATUS : HIDDEN_FIELD_STATUS } : f)))
            }
            onMove={(from, to) => void onArrangeFields(moveLink(fields, from, to))}
          />
        </>
      ) : (
      <ul className={styles.linksGrid} style={{ gridTemplateColumns: `repeat(${QUICK_LINK_GRID_COLUMNS}, minmax(0, 1fr))` }}>
        {fields.map((field, index) => (
          <QuickLinkTile
            key={`${field.position}-${field.type}-${field.content}`}
            field={field}
            deleteMode={deleteMode}
            busy={saving}
            problemId={problemId(index)}
            onOpen={() => open(index)}
            onToggleDeleteMode={() => setDeleteMode((on) => !on)}
            onDelete={() => void remove(index)}
          />
        ))}
        <li className={styles.linkItem}>
          <button type="button" className={styles.addTile} onClick={() => open('new')}>
            <Plus size={28} aria-hidden />
            <span className={styles.linkLabel}>Add link</span>
          </button>
        </li>
      </ul>
      )}
      <p className={styles.hint} aria-live="polite">
        {arranging && fields.length > 0 ? '' : deleteMode ? 'Delete mode: choose × on a link to delete it.' : fields.length === 0 ? TEXTS.noLinks : 'Press and hold a link to delete links.'}
      </p>
      <LinkProblems
        rows={fields.flatMap((field, index) => {
          const messages = problems[index];
          const messageId = problemId(index);
          return messages && messageId ? [{ index, field, message: firstMessage(messages), messageId }] : [];
        })}
        busy={saving}
        onChange={open}
        onDelete={(index) => void remove(index)}
        changeButtonRef={(index, button) => {
          if (button) changeButtons.current.set(index, button);
          else changeButtons.current.delete(index);
        }}
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <QuickLinkDialog
            open
            onOpenChange={(open) => !open && setEditing(null)}
            field={editing === 'new' ? null : (fields[editing] ?? null)}
            position={editing === 'new' ? fields.length + 1 : editing + 1}
            saving={saving}
            problems={modalProblems}
            onSave={(field) => void save(field)}
          />
        </Suspense>
      )}
    </section>
  );
}
