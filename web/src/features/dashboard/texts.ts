/** The owner dashboard's required defaults. */
export const TEXTS = {
  defaultName: 'Hi, User',
  defaultDescription: 'You are awesome!',
  comingSoon: 'COMING SOON',
} as const;

/** The card analytics section. */
export const ANALYTICS_TEXTS = {
  title: 'Card analytics',
  ranges: 'Period',
  range: (days: number) => `${days} days`,
  loading: 'Loading your card analytics…',
  failed: 'Your card analytics could not be loaded.',
  retry: 'Try again',
  empty: 'No visits yet. Share your card to see how it does.',
  noCard: 'Create your card to see how it does.',
  totals: 'Totals',
  views: 'Views',
  linkClicks: 'Link clicks',
  saves: 'Contact saves',
  exchanges: 'Exchanges',
  exchangeRate: 'Exchange rate',
  percent: (value: number) => `${value}%`,
  sources: { tap: 'Tap', qr: 'QR', link: 'Link', arena: 'Arena' },
  viewsChart: 'Daily views by source',
  actionsChart: 'Daily link clicks, contact saves and exchanges',
  chartNote: 'The same numbers are in the table of daily figures.',
  loadingCharts: 'Loading charts…',
  tableCaption: (days: number) => `Daily figures, last ${days} days`,
  showTable: 'Show as table',
  hideTable: 'Hide table',
  day: 'Day',
  perLink: 'Clicks per link',
  noClicks: 'No link clicks yet.',
  clicks: (count: number) => (count === 1 ? '1 click' : `${count} clicks`),
  download: 'Download CSV',
  csvFileName: (days: number) => `card-analytics-${days}-days.csv`,
} as const;
