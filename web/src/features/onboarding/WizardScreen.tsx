import type { ReactNode } from 'react';
import { BrandScreen } from '../../components/BrandScreen.js';
import { ProgressBar } from '../../components/Page.js';
import styles from './Onboarding.module.css';
import { indexOf, STAGES, type Position } from './steps.js';

/** The progress bar's five stages, the current one marked for assistive technology. */
function WizardProgress({ position }: { position: Position }) {
  const current = indexOf(position);
  return (
    <div className={styles.progress} role="group" aria-label="Sign-up progress">
      <ol className={styles.stages}>
        {STAGES.map((stage, index) => (
          <li
            key={stage.step}
            className={[styles.stage, index < current ? styles.done : '', index === current ? styles.current : ''].join(' ')}
            aria-current={index === current ? 'step' : undefined}
          >
            <span className={styles.stageNumber} aria-hidden="true">
              {index < current ? '✓' : index + 1}
            </span>
            <span>
              <span className="visually-hidden">{`Step ${index + 1}: `}</span>
              {stage.label}
              {index < current && <span className="visually-hidden"> (done)</span>}
            </span>
          </li>
        ))}
      </ol>
      <ProgressBar value={(current + 1) / STAGES.length} label={`Step ${current + 1} of ${STAGES.length}`} />
    </div>
  );
}

export function WizardScreen({ position, title, subtitle, children }: { position: Position; title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <BrandScreen classes={styles} title={title} subtitle={subtitle} aboveTitle={position !== 'welcome' && <WizardProgress position={position} />}>
      {children}
    </BrandScreen>
  );
}
