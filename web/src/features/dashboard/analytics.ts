import { CARD_VIEW_SOURCES } from '@tapcard/shared/pages';
import { csvCell, UTF8_BOM } from '@tapcard/shared/domain';
import type { CardAnalytics, CardDay } from '@tapcard/shared/contract';
import { exchangeRate } from '@tapcard/shared/rules';
import { ANALYTICS_TEXTS as T } from './texts.js';

/** A day's views from every source. */
export const dayViews = (day: CardDay): number => CARD_VIEW_SOURCES.reduce((sum, source) => sum + day.views[source], 0);

export interface AnalyticsTotals {
  views: number;
  clicks: number;
  saves: number;
  exchanges: number;
  /** Percent of views that ended in an exchange, one decimal. */
  rate: number;
}

export function totalsOf(days: readonly CardDay[]): AnalyticsTotals {
  const sum = (pick: (day: CardDay) => number) => days.reduce((total, day) => total + pick(day), 0);
  const views = sum(dayViews);
  const exchanges = sum((day) => day.exchanges);
  return { views, clicks: sum((day) => day.clicks), saves: sum((day) => day.saves), exchanges, rate: exchangeRate(views, exchanges) };
}

/** Nothing happened in the range: no view, click, save or exchange on any day, no click on any link. */
export function isEmpty(analytics: CardAnalytics): boolean {
  const totals = totalsOf(analytics.days);
  return totals.views + totals.clicks + totals.saves + totals.exchanges === 0 && analytics.links.every((link) => link.clicks === 0);
}

/** The daily figures' columns, in the table and the CSV file alike. */
export const DAILY_COLUMNS = [T.day, ...CARD_VIEW_SOURCES.map((source) => T.sources[source]), T.views, T.linkClicks, T.saves, T.exchanges] as const;

/** One day's figures after its day, in the columns' order. */
export const dailyFigures = (day: CardDay): number[] => [...CARD_VIEW_SOURCES.map((source) => day.views[source]), dayViews(day), day.clicks, day.saves, day.exchanges];

/**
 * The daily figures as a CSV file's text (RFC 4180, UTF-8 with its byte order mark, CRLF after every
 * record): the columns' header, then one row per day, oldest first, the day as YYYY-MM-DD (UTC).
 */
export function dailyCsv(days: readonly CardDay[]): string {
  const rows = [DAILY_COLUMNS.map(csvCell).join(',')];
  for (const day of days) rows.push([day.day, ...dailyFigures(day).map(String)].map(csvCell).join(','));
  return `${UTF8_BOM}${rows.join('\r\n')}\r\n`;
}

/** A UTC day ('YYYY-MM-DD') as seconds since the epoch, the charts' x values. */
export const daySeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/** One chart: its title, its lines' labels, and its data (the days, then one row of counts per line). */
export interface ChartSpec {
  title: string;
  labels: string[];
  data: [number[], ...number[][]];
}

/** The range's two charts: daily views by source, and daily link clicks, contact saves and exchanges. */
export function chartsOf(days: readonly CardDay[]): ChartSpec[] {
  const x = days.map((day) => daySeconds(day.day));
  return [
    { title: T.viewsChart, labels: CARD_VIEW_SOURCES.map((source) => T.sources[source]), data: [x, ...CARD_VIEW_SOURCES.map((source) => days.map((day) => day.views[source]))] },
    { title: T.actionsChart, labels: [T.linkClicks, T.saves, T.exchanges], data: [x, days.map((day) => day.clicks), days.map((day) => day.saves), days.map((day) => day.exchanges)] },
  ];
}
