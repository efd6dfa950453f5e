import type { Service } from '@tapcard/shared/contract';
import { UploadedImage } from '../../components/UploadedImage.js';
import styles from './PublicCard.module.css';
import { quickLinkAction, telHref } from './quick-links.js';
import { TEXTS } from './texts.js';

/** The card owner's services: image, name, description, and call / visit links. */
export function ServicesList({ services }: { services: readonly Service[] }) {
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="services-title" className={styles.section}>
      <h2 id="services-title">{TEXTS.services}</h2>
      <ul className={styles.services}>
        {services.map((service) => {
          const visit = service.link ? quickLinkAction({ type: 'url', content: service.link }) : null;
          const call = service.phone ? telHref(service.phone) : null;
          return (
            <li key={service.id} className={styles.service}>
              {service.service_image && <UploadedImage image={service.service_image} alt="" width={72} height={72} loading="lazy" decoding="async" className={styles.serviceImage} />}
              <div className={styles.serviceBody}>
                <h3>{service.service_name}</h3>
                <p>{service.service_description}</p>
                <div className={styles.serviceLinks}>
                  {call !== null && (
                    <a href={call}>
                      {TEXTS.call}
                      {' '}<span className="visually-hidden">{service.service_name}</span>
                    </a>
                  )}
                  {visit?.kind === 'link' && (
                    <a href={visit.href} target="_blank" rel="noopener noreferrer">
                      {TEXTS.visit}
                      {' '}<span className="visually-hidden">{service.service_name}</span>
                    </a>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
