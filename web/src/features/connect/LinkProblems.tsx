import { TriangleAlert } from 'lucide-react';
import type { CardField } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import styles from './Connect.module.css';
import { TEXTS } from './texts.js';

export interface LinkProblemRow {
  /** The link's index in the card's list. */
  index: number;
  field: CardField;
  message: string;
  /** The message's element id: the link's tile and buttons are described by it. */
  messageId: string;
}

/**
 * The stored links that stop the card from saving, each with its message and the ways out: change it
 * (the quick-link modal) or delete it. Nothing when every link is fine.
 */
export function LinkProblems({
  rows,
  busy,
  onChange,
  onDelete,
  changeButtonRef,
}: {
  rows: LinkProblemRow[];
  busy: boolean;
  onChange: (index: number) => void;
  onDelete: (index: number) => void;
  /** Receives each row's 'Change' button, so a refused save can move the focus to it. */
  changeButtonRef: (index: number, button: HTMLButtonElement | null) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <div className={styles.linkProblems} role="group" aria-labelledby="link-problems-heading">
      <h3 id="link-problems-heading" className={styles.linkProblemsHeading}>
        <TriangleAlert size={18} aria-hidden />
        {TEXTS.linksToFix}
      </h3>
      <p className={styles.hint}>{TEXTS.linksToFixHelp}</p>
      <ul className={styles.linkProblemList}>
        {rows.map(({ index, field, message, messageId }) => (
          <li key={`${index}-${field.type}-${field.content}`} className={styles.linkProblem}>
            <p>
              <strong>{field.label}</strong> <span id={messageId}>{message}</span>
            </p>
            <div className={styles.linkProblemActions}>
              <Button
                variant="secondary"
                aria-label={`Change link ${field.label}`}
                aria-describedby={messageId}
                onClick={() => onChange(index)}
                ref={(button) => changeButtonRef(index, button)}
              >
                Change
              </Button>
              <Button variant="danger" aria-label={`Delete link ${field.label}`} aria-describedby={messageId} onClick={() => onDelete(index)} disabled={busy}>
                Delete
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
