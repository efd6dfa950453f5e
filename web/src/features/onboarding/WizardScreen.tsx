import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { ProgressBar } from '../../components/Page.js';
import { routes } from '../../lib/paths.js';
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
    <main className={styles.screen}>
      <div className={styles.card}>
        <Link to={routes.home} className={styles.brand}>
          {PRODUCT_NAME}
        </Link>
        {position !== 'welcome' && <WizardProgress position={position} />}
        <h1>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </div>
    </main>
  );
}
