import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { BlockedAttendee } from '@tapcard/shared/contract';
import type { ViewOf } from '@tapcard/shared/realtime';
import { DM_POLICIES, type DmPolicy } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { Avatar } from '../../components/Page.js';
import { RetryAlert } from '../../components/RetryAlert.js';
import { Switch } from '../../components/Switch.js';
import type { LiveEvent } from '../../lib/live/useLiveEvent.js';
import { arenaSafetyQuery } from './api.js';
import styles from './Safety.module.css';
import { TEXTS } from './texts.js';
import { useSafetyCalls } from './useSafetyCalls.js';

type Setting = { dm_policy?: DmPolicy; hidden?: boolean };

/**
 * The arena's Privacy section (its own chunk, with the switch, loaded after the arena's first render): who may start a private chat with the attendee, hiding from public
 * attendee lists, and the attendees they blocked (each with Unblock). The settings and the blocked
 * list follow the live view (a change on another device shows here within a second); the names of the
 * blocked come from the attendee's safety read, read again when someone blocked elsewhere is not in it.
 */
export default function PrivacySection({ tid, live }: { tid: string; live: LiveEvent<ViewOf<'arena'>> }) {
  const view = live.view;
  const calls = useSafetyCalls(tid, live);
  const safety = useQuery({
    ...arenaSafetyQuery(tid),
    enabled: tid !== '',
  });
  const [pending, setPending] = useState<Setting>({});
  const [said, setSaid] = useState('');
  const [unblocking, setUnblocking] = useState<string | null>(null);
  const headingId = useId();

  // The live view's own record wins over the read (it is the newer); a choice being saved wins over both.
  const dmPolicy = pending.dm_policy ?? view?.attendee.dm_policy ?? safety.data?.dm_policy;
  const hidden = pending.hidden ?? view?.attendee.hidden ?? safety.data?.hidden;
  const named = safety.data?.blocked;
  const ids = view?.blocked ?? named?.map((b) => b.id);
  const nameIn = (id: string) => view?.chats.find((c) => c.attendee_id === id)?.name ?? view?.private_chats.find((c) => c.attendee_id === id)?.name;
  const blocked: BlockedAttendee[] | undefined = ids?.map((id) => named?.find((b) => b.id === id) ?? { id, name: nameIn(id) ?? TEXTS.someone, image: '' });

  // Someone blocked on another device is not in the read yet: read it again once for them.
  const missing = ids && named ? ids.filter((id) => !named.some((b) => b.id === id)).join(',') : '';
  const asked = useRef('');
  const { refetch } = safety;
  useEffect(() => {
    if (missing === '' || asked.current === missing) return;
    asked.current = missing;
    void refetch();
  }, [missing, refetch]);

  const save = async (change: Setting) => {
    if (!view) return;
    setPending((p) => ({ ...p, ...change }));
    setSaid('');
    const outcome = await calls.saveSettings(change);
    // Saved, the live view holds it; refused, the choice goes back to what it was.
    setPending((p) => {
      const next = { ...p };
      for (const key of Object.keys(change) as (keyof Setting)[]) delete next[key];
      return next;
    });
    if (outcome.ok) setSaid(TEXTS.saved);
  };

  const unblock = async (attendee: BlockedAttendee) => {
    setUnblocking(attendee.id);
    await calls.setBlocked(attendee, false);
    setUnblocking(null);
  };

  const settingsReady = view !== null && dmPolicy !== undefined && hidden !== undefined;
  // Until something is known, one line says it is loading (or could not be).
  const waiting = safety.isError ? <RetryAlert message={TEXTS.privacyFailed} messageClassName={styles.error} retryLabel={TEXTS.retry} onRetry={() => void refetch()} /> : <p className={styles.muted}>{TEXTS.loadingPrivacy}</p>;
  if (!settingsReady && blocked === undefined) {
    return (
      <section className={styles.privacy} aria-labelledby={headingId}>
        <h2 id={headingId}>{TEXTS.privacy}</h2>
        {waiting}
      </section>
    );
  }
  return (
    <section className={styles.privacy} aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXTS.privacy}</h2>
      {!settingsReady ? (
        waiting
      ) : (
        <>
          <fieldset className={styles.group}>
            <legend className={styles.legend}>{TEXTS.dmPolicy}</legend>
            {DM_POLICIES.map((policy) => (
              <label key={policy} className={styles.choice}>
                <input type="radio" name={`dm-policy-${headingId}`} value={policy} checked={dmPolicy === policy} onChange={() => void save({ dm_policy: policy })} />
                {TEXTS.dmPolicies[policy]}
              </label>
            ))}
          </fieldset>
          <div>
            <Switch label={TEXTS.hideMe} checked={hidden} onCheckedChange={(checked) => void save({ hidden: checked })} stateText={hidden ? TEXTS.hiddenOn : TEXTS.hiddenOff} />
            <p className={styles.muted}>{TEXTS.hideMeHint}</p>
          </div>
          <p className={styles.saving} aria-live="polite">
            {said}
          </p>
        </>
      )}
      <h3>{TEXTS.blockedAttendees}</h3>
      {blocked === undefined ? (
        waiting
      ) : blocked.length === 0 ? (
        <p className={styles.muted}>{TEXTS.noBlocked}</p>
      ) : (
        <ul className={styles.blockedList} aria-label={TEXTS.blockedAttendees}>
          {blocked.map((attendee) => (
            <li key={attendee.id} className={styles.blockedItem}>
              <Avatar src={attendee.image} name={attendee.name} size={36} alt="" />
              <span className={styles.blockedName}>{attendee.name}</span>
              <Button variant="secondary" onClick={() => void unblock(attendee)} busy={unblocking === attendee.id}>
                {TEXTS.unblock(attendee.name)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
