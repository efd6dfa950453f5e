import type { ReactNode, Ref } from 'react';
import styles from './Scanner.module.css';
import { SCANNER_TEXTS as TEXTS } from './texts.js';

interface Props {
  /** The camera's video; none while the scanner's code has not loaded (the door's light page). */
  videoRef?: Ref<HTMLVideoElement>;
  /** A camera problem to say instead of the viewfinder. */
  problem: { title: string; text: string } | null;
  /** The camera's state in a few words, when there is no problem. */
  line: string;
  children?: ReactNode;
}

/**
 * The scanner's region: the viewfinder and the camera's state. Drawn alone (no camera, no decoder) by
 * the door's light page, so the scanner that takes the place later moves nothing.
 */
export function ScannerFrame({ videoRef, problem, line, children }: Props) {
  return (
    <section className={styles.scanner} aria-label={TEXTS.region}>
      <div className={styles.viewport} hidden={problem !== null}>
        <video ref={videoRef} className={styles.video} aria-label={TEXTS.video} playsInline muted autoPlay />
        <div className={styles.frame} aria-hidden="true" />
      </div>
      <div role="status" aria-live="polite" className={problem ? styles.problem : undefined}>
        {problem ? (
          <>
            <p className={styles.problemTitle}>{problem.title}</p>
            <p>{problem.text}</p>
          </>
        ) : (
          <p className={styles.status}>{line}</p>
        )}
      </div>
      {children}
    </section>
  );
}
