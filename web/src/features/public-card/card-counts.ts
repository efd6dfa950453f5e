import { CARD_SOURCE_PARAM, CARD_VIEW_SOURCES, type CardViewSource } from '@tapcard/shared/pages';

/**
 * The public card's counting, as the page's first render ships it: the beacon code is downloaded
 * only when a count is sent, after the page is on screen.
 */
const loadBeacon = () => import('./beacon.js');

/** How the visitor came, from the `src` parameter; anything else (or none) counts as the link. */
export function viewSource(value: string | null): CardViewSource {
  return CARD_VIEW_SOURCES.find((source) => source === value) ?? 'link';
}

export function countView(link: string, source: CardViewSource): void {
  loadBeacon().then((beacon) => beacon.sendCardView({ link, source }), () => {});
}

/** A quick link's click, by its server id (a link without one is not counted). */
export function countClick(link: string, fieldId: string | undefined): void {
  if (!fieldId) return;
  loadBeacon().then((beacon) => beacon.sendLinkClick({ link, field_id: fieldId }), () => {});
}

/**
 * The address without `src`, so a copied or reloaded address does not count its source again; the
 * other parameters stay, and so does the router's entry state (its key and index in the history).
 */
export function dropSourceFromAddress(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(CARD_SOURCE_PARAM)) return;
  url.searchParams.delete(CARD_SOURCE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
