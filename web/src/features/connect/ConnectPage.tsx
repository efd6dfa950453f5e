import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CardField, OwnerCard, SaveCardPayload } from '@tapcard/shared/contract';
import { Button } from '../../components/Button.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { Page } from '../../components/Page.js';
import { SideMenu } from '../../components/SideMenu.js';
import { ApiError } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';
import { notify } from '../../lib/toast.js';
import styles from './Connect.module.css';
import { ConnectTiles } from './ConnectTiles.js';
import { NotificationsPanel } from './NotificationsPanel.js';
import { ProfileBlock } from './ProfileBlock.js';
import { sentLinkProblems, type SaveResult, type SaveTexts, type SentLinkProblem } from './link-checks.js';
import { QuickLinks } from './QuickLinks.js';
import { Services } from './Services.js';
import { ShareLink } from './ShareLink.js';
import { TEXTS } from './texts.js';
import { TopBar } from './TopBar.js';
import { savePayload, useOwnerCard, useSaveCard } from './useOwnerCard.js';

const NO_PROBLEMS: SentLinkProblem[] = [];

/** The card, or why it is not there (no card yet, or a failure with a retry). */
function CardBody() {
  const card = useOwnerCard();
  const save = useSaveCard();
  const queryClient = useQueryClient();
  /** The quick links the last refused save named (HTTP 400 under `fields.N...`), whatever was being saved. */
  const [linkProblems, setLinkProblems] = useState(NO_PROBLEMS);

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
  /**
   * Saves the whole card with a change; toasts the result and keeps what a refusal said about the links.
   * An optimistic save shows its quick links at once, and puts the card back as it was if refused.
   */
  const saveCard = async (patch: Partial<SaveCardPayload>, texts?: SaveTexts, optimistic = false): Promise<SaveResult> => {
    const payload = savePayload(data, patch);
    const previous = optimistic ? queryClient.getQueryData<OwnerCard>(queryKeys.getCard()) : undefined;
    if (previous) {
      await queryClient.cancelQueries({ queryKey: queryKeys.getCard() });
      queryClient.setQueryData<OwnerCard>(queryKeys.getCard(), { ...previous, fields: payload.fields });
    }
    try {
      await save.mutateAsync(payload);
      setLinkProblems(NO_PROBLEMS);
      if (texts?.ok !== null) notify.success(texts?.ok ?? TEXTS.saved);
      return { ok: true };
    } catch (error) {
      if (previous) {
        queryClient.setQueryData(queryKeys.getCard(), previous);
        void queryClient.invalidateQueries({ queryKey: queryKeys.getCard() });
      }
      if (!(error instanceof ApiError && error.kind === 'network')) notify.error(texts?.fail ?? (error instanceof Error && error.message ? error.message : TEXTS.saveFailed));
      const problems = sentLinkProblems(error, payload.fields);
      setLinkProblems(problems);
      return { ok: false, problems };
    }
  };

  return (
    <>
      <ProfileBlock card={data.card} saving={save.isPending} onSave={async (patch) => (await saveCard(patch)).ok} />
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
