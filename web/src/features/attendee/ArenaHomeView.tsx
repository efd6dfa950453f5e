import type { ReactNode } from 'react';
import type { ViewOf } from '@tapcard/shared/realtime';
import type { EventTiming } from '@tapcard/shared/domain';
import { ButtonLink } from '../../components/Button.js';
import { EventBanner } from '../../components/EventBanner.js';
import { EventNotice } from '../../components/EventNotice.js';
import { Avatar, Page } from '../../components/Page.js';
import { PrivateThreads, type PrivateThread } from '../../components/PrivateThreads.js';
import { paths } from '../../lib/paths.js';
import styles from './Attendee.module.css';
import safetyStyles from './Safety.module.css';
import { TEXTS } from './texts.js';

/** The Privacy section while its code is on its way (and on the server-rendered arena). */
export function PrivacyPlaceholder() {
  return (
    <section className={safetyStyles.privacy} aria-label={TEXTS.privacy}>
      <h2>{TEXTS.privacy}</h2>
      <p className={safetyStyles.muted}>{TEXTS.loadingPrivacy}</p>
    </section>
  );
}

export interface ArenaHomeViewProps {
  tid: string;
  view: Pick<ViewOf<'arena'>, 'event' | 'attendee'>;
  timing: EventTiming;
  /** The live status line. */
  status: ReactNode;
  /** The organiser's pinned announcements. */
  pinned: ReactNode;
  /** The attendee's Privacy section. */
  privacy: ReactNode;
  threads: readonly PrivateThread[];
}

/**
 * The arena's screen, as the live page and the server-rendered one draw it: concluded, not started
 * (with the pinned announcements and Privacy), or the ongoing arena with the Event Chat button and the
 * attendee's private conversations.
 */
export function ArenaHomeView({ tid, view, timing, status, pinned, privacy, threads }: ArenaHomeViewProps) {
  if (timing !== 0) {
    return (
      <Page>
        {status}
        <EventNotice status={timing > 0 ? 'concluded' : 'notStarted'} event={view.event} />
        {timing < 0 && (
          <div className={styles.arena}>
            {pinned}
            {privacy}
          </div>
        )}
      </Page>
    );
  }
  return (
    <Page>
      {status}
      <EventBanner image={view.event.image} title={view.event.title} eager />
      <section className={styles.arena} aria-labelledby="arena-title">
        <h1 id="arena-title">{view.event.title}</h1>
        {pinned}
        <div className={styles.person}>
          <Avatar src={view.attendee.image} name={view.attendee.name} size={64} alt="" />
          <p>
            <span className={styles.muted}>{TEXTS.welcome}</span>
            <br />
            <strong className={styles.name}>{view.attendee.name}</strong>
          </p>
        </div>
        <ButtonLink to={paths.arenaChat(tid)} block>
          {TEXTS.eventChat}
        </ButtonLink>
        <PrivateThreads threads={threads} linkTo={(id) => paths.arenaPrivateChat(tid, id)} fallbackName={() => TEXTS.privateChat} />
        {privacy}
      </section>
    </Page>
  );
}
