import type { CardAnalytics, CardDay, CardField } from '@tapcard/shared/contract';
import { CARD_VIEW_SOURCES, type CardViewSource } from '@tapcard/shared/pages';
import type { AnalyticsRange } from '@tapcard/shared/rules';
import type { Row } from '../db/schema.js';

/** The label clicks of quick links deleted since are summed under (with id null). */
export const REMOVED_LINKS_LABEL = 'Removed links';

const DAY_MS = 86_400_000;

/** The UTC days of a range ending with `today` ('YYYY-MM-DD'), oldest first. */
export function rangeDays(today: string, range: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: range }, (_, i) => new Date(end - (range - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

const isViewSource = (key: string): key is CardViewSource => (CARD_VIEW_SOURCES as readonly string[]).includes(key);

/**
 * The owner's analytics from a profile's stat rows of the range: every day (zeros where nothing was
 * counted), and clicks per quick link, most first (ties in the card's order), with the clicks of links
 * deleted since summed under id null.
 */
export function cardAnalytics(rows: readonly Row<'card_stats'>[], fields: readonly CardField[], range: AnalyticsRange, today: string): CardAnalytics {
  const days = new Map<string, CardDay>(
    rangeDays(today, range).map((day) => [day, { day, views: { tap: 0, qr: 0, link: 0, arena: 0 }, clicks: 0, saves: 0, exchanges: 0 }]),
  );
  const clicksByLink = new Map<string, number>();
  for (const row of rows) {
    const day = days.get(row.day);
    if (!day) continue;
    if (row.metric === 'view') {
      if (isViewSource(row.key)) day.views[row.key] += row.count;
    } else if (row.metric === 'click') {
      day.clicks += row.count;
      clicksByLink.set(row.key, (clicksByLink.get(row.key) ?? 0) + row.count);
    } else if (row.metric === 'save') {
      day.saves += row.count;
    } else {
      day.exchanges += row.count;
    }
  }
  const links: CardAnalytics['links'] = [];
  for (const field of fields) {
    if (field.id === undefined) continue;
    links.push({ id: field.id, label: field.label, clicks: clicksByLink.get(field.id) ?? 0 });
    clicksByLink.delete(field.id);
  }
  const removed = [...clicksByLink.values()].reduce((sum, n) => sum + n, 0);
  // A stable sort: equal counts stay in the card's order, and removed links after the current ones.
  links.sort((a, b) => b.clicks - a.clicks);
  if (removed > 0) {
    const at = links.findIndex((l) => l.clicks < removed);
    links.splice(at === -1 ? links.length : at, 0, { id: null, label: REMOVED_LINKS_LABEL, clicks: removed });
  }
  return { range, days: [...days.values()], links };
}
