import { useId } from 'react';
import type { MuteChoice } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { useNow } from '../../lib/now.js';
import { ActionMenu, type ActionMenuGroup } from '../../components/ActionMenu.js';
import { activeMute, MUTE_OPTIONS, muteText, type MuteFor } from './moderation-words.js';
import styles from './Moderation.module.css';
import type { LiveAttendee } from './organiser-view.js';
import { MODERATION_TEXTS as T } from './moderation-texts.js';
import { useMuteAttendee, type LiveControl } from './chat-api.js';

/** The menu group of timed mutes and for good, for one attendee. */
export function muteGroup(name: string, choose: (mute: MuteFor) => void): ActionMenuGroup {
  return {
    key: 'mute',
    label: T.muteFor(name),
    items: MUTE_OPTIONS.map((option) => ({ key: String(option.choice), label: option.label, onSelect: () => choose(option.choice) })),
  };
}

/**
 * An attendee's mute in the event's chats, in their dialog: the state in words ('Muted until 18:40',
 * 'Muted', 'Not muted'), a menu of durations (Mute, or Change mute while muted) and Unmute.
 */
export function MuteControl({ eventId, attendee, live }: { eventId: string; attendee: LiveAttendee; live: LiveControl }) {
  const now = useNow(15_000);
  const headingId = useId();
  const mute = useMuteAttendee(eventId, live);
  const muted = activeMute(attendee.mute, now) !== null;
  const set = (choice: MuteChoice) => mute.mutate({ attendeeId: attendee.id, name: attendee.name, mute: choice });
  return (
    <section className={styles.muteControl} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.smallHeading}>
        {T.chatMute}
      </h3>
      <p className={muted ? styles.mutedState : styles.muted} data-testid="mute-state" aria-live="polite">
        {muteText(attendee.mute, now) ?? T.notMuted}
      </p>
      <div className={styles.row}>
        <ActionMenu label={muted ? T.changeMute : T.mute} groups={[muteGroup(attendee.name, set)]} disabled={mute.isPending} />
        {muted && (
          <Button variant="secondary" busy={mute.isPending} onClick={() => set('off')}>
            {T.unmute}
          </Button>
        )}
      </div>
    </section>
  );
}
