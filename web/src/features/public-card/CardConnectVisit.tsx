import { CARD_SOURCE_PARAM } from '@tapcard/shared/pages';
import { routes } from '../../lib/paths.js';
import type { VisitorPageProps } from '../../lib/ssr.js';
import { CardConnectView } from './CardConnectView.js';
import { useVisitorCard } from './useVisitorCard.js';

const toLogin = () => window.location.assign(routes.login);

/** card/connect?link=: the server-rendered card page, as the light entry hydrates it (no router). */
export function CardConnectVisit({ url, state }: VisitorPageProps) {
  const link = url.searchParams.get('link');
  const { card, failed } = useVisitorCard(link, state);
  return <CardConnectView link={link} card={card} failed={failed} source={url.searchParams.get(CARD_SOURCE_PARAM)} toLogin={toLogin} />;
}
