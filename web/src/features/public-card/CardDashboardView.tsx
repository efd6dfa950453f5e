import type { PublicCard } from '@tapcard/shared/contract';
import { DashboardTabs } from '../../components/DashboardTabs.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { paths } from '../../lib/paths.js';
import styles from './PublicCard.module.css';

/** card/dashboard?link=: the card's dashboard, view only; its Connect and Events links carry the link. */
export function CardDashboardView({ link, card, failed }: { link: string | null; card: PublicCard | undefined; failed: boolean }) {
  useBlockContextMenu();
  if (!link || failed) return <NotFoundView />;
  if (!card) return <LoadingScreen />;
  const { card: profile } = card;
  return (
    <Page>
      <header className={styles.dashboardHeader}>
        <Avatar src={profile.profile} name={profile.title} size={88} alt={profile.title} />
        <h1 className={styles.title}>{profile.title}</h1>
      </header>
      <DashboardTabs connectTo={paths.cardConnect(link)} eventsTo={paths.cardEvents(link)} />
    </Page>
  );
}
