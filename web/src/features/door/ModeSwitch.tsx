import styles from './Door.module.css';
import type { DoorMode } from './desk/useDoorDesk.js';
import { TEXTS } from './texts.js';

/** Entry or exit, for events that track who is still inside. */
export function ModeSwitch({ mode, onChange }: { mode: DoorMode; onChange: (mode: DoorMode) => void }) {
  const option = (value: DoorMode, label: string) => (
    <button type="button" className={styles.modeButton} aria-pressed={mode === value} onClick={() => onChange(value)}>
      {label}
    </button>
  );
  return (
    <div className={styles.mode} role="group" aria-label={TEXTS.mode}>
      {option('in', TEXTS.entry)}
      {option('out', TEXTS.exit)}
    </div>
  );
}
