import { EyeOff } from 'lucide-react';
import moderation from './Moderation.module.css';
import { MODERATION_TEXTS } from './moderation-texts.js';

/** The mark of an attendee who hides from the public attendee lists (the organiser still sees them). */
export function HiddenMark() {
  return (
    <span className={moderation.hiddenMark} data-testid="hidden-mark">
      <EyeOff aria-hidden size={14} />
      {MODERATION_TEXTS.hidden}
    </span>
  );
}
