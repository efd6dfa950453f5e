import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CardField, SaveCardPayload } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Page } from '../../components/Page.js';
import { SideMenu } from '../../components/SideMenu.js';
import { ApiError } from '../../lib/api.js';
import { dropCardDraft, keepCardDraft, takeCardDraft } from '../../lib/card-draft.js';
import { notify } from '../../lib/toast.js';
import { ownerCardKey, savePayload, useOwnerCard, useSaveCard } from './api.js';
import styles from './Connect.module.css';
import { ConnectTiles } from './ConnectTiles.js';
import { NotificationsPanel } from './NotificationsPanel.js';
import { ProfileBlock, type ProfileWords } from './ProfileBlock.js';
import { sentLinkProblems, type SaveResult, type SaveTexts, type SentLinkProblem } from './link-checks.js';
import { QuickLinks } from './QuickLinks.js';
import { Services } from './Services.js';
import { ShareLink } from './ShareLink.js';
import { TEXTS } from './texts.js';
import { TopBar } from './TopBar.js';

const NO_PROBLEMS: SentLinkProblem[] = [];

/** A change to the profile's words (name, title, description), if `patch` has one. */
function profileWords(patch: Partial<SaveCardPayload>): ProfileWords | undefined {
  const words = Object.fromEntries((['title', 'sub_title', 'description'] as const).filter((key) => patch[key] !== undefined).map((key) => [key, patch[key]])) as ProfileWords;
  return Object.keys(words).length > 0 ? words : undefined;
}

/**
 * Once the card is loaded, saves a change kept on the device because its save found the session ended
 * (see card-draft), if it is this card's; answers the change when that save failed too, to show it again.
 */
function useResumedDraft(cardId: string | undefined, saveCard: (patch: Partial<SaveCardPayload>) => Promise<SaveResult>): Partial<SaveCardPayload> | null {
  const [failed, setFailed] = useState<Partial<SaveCardPayload> | null>(null);
  const resumed = useRef(false);
  useEffect(() => {
    if (cardId === undefined || resumed.current) return;
    resumed.current = true;
    const draft = takeCardDraft();
    if (!draft || draft.card_id !== cardId) return;
    void saveCard(draft.patch).then((result) => {
      if (!result.ok) setFailed(draft.patch);
    });
  }, [cardId, saveCard]);
  return failed;
}

/** The card, or why it is not there (no card yet, or a failure with a retry). */
function CardBody() {
  const card = useOwnerCard();
  const save = useSaveCard();
  const queryClient = useQueryClient();
  /** The quick links the last refused save named (HTTP 400 under `fields.N...`), whatever was being saved. */
  const [linkProblems, setLinkProblems] = useState(NO_PROBLEMS);

  /**
   * Saves the whole card with a change; toasts the result and keeps what a refusal said about the links.
   * An optimistic save shows its quick links at once, and puts the card back as it was if refused. The
   * change is kept on the device while it is sent: a session that ended elsewhere sends the owner to
   * log in (the API layer), where the login says why, and the change is saved when they are back.
   */
  const saveCard = async (patch: Partial<SaveCardPayload>, texts?: SaveTexts, optimistic = false): Promise<SaveResult> => {
    const data = card.data!;
    const payload = savePayload(data, patch);
    const previous = optimistic ? queryClient.getQueryData(ownerCardKey) : undefined;
    if (previous) {
      await queryClient.cancelQueries({ queryKey: ownerCardKey });
      queryClient.setQueryData(ownerCardKey, { ...previous, fields: payload.fields });
    }
    const draftId = keepCardDraft(data.card.card_id, patch);
    try {
      await save.mutateAsync(payload);
      dropCardDraft(draftId);
      setLinkProblems(NO_PROBLEMS);
      if (texts?.ok !== null) notify.success(texts?.ok ?? TEXTS.saved);
      return { ok: true };
    } catch (error) {
      const sessionEnded = error instanceof ApiError && error.status === 401;
      if (!sessionEnded) dropCardDraft(draftId);
      if (previous) {
        queryClient.setQueryData(ownerCardKey, previous);
        void queryClient.invalidateQueries({ queryKey: ownerCardKey });
      }
      if (sessionEnded) return { ok: false, problems: NO_PROBLEMS };
      if (!(error instanceof ApiError && error.kind === 'network')) notify.error(texts?.fail ?? (error instanceof Error && error.message ? error.message : TEXTS.saveFailed));
      const problems = sentLinkProblems(error, payload.fields);
      setLinkProblems(problems);
      return { ok: false, problems };
    }
  };
  const saveCardRef = useRef(saveCard);
  saveCardRef.current = saveCard;
  const resumeSave = useCallback((patch: Partial<SaveCardPayload>) => saveCardRef.current(patch), []);
  const unsaved = useResumedDraft(card.data?.card.card_id, resumeSave);

  if (card.isPending) return <LoadingScreen />;
  if (card.isError) {
    const noCard = card.error instanceof ApiError && card.error.status === 404;
    return (
      <div className={styles.retry} role="alert">
        <p>{noCard ? card.error.message : TEXTS.loadFailed}</p>
        {!noCard && <Button onClick={() => void card.refetch()}>Try again</Button>}
      </div>
    );
  }

  const data = card.data;
  const restored = unsaved ? profileWords(unsaved) : undefined;
  return (
    <>
      <ProfileBlock
        key={restored ? 'restored' : 'card'}
        card={data.card}
        restored={restored}
        saving={save.isPending}
        onSave={async (patch) => (await saveCard(patch)).ok}
      />
      <ShareLink link={data.card.link} name={data.card.title} />
      <QuickLinks
        fields={data.fields}
        saving={save.isPending}
        saveProblems={linkProblems}
        onSaveFields={(fields: CardField[], texts) => saveCard({ fields }, texts)}
        onArrangeFields={(fields: CardField[]) => saveCard({ fields }, { ok: null }, true)}
      />
      <Services cardId={data.card.card_id} services={data.services} />
      <ConnectTiles />
    </>
  );
}

/** The owner's card page. */
export function ConnectPage() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  return (
    <>
      <TopBar onMenu={() => setMenuOpen(true)} onNotifications={() => setNotificationsOpen(true)} />
      <Page label="Your card">
        <CardBody />
      </Page>
      <SideMenu open={menuOpen} onOpenChange={setMenuOpen} />
      <NotificationsPanel open={notificationsOpen} onOpenChange={setNotificationsOpen} />
    </>
  );
}
