import { lazy, Suspense, useMemo } from 'react';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@tapcard/shared/rules';
import { Button } from '../../components/Button.js';
import { ApiError } from '../../lib/api.js';
import { Tabs } from '../../components/Tabs.js';
import { CSV_MIME, saveFile } from '../../lib/download.js';
import { AnalyticsTable } from './AnalyticsTable.js';
import { chartsOf, dailyCsv, isEmpty, totalsOf } from './analytics.js';
import styles from './CardAnalytics.module.css';
import { ANALYTICS_TEXTS as T } from './texts.js';
import { useCardAnalytics } from './api.js';

// The charting library loads with the charts only, after the numbers are on screen.
const AnalyticsCharts = lazy(() => import('./AnalyticsCharts.js'));

function ChartsSkeleton() {
  return (
    <div className={styles.charts}>
      <p className="visually-hidden" role="status">
        {T.loadingCharts}
      </p>
      <div className={styles.chartSkeleton} aria-hidden="true" />
      <div className={styles.chartSkeleton} aria-hidden="true" />
    </div>
  );
}

function RangeAnalytics({ days }: { days: AnalyticsRange }) {
  const analytics = useCardAnalytics(days);
  const charts = useMemo(() => (analytics.data ? chartsOf(analytics.data.days) : []), [analytics.data]);
  if (analytics.isPending) {
    return (
      <div className={styles.loading} aria-busy="true">
        <p className="visually-hidden" role="status">
          {T.loading}
        </p>
        <div className={styles.totalsSkeleton} aria-hidden="true" />
        <div className={styles.chartSkeleton} aria-hidden="true" />
      </div>
    );
  }
  // An account without a card yet (made by social sign-in, say) has nothing to count.
  if (analytics.error instanceof ApiError && analytics.error.status === 404) return <p className={styles.empty}>{T.noCard}</p>;
  if (analytics.isError) {
    return (
      <div className={styles.problem} role="alert">
        <p>{T.failed}</p>
        <Button variant="secondary" onClick={() => void analytics.refetch()}>
          {T.retry}
        </Button>
      </div>
    );
  }
  const data = analytics.data;
  if (isEmpty(data)) return <p className={styles.empty}>{T.empty}</p>;
  const totals = totalsOf(data.days);
  const figures = [
    [T.views, totals.views],
    [T.linkClicks, totals.clicks],
    [T.saves, totals.saves],
    [T.exchanges, totals.exchanges],
    [T.exchangeRate, T.percent(totals.rate)],
  ] as const;
  return (
    <div className={styles.body}>
      <h3 className="visually-hidden">{T.totals}</h3>
      <dl className={styles.totals}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.total}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Suspense fallback={<ChartsSkeleton />}>
        <AnalyticsCharts charts={charts} note={T.chartNote} />
      </Suspense>
      <AnalyticsTable days={data.days} range={days} />
      <div className={styles.links}>
        <h3>{T.perLink}</h3>
        {data.links.length === 0 ? (
          <p className={styles.muted}>{T.noClicks}</p>
        ) : (
          <ul aria-label={T.perLink}>
            {data.links.map((link) => (
              <li key={link.id ?? ''}>
                <span>{link.label}</span> <span className={styles.count}>{T.clicks(link.clicks)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <Button variant="secondary" onClick={() => saveFile(T.csvFileName(days), dailyCsv(data.days), CSV_MIME)}>
          {T.download}
        </Button>
      </div>
    </div>
  );
}

/** The owner's card analytics: totals, charts and the daily figures for the last 7, 30 or 90 days. */
export function CardAnalytics() {
  return (
    <section className={styles.section} aria-labelledby="card-analytics-title">
      <h2 id="card-analytics-title">{T.title}</h2>
      <Tabs
        label={T.ranges}
        items={ANALYTICS_RANGES.map((days) => ({ value: String(days), label: T.range(days), content: <RangeAnalytics days={days} /> }))}
      />
    </section>
  );
}
