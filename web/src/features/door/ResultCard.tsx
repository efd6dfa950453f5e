import { orAvatar } from '../../lib/image.js';
import { UploadedImage } from '../../components/UploadedImage.js';
import styles from './Door.module.css';
import { timeOf, type DoorResult } from './desk/result.js';
import { TEXTS } from './texts.js';

const TONE: Record<DoorResult['outcome'], string | undefined> = {
  admitted: styles.admitted,
  queued: styles.admitted,
  synced: styles.admitted,
  checked_out: styles.admitted,
  already: styles.already,
  not_inside: styles.already,
  conflict: styles.already,
  invalid: styles.invalid,
};

function titleOf(result: DoorResult): string {
  switch (result.outcome) {
    case 'admitted':
      return TEXTS.admittedTitle;
    case 'queued':
      return result.kind === 'in' ? TEXTS.queuedTitle : TEXTS.checkedOutQueuedTitle;
    case 'already':
      return TEXTS.alreadyTitle;
    case 'conflict':
      return TEXTS.conflictTitle;
    case 'invalid':
      return TEXTS.invalidTitle;
    case 'checked_out':
      return TEXTS.checkedOutTitle;
    case 'not_inside':
      return TEXTS.notInsideTitle;
    case 'synced':
      return TEXTS.syncedTitle;
  }
}

function leadOf(result: DoorResult): string | null {
  if (result.outcome === 'invalid') return result.why ?? null;
  if (result.outcome === 'admitted' && result.name) return TEXTS.admittedLead(result.name);
  if (result.outcome === 'queued') return TEXTS.queuedLead;
  if (result.outcome === 'synced') return TEXTS.syncedLead(result.kind);
  if (result.outcome === 'not_inside') return TEXTS.notInsideLead;
  if (result.outcome === 'already' || result.outcome === 'conflict') return result.at ? TEXTS.alreadyLead(timeOf(result.at), result.by ?? null) : null;
  return null;
}

/**
 * The last scan's result, large: green admitted (name and photo), amber already checked in (when and
 * at which gate), red not admitted (why). Announced as it changes.
 */
export function ResultCard({ result }: { result: DoorResult | null }) {
  const lead = result ? leadOf(result) : null;
  return (
    <section
      aria-label={TEXTS.resultLabel}
      aria-live="assertive"
      aria-atomic="true"
      data-testid="door-result"
      data-outcome={result?.outcome ?? 'none'}
      className={`${styles.result} ${result ? (TONE[result.outcome] ?? '') : ''}`}
    >
      {result ? (
        <div key={result.seq} className={styles.resultBody}>
          {result.name && <UploadedImage className={styles.photo} image={orAvatar(result.image, result.name)} alt="" width={72} height={72} />}
          <div>
            <p className={styles.resultTitle}>{titleOf(result)}</p>
            {result.name && <p className={styles.resultName}>{result.name}</p>}
            {lead && <p className={styles.resultLead}>{lead}</p>}
          </div>
        </div>
      ) : (
        <p className={styles.muted}>{TEXTS.waiting}</p>
      )}
    </section>
  );
}
