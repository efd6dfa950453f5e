import { cardColourImage } from '@tapcard/shared/domain';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import { ButtonLink } from '../../../../components/Button.js';
import { routes } from '../../../../lib/paths.js';
import { LANDING_TEXTS } from '../../texts.js';
import styles from './Sections.module.css';

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroText}>
        <p className={styles.tagline}>{LANDING_TEXTS.marketingLine}</p>
        <h1 id="hero-title" className={styles.heroTitle}>
          {LANDING_TEXTS.hero}
        </h1>
        <p className={styles.lead}>{LANDING_TEXTS.heroText}</p>
        <div className={styles.ctas}>
          <ButtonLink to={routes.getStarted}>{LANDING_TEXTS.getCards}</ButtonLink>
          <ButtonLink to={routes.faq} variant="secondary">
            How it works
          </ButtonLink>
        </div>
      </div>
      <div className={styles.heroArt}>
        <img className={styles.back} src={cardColourImage('Green')} alt="" width={856} height={540} decoding="async" fetchPriority="high" />
        <img className={styles.front} src={cardColourImage('Black')} alt={`A black ${PRODUCT_NAME} card with its NFC mark and QR code`} width={856} height={540} decoding="async" fetchPriority="high" />
      </div>
    </section>
  );
}
