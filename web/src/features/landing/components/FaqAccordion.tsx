import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import { FAQS } from '../faq.js';
import styles from './FaqAccordion.module.css';

/** The questions as an accessible accordion (buttons with aria-expanded, panels labelled by them). */
export function FaqAccordion() {
  return (
    <Accordion.Root type="multiple" className={styles.root}>
      {FAQS.map((faq, index) => (
        <Accordion.Item key={faq.question} value={`faq-${index}`} className={styles.item}>
          <Accordion.Header asChild>
            <h2 className={styles.header}>
              <Accordion.Trigger className={styles.trigger}>
                <span>{faq.question}</span>
                <ChevronDown aria-hidden size={20} className={styles.chevron} />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className={styles.content}>
            <p>{faq.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
