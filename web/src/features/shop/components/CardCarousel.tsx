import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, type PointerEvent } from 'react';
import { CARD_COLOURS, cardColourImage, type CardColour } from '@tapcard/shared/domain';
import { PRODUCT_NAME } from '@tapcard/shared/constants';
import styles from './CardCarousel.module.css';

/** Natural size of the card artwork (public/images/cards/*.svg): images are sized, so nothing shifts. */
const CARD_WIDTH = 856;
const CARD_HEIGHT = 540;
/** A horizontal swipe longer than this changes the slide. */
const SWIPE_PX = 40;

/**
 * The five colours as an accessible carousel (APG pattern): previous and next buttons, one button per
 * colour, slides labelled 'n of 5', and swipe on touch screens. It shows the colour chosen in the
 * form, and choosing a slide chooses that colour.
 */
export function CardCarousel({ colour, onColourChange }: { colour: CardColour; onColourChange: (colour: CardColour) => void }) {
  const index = CARD_COLOURS.indexOf(colour);
  const start = useRef<number | null>(null);
  const go = (step: number) => onColourChange(CARD_COLOURS[(index + step + CARD_COLOURS.length) % CARD_COLOURS.length] ?? colour);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Card preview">
      <div className={styles.frame} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (start.current = null)}>
        {CARD_COLOURS.map((c, i) => (
          <div
            key={c}
            className={`${styles.slide} ${i === index ? styles.current : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${CARD_COLOURS.length}`}
            aria-hidden={i === index ? undefined : true}
          >
            <img
              src={cardColourImage(c)}
              alt={`${c} ${PRODUCT_NAME} card`}
              width={CARD_WIDTH}
              height={CARD_HEIGHT}
              decoding="async"
              fetchPriority={i === index ? 'high' : 'low'}
              draggable={false}
            />
          </div>
        ))}
      </div>
      <div className={styles.controls}>
        <button type="button" className={styles.arrow} onClick={() => go(-1)} aria-label="Previous card">
          <ChevronLeft aria-hidden size={22} />
        </button>
        <div className={styles.dots} role="group" aria-label="Card picker">
          {CARD_COLOURS.map((c) => (
            <button
              key={c}
              type="button"
              className={`${styles.dot} ${styles[c.toLowerCase()] ?? ''}`}
              aria-label={`Show ${c} card`}
              aria-pressed={c === colour}
              onClick={() => onColourChange(c)}
            />
          ))}
        </div>
        <button type="button" className={styles.arrow} onClick={() => go(1)} aria-label="Next card">
          <ChevronRight aria-hidden size={22} />
        </button>
      </div>
    </section>
  );
}
