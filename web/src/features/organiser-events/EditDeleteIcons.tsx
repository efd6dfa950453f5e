import { Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../lib/paths.js';
import styles from './Organiser.module.css';
import { TEXTS } from './texts.js';

/** An event's edit (when it can still be edited) and delete icons, labelled with its title. */
export function EditDeleteIcons({ eventId, title, editable, onDelete }: { eventId: string; title: string; editable: boolean; onDelete: () => void }) {
  return (
    <>
      {editable && (
        <Link to={paths.eventUpdate(eventId)} className={styles.iconButton} aria-label={`${TEXTS.edit} ${title}`}>
          <Pencil aria-hidden size={18} />
        </Link>
      )}
      <button type="button" className={styles.iconButton} onClick={onDelete} aria-label={`${TEXTS.delete} ${title}`}>
        <Trash2 aria-hidden size={18} />
      </button>
    </>
  );
}
