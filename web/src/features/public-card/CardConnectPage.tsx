import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CARD_SOURCE_PARAM } from '@tapcard/shared/pages';
import { routes } from '../../lib/paths.js';
import { CardConnectView } from './CardConnectView.js';
import { usePublicCard } from './api.js';

/** card/connect?link=: the public card page in the app (the server-rendered page is CardConnectVisit). */
export function CardConnectPage() {
  const navigate = useNavigate();
  const toLogin = useCallback(() => void navigate(routes.login), [navigate]);
  const [search] = useSearchParams();
  const link = search.get('link');
  const card = usePublicCard(link);
  return <CardConnectView link={link} card={card.data} failed={card.isError} source={search.get(CARD_SOURCE_PARAM)} toLogin={toLogin} />;
}
