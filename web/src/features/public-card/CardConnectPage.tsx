import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CARD_PAGE_REDIRECT_MS } from '../../lib/ui.js';
import { ButtonLink } from '../../components/Button.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { API_BASE } from '../../lib/image.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { paths, routes } from '../../lib/paths.js';
import { CardBanner } from './CardBanner.js';
import { CopyCardLink } from './CopyCardLink.js';
import { CardSidebar } from './CardSidebar.js';
import { CardSkeleton } from './CardSkeleton.js';
import styles from './PublicCard.module.css';
import { QuickLinks } from './QuickLinks.js';
import { ServicesList } from './ServicesList.js';
import { TEXTS } from './texts.js';
import { useCardViewBeacon } from './useCardViewBeacon.js';
import { usePublicCard } from './usePublicCard.js';

/** The owner's vCard address: the answer's download_url, through the API base when it is an API path. */
export function vcardHref(downloadUrl: string): string {
  return downloadUrl.startsWith('/') && !downloadUrl.startsWith(`${API_BASE}/`) ? `${API_BASE}${downloadUrl}` : downloadUrl;
}

/** A required quirk, kept literally: the visitor's card page goes to the login page after 5 minutes. */
function useLoginRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate(routes.login), CARD_PAGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
}

/** card/connect?link=: the public card page. */
export function CardConnectPage() {
  useBlockContextMenu();
  useLoginRedirect();
  const [search] = useSearchParams();
  const link = search.get('link');
  const card = usePublicCard(link);
  useCardViewBeacon(link, !!card.data);
  if (!link || card.isError) return <NotFoundView />;
  if (!card.data) return <CardSkeleton />;
  const { card: profile, fields, services, download_url } = card.data;
  return (
    <div className={styles.layout}>
      <CardSidebar link={link} />
      <main className={styles.content}>
        <CardBanner card={profile} />
        <div className={styles.actions}>
          <ButtonLink to={paths.cardExchange(profile.card_id, profile.type)}>{TEXTS.exchange}</ButtonLink>
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
