import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isTicketShaped } from '@tapcard/shared/domain';
import { matchPage } from '@tapcard/shared/pages';
import { Page } from '../../components/Page.js';
import { Spinner } from '../../components/Spinner.js';
import { pickDoorSession, readDoorSessions, saveDoorSession, type StoredDoorSession } from '../../lib/door-session.js';
import { useHydrated } from '../../lib/hydration.js';
import { useOnline } from '../../lib/live/network.js';
import { paths, routes } from '../../lib/paths.js';
import type { VisitorPageProps } from '../../lib/ssr.js';
import { useTakeOver } from '../../lib/takeover.js';
import { DeskHeader } from './DeskHeader.js';
import { DeskStatus } from './DeskStatus.js';
import styles from './Door.module.css';
import { DoorCounts } from './DoorCounts.js';
import { DoorSearchForm } from './DoorSearchForm.js';
import { ModeSwitch } from './ModeSwitch.js';
import { NoSession } from './NoSession.js';
import { ResultCard } from './ResultCard.js';
import { doorCounts } from './desk/list.js';
import type { DoorMode } from './desk/useDoorDesk.js';
import { handOverDoor } from './handover.js';
import { openStaffLinkLight } from './open-link.js';
import { registerDoorWorker } from './pwa/register.js';
import { ScannerFrame } from './scanner/ScannerFrame.js';
import { SoundToggle } from './scanner/SoundToggle.js';
import { SCANNER_TEXTS } from './scanner/texts.js';
import { useWedgeScanner } from './scanner/useWedgeScanner.js';
import { TEXTS } from './texts.js';

/**
 * The staff links this page is opening, by secret: asked once, as soon as the page's code first renders
 * in the browser (the start of hydration), not after it, as every step counts on a slow link.
 */
const openings = new Map<string, Promise<StoredDoorSession | null>>();
function opening(secret: string): Promise<StoredDoorSession | null> {
  let open = openings.get(secret);
  if (!open) {
    open = openStaffLinkLight(secret);
    openings.set(secret, open);
  }
  return open;
}

/**
 * What the page knows: nothing yet (the server's markup, and while hydrating: the session is on the
 * phone only), a staff link being opened, the phone's session, no session, or a link it could not open
 * (the app's staff link page tries again and says why).
 */
type Phase = { kind: 'start' } | { kind: 'opening' } | { kind: 'desk'; session: StoredDoorSession } | { kind: 'none' } | { kind: 'not-opened' };

function OpeningCard() {
  return (
    <section className={styles.card} aria-labelledby="staff-link-title">
      <h1 id="staff-link-title">{TEXTS.title}</h1>
      <div role="status">
        <Spinner size={32} label="" />
        <p className={styles.muted}>{TEXTS.opening}</p>
      </div>
    </section>
  );
}

interface FrameProps {
  /** The phone's session; null until the page has read it. */
  session: StoredDoorSession | null;
  online: boolean;
  mode: DoorMode;
  onMode: (mode: DoorMode) => void;
  /** Tickets entered, kept for the app's desk. */
  waiting: number;
  /** A name search asked, which the app's desk runs. */
  searching: boolean;
  /** The search box. */
  children: ReactNode;
}

/** The live desk's layout (DoorDesk) with what the light page knows: the gate, and nothing live yet. */
function DeskFrame({ session, online, mode, onMode, waiting, searching, children }: FrameProps) {
  return (
    <section className={styles.desk} aria-labelledby="door-title">
      {session ? (
        <DeskHeader gate={session.gate} eventTitle={session.eventTitle} expiresAt={session.expiresAt} />
      ) : (
        <header>
          <h1 id="door-title">{TEXTS.title}</h1>
          <p className={styles.muted}>&nbsp;</p>
        </header>
      )}
      <DeskStatus online={online} live={false} queueSize={null} />
      <DoorCounts counts={doorCounts([], session?.totalStock ?? null)} />
      {session?.checkOut && <ModeSwitch mode={mode} onChange={onMode} />}
      <ScannerFrame problem={null} line={SCANNER_TEXTS.starting} />
      <ResultCard result={null} />
      {waiting > 0 && (
        <p className={styles.muted} role="status" data-testid="door-waiting">
          {TEXTS.ticketsWaiting(waiting)}
        </p>
      )}
      <SoundToggle />
      {children}
      {searching && (
        <div role="status">
          <Spinner size={24} label={TEXTS.searching} />
        </div>
      )}
    </section>
  );
}

/**
 * The door (/door and a staff link, /door/:secret) as the server renders it and the light entry
 * hydrates it: the desk's frame at first paint, then, read from the phone (or traded for the link's
 * secret with a plain request), the gate and a search box ready to take a typed or scanned ticket, with
 * no router, query layer, live layer, camera or contract schemas. Once ready, the app takes the page
 * over with the live desk and the camera (docs/decisions/020-door-light-entry.md); tickets entered
 * before then, the mode and the search box pass to it, and it admits them in order.
 */
export function DoorVisit({ url, takeOver }: VisitorPageProps) {
  const [secret] = useState(() => {
    const linked = matchPage(routes.staffLink, url.pathname)?.secret ?? null;
    if (linked && typeof window !== 'undefined') void opening(linked);
    return linked;
  });
  const [phase, setPhase] = useState<Phase>({ kind: 'start' });
  const [text, setText] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [mode, setMode] = useState<DoorMode>('in');
  const ready = useHydrated();
  const online = useOnline();

  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (!secret) {
      const session = pickDoorSession(readDoorSessions(), new URLSearchParams(window.location.search).get('event'));
      setPhase(session ? { kind: 'desk', session } : { kind: 'none' });
      return;
    }
    setPhase({ kind: 'opening' });
    void opening(secret).then((session) => {
      if (!session) return setPhase({ kind: 'not-opened' });
      saveDoorSession(session);
      // As the app's staff link page does: the secret leaves the address and the history.
      window.history.replaceState(window.history.state, '', paths.door(session.eventId));
      setPhase({ kind: 'desk', session });
    });
  }, [secret]);

  // A barcode scanner in keyboard mode works from the start too: its codes wait with those typed (the
  // desk then checks each, as it checks its own scanner's).
  const keep = useCallback((code: string) => setCodes((list) => [...list, code.trim()]), []);
  useWedgeScanner(keep, { enabled: phase.kind === 'desk' });

  // The app takes over once the page knows what it shows; what was entered until then passes to it.
  const latest = useRef({ phase, text, codes, search, mode });
  latest.current = { phase, text, codes, search, mode };
  const settled = phase.kind !== 'start' && phase.kind !== 'opening';
  // Once the page is ready: the worker's downloads (the door's offline files) would otherwise share a
  // slow link with the staff link's request.
  useEffect(() => (settled ? registerDoorWorker() : undefined), [settled]);
  const takeOverNow = useMemo(() => {
    if (!takeOver || !settled) return null;
    return () =>
      takeOver(() =>
        handOverDoor(() => {
          const now = latest.current;
          if (now.phase.kind !== 'desk') return null;
          const focused = document.activeElement?.closest('form[role="search"]') != null;
          return { eventId: now.phase.session.eventId, codes: now.codes, mode: now.mode, draft: now.text, search: now.search, focused };
        }),
      );
  }, [takeOver, settled]);
  useTakeOver(takeOverNow);

  if (phase.kind === 'none') {
    return (
      <Page>
        <NoSession ended={null} />
      </Page>
    );
  }
  if (secret && phase.kind !== 'desk') {
    return (
      <Page>
        <OpeningCard />
      </Page>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    if (isTicketShaped(query)) {
      setText('');
      keep(query);
    } else setSearch(query);
  };
  const session = phase.kind === 'desk' ? phase.session : null;
  return (
    <Page>
      <DeskFrame session={session} online={online} mode={mode} onMode={setMode} waiting={codes.length} searching={search !== ''}>
        <DoorSearchForm text={text} onText={setText} onSubmit={submit} online={online} ready={ready && session !== null} />
      </DeskFrame>
    </Page>
  );
}
