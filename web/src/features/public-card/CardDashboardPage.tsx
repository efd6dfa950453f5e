import { useSearchParams } from 'react-router-dom';
import { DashboardTabs } from '../../components/DashboardTabs.js';
import { LoadingScreen } from '../../components/LoadingScreen.js';
import { NotFoundView } from '../../components/NotFoundView.js';
import { Avatar, Page } from '../../components/Page.js';
import { useBlockContextMenu } from '../../lib/context-menu.js';
import { paths } from '../../lib/paths.js';
import styles from './PublicCard.module.css';
import { usePublicCard } from './usePublicCard.js';

/** card/dashboard?link=: the card's dashboard, view only; its Connect and Events links carry the link. */
export function CardDashboardPage() {
  useBlockContextMenu();
  const [search] = useSearchParams();
  const link = search.get('link');
  const card = usePublicCard(link);
  if (!link || card.isError) return <NotFoundView />;
  if (!card.data) return <LoadingScreen />;
  const { card: profile } = card.data;
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
