import { useEffect } from 'react';
import type { PublicCard } from '@tapcard/shared/contract';
import { ButtonLink } from '../../components/Button.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { API_BASE } from '../../lib/image.js';
import { paths } from '../../lib/paths.js';
import { CARD_PAGE_REDIRECT_MS } from '../../lib/ui.js';
import { CardBanner } from './CardBanner.js';
import { CardSidebar } from './CardSidebar.js';
import { CardSkeleton } from './CardSkeleton.js';
import { CopyCardLink } from './CopyCardLink.js';
import styles from './PublicCard.module.css';
import { QuickLinks } from './QuickLinks.js';
import { ServicesList } from './ServicesList.js';
import { TEXTS } from './texts.js';
import { useCardViewBeacon } from './useCardViewBeacon.js';

/** The owner's vCard address: the answer's download_url, through the API base when it is an API path. */
export function vcardHref(downloadUrl: string): string {
  return downloadUrl.startsWith('/') && !downloadUrl.startsWith(`${API_BASE}/`) ? `${API_BASE}${downloadUrl}` : downloadUrl;
}

/** A required quirk, kept literally: the visitor's card page goes to the login page after 5 minutes. */
function useLoginRedirect(toLogin: () => void): void {
  useEffect(() => {
    const timer = window.setTimeout(toLogin, CARD_PAGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [toLogin]);
}

export interface CardConnectViewProps {
  /** The address's `link`. */
  link: string | null;
  /** The card, once loaded. */
  card: PublicCard | undefined;
  /** The card could not be loaded (unknown link, or the request failed). */
  failed: boolean;
  /** The address's view source (`src`). */
  source: string | null;
  /** Goes to the login page (the 5-minute redirect); a stable function. */
  toLogin: () => void;
}

/** card/connect?link=: the public card page, from its card however it was loaded. */
export function CardConnectView({ link, card, failed, source, toLogin }: CardConnectViewProps) {
  useBlockContextMenu();
  useLoginRedirect(toLogin);
  useCardViewBeacon(link, !!card, source);
  if (!link || failed) return <NotFoundView />;
  if (!card) return <CardSkeleton />;
  const { card: profile, fields, services, download_url } = card;
  return (
    <div className={styles.layout}>
      <CardSidebar link={link} />
      <main className={styles.content}>
        <CardBanner card={profile} />
        <div className={styles.actions}>
          {/* The site's pages send no referrer; this link does, so the form (another document) knows to go back here. */}
          <ButtonLink to={paths.cardExchange(profile.card_id, profile.type)} referrerPolicy="same-origin">
            {TEXTS.exchange}
          </ButtonLink>
          <a className={styles.saveButton} href={vcardHref(download_url)} download>
            {TEXTS.save}
          </a>
        </div>
        <CopyCardLink link={link} />
        <QuickLinks link={link} fields={fields} />
        <ServicesList services={services} />
      </main>
    </div>
  );
}
