import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, ownerCardCalls, type CardAnalytics, type CardDay } from '@tapcard/shared/contract';
import { fail, mockNetwork, ok, type MockNetwork } from '../../test/network.js';
import { renderRoutes, signIn } from '../../test/render.js';
import { DashboardPage } from './routes.js';

/** What each chart was drawn with: its series' labels and its data (x values, then one row per series). */
const charts = vi.hoisted(() => [] as { labels: string[]; data: number[][] }[]);
vi.mock('uplot', () => {
  class FakePlot {
    static tzDate = (date: Date) => date;
    constructor(options: { series: { label?: string }[] }, data: number[][]) {
      charts.push({ labels: options.series.slice(1).map((series) => series.label ?? ''), data });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const pages = [{ path: '/dashboard', Component: DashboardPage }];

function day(date: string, views: CardDay['views'], clicks: number, saves: number, exchanges: number): CardDay {
  return { day: date, views, clicks, saves, exchanges };
}
const zero = (date: string) => day(date, { tap: 0, qr: 0, link: 0, arena: 0 }, 0, 0, 0);

/** Seven days: 50 views (tap 20, QR 18, link 12), 20 link clicks, 3 contact saves, 5 exchanges. */
const week: CardAnalytics = {
  range: 7,
  days: [
    zero('2026-11-21'),
    day('2026-11-22', { tap: 5, qr: 3, link: 2, arena: 0 }, 4, 1, 1),
    zero('2026-11-23'),
    day('2026-11-24', { tap: 10, qr: 10, link: 0, arena: 0 }, 10, 0, 2),
    zero('2026-11-25'),
    day('2026-11-26', { tap: 5, qr: 5, link: 10, arena: 0 }, 6, 2, 2),
    zero('2026-11-27'),
  ],
  links: [
    { id: 'f-site', label: 'Website', clicks: 12 },
    { id: 'f-insta', label: 'Instagram', clicks: 7 },
    { id: null, label: 'Deleted links', clicks: 1 },
  ],
};

/** Thirty days, one of them with visits from the arena: 4 views, 1 click, 1 exchange. */
const month: CardAnalytics = {
  range: 30,
  days: Array.from({ length: 30 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10);
    return i === 29 ? day(date, { tap: 0, qr: 1, link: 0, arena: 3 }, 1, 0, 1) : zero(date);
  }),
  links: [{ id: 'f-site', label: 'Website', clicks: 1 }],
};

/** Ninety days, with a busy first day: 7 views, 2 saves, no clicks or exchanges. */
const quarter: CardAnalytics = {
  range: 90,
  days: Array.from({ length: 90 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 7, 30 + i)).toISOString().slice(0, 10);
    return i === 0 ? day(date, { tap: 7, qr: 0, link: 0, arena: 0 }, 0, 2, 0) : zero(date);
  }),
  links: [],
};

let net: MockNetwork;
beforeEach(() => {
  signIn();
  charts.length = 0;
  net = mockNetwork();
  net.on(calls.userProfile, fail('Server error', 500));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answerRanges(byDays: Record<string, CardAnalytics>) {
  net.on(ownerCardCalls.cardAnalytics, (request) => {
    const answer = byDays[request.query.get('days') ?? ''];
    return answer ? ok(answer) : fail('Not found', 404);
  });
}

const section = () => within(screen.getByRole('region', { name: 'Card analytics' }));

/** The table's rows as text cells, the header first. */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

function totals(): Record<string, string | undefined> {
  const list = section().getByText('Exchange rate').closest('dl')!;
  return Object.fromEntries([...list.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
}

describe('card analytics on the dashboard', () => {
  it("shows the week's totals, exchange rate, charts, daily table and clicks per link", async () => {
    answerRanges({ 7: week });
    renderRoutes(pages, '/dashboard');
    expect(await section().findByRole('table', { name: 'Daily figures, last 7 days' })).toBeInTheDocument();
    expect(net.sent(ownerCardCalls.cardAnalytics).map((request) => request.query.get('days'))).toEqual(['7']);
    expect(section().getByRole('tab', { name: '7 days', selected: true })).toBeInTheDocument();

    expect(totals()).toEqual({ Views: '50', 'Link clicks': '20', 'Contact saves': '3', Exchanges: '5', 'Exchange rate': '10%' });

    const rows = tableRows('Daily figures, last 7 days');
    expect(rows[0]).toEqual(['Day', 'Tap', 'QR', 'Link', 'Arena', 'Views', 'Link clicks', 'Contact saves', 'Exchanges']);
    expect(rows.slice(1)).toEqual([
      ['2026-11-21', '0', '0', '0', '0', '0', '0', '0', '0'],
      ['2026-11-22', '5', '3', '2', '0', '10', '4', '1', '1'],
      ['2026-11-23', '0', '0', '0', '0', '0', '0', '0', '0'],
      ['2026-11-24', '10', '10', '0', '0', '20', '10', '0', '2'],
      ['2026-11-25', '0', '0', '0', '0', '0', '0', '0', '0'],
      ['2026-11-26', '5', '5', '10', '0', '20', '6', '2', '2'],
      ['2026-11-27', '0', '0', '0', '0', '0', '0', '0', '0'],
    ]);

    const perLink = section().getByRole('list', { name: 'Clicks per link' });
    expect(within(perLink).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Website 12 clicks', 'Instagram 7 clicks', 'Deleted links 1 click']);

    await waitFor(() => expect(charts).toHaveLength(2));
    const x = week.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    expect(charts[0]).toEqual({ labels: ['Tap', 'QR', 'Link', 'Arena'], data: [x, [0, 5, 0, 10, 0, 5, 0], [0, 3, 0, 10, 0, 5, 0], [0, 2, 0, 0, 0, 10, 0], [0, 0, 0, 0, 0, 0, 0]] });
    expect(charts[1]).toEqual({ labels: ['Link clicks', 'Contact saves', 'Exchanges'], data: [x, [0, 4, 0, 10, 0, 6, 0], [0, 1, 0, 0, 0, 2, 0], [0, 1, 0, 2, 0, 2, 0]] });
  });

  it('shows the table on demand, and each range when chosen by keyboard', async () => {
    answerRanges({ 7: week, 30: month, 90: quarter });
    const { user } = renderRoutes(pages, '/dashboard');
    const show = await section().findByRole('button', { name: 'Show as table' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await user.click(show);
    expect(section().getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true');
    expect(section().getByRole('region', { name: 'Daily figures, last 7 days' })).toBeVisible();

    section().getByRole('tab', { name: '7 days' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(section().getByRole('tab', { name: '30 days', selected: true })).toHaveFocus();
    expect(await section().findByRole('table', { name: 'Daily figures, last 30 days' })).toBeInTheDocument();
    const rows = tableRows('Daily figures, last 30 days');
    expect(rows).toHaveLength(31);
    expect(rows[1]![0]).toBe('2026-10-29');
    expect(rows[30]).toEqual(['2026-11-27', '0', '1', '0', '3', '4', '1', '0', '1']);
    expect(totals()).toEqual({ Views: '4', 'Link clicks': '1', 'Contact saves': '0', Exchanges: '1', 'Exchange rate': '25%' });

    await user.keyboard('{ArrowRight}');
    expect(await section().findByRole('table', { name: 'Daily figures, last 90 days' })).toBeInTheDocument();
    const quarterRows = tableRows('Daily figures, last 90 days');
    expect(quarterRows).toHaveLength(91);
    expect(quarterRows[1]).toEqual(['2026-08-30', '7', '0', '0', '0', '7', '0', '2', '0']);
    expect(quarterRows[90]![0]).toBe('2026-11-27');
    expect(totals()).toEqual({ Views: '7', 'Link clicks': '0', 'Contact saves': '2', Exchanges: '0', 'Exchange rate': '0%' });
    expect(section().getByText('No link clicks yet.')).toBeInTheDocument();
    expect(net.sent(ownerCardCalls.cardAnalytics).map((request) => request.query.get('days'))).toEqual(['7', '30', '90']);
  });

  it('says so when nothing has happened yet, with no charts or table', async () => {
    answerRanges({ 7: { range: 7, days: week.days.map((d) => zero(d.day)), links: [] } });
    renderRoutes(pages, '/dashboard');
    expect(await section().findByText('No visits yet. Share your card to see how it does.')).toBeInTheDocument();
    expect(section().queryByRole('table')).not.toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(charts).toHaveLength(0);
  });

  it('asks an account without a card yet to create one, with no error', async () => {
    net.on(ownerCardCalls.cardAnalytics, fail('You have not created your card yet', 404));
    renderRoutes(pages, '/dashboard');
    expect(await section().findByText('Create your card to see how it does.')).toBeInTheDocument();
    expect(section().queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers a retry when the analytics cannot be loaded', async () => {
    net.on(ownerCardCalls.cardAnalytics, fail('Server error', 500));
    const { user } = renderRoutes(pages, '/dashboard');
    expect(within(await section().findByRole('alert')).getByText('Your card analytics could not be loaded.')).toBeInTheDocument();
    answerRanges({ 7: week });
    await user.click(section().getByRole('button', { name: 'Try again' }));
    expect(await section().findByRole('table', { name: 'Daily figures, last 7 days' })).toBeInTheDocument();
  });

  it('downloads the daily figures as CSV, one row per day', async () => {
    const files: { name: string; blob: Blob }[] = [];
    let blob: Blob | null = null;
    vi.stubGlobal(
      'URL',
      Object.assign(class extends URL {}, {
        createObjectURL: (made: Blob) => {
          blob = made;
          return 'blob:test';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      files.push({ name: this.download, blob: blob! });
    });
    answerRanges({ 7: week });
    const { user } = renderRoutes(pages, '/dashboard');
    await user.click(await section().findByRole('button', { name: 'Download CSV' }));

    expect(files.map((file) => file.name)).toEqual(['card-analytics-7-days.csv']);
    expect(files[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await files[0]!.blob.arrayBuffer());
    expect(text).toBe(
      '\uFEFF' +
        [
          'Day,Tap,QR,Link,Arena,Views,Link clicks,Contact saves,Exchanges',
          '2026-11-21,0,0,0,0,0,0,0,0',
          '2026-11-22,5,3,2,0,10,4,1,1',
          '2026-11-23,0,0,0,0,0,0,0,0',
          '2026-11-24,10,10,0,0,20,10,0,2',
          '2026-11-25,0,0,0,0,0,0,0,0',
          '2026-11-26,5,5,10,0,20,6,2,2',
          '2026-11-27,0,0,0,0,0,0,0,0',
        ].join('\r\n') +
        '\r\n',
    );
  });
});
