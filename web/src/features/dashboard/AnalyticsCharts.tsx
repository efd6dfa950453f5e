import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CardDay } from '@tapcard/shared/contract';
import { CARD_VIEW_SOURCES } from '@tapcard/shared/pages';
import { daySeconds } from './analytics.js';
import styles from './CardAnalytics.module.css';
import { ANALYTICS_TEXTS as T } from './texts.js';

const HEIGHT = 220;
/** Colours that stay apart for colour-blind readers, and a dash each so no line depends on colour alone. */
const LINES = [
  { stroke: '#0b6e5a', dash: [] },
  { stroke: '#d55e00', dash: [8, 4] },
  { stroke: '#0072b2', dash: [2, 4] },
  { stroke: '#7b3294', dash: [10, 4, 2, 4] },
] as const;
/** Counts: whole-number steps on the y axis. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

interface ChartProps {
  title: string;
  labels: readonly string[];
  data: uPlot.AlignedData;
}

/** One uPlot line chart sized to its box; drawn for sighted readers only (the table says the same). */
function Chart({ title, labels, data }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const points = data[0].length <= 31;
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        // The days are UTC days: label them so, wherever the owner is.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(max, 1)] } },
        axes: [{}, { incrs: WHOLE_STEPS }],
        series: [{}, ...labels.map((label, index) => ({ label, stroke: LINES[index]!.stroke, dash: [...LINES[index]!.dash], width: 2, points: { show: points } }))],
      },
      data,
      element,
    );
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT })) : null;
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [labels, data]);
  return (
    <figure className={styles.chart}>
      <figcaption>{title}</figcaption>
      <div ref={box} aria-hidden="true" />
    </figure>
  );
}

const SOURCE_LABELS = CARD_VIEW_SOURCES.map((source) => T.sources[source]);
const ACTION_LABELS = [T.linkClicks, T.saves, T.exchanges];

/** The range's two charts: daily views by source, and daily clicks, saves and exchanges. */
export default function AnalyticsCharts({ days }: { days: readonly CardDay[] }) {
  const [views, actions] = useMemo(() => {
    const x = days.map((day) => daySeconds(day.day));
    const byView: uPlot.AlignedData = [x, ...CARD_VIEW_SOURCES.map((source) => days.map((day) => day.views[source]))];
    const byAction: uPlot.AlignedData = [x, days.map((day) => day.clicks), days.map((day) => day.saves), days.map((day) => day.exchanges)];
    return [byView, byAction];
  }, [days]);
  return (
    <div className={styles.charts}>
      <p className="visually-hidden">{T.chartNote}</p>
      <Chart title={T.viewsChart} labels={SOURCE_LABELS} data={views} />
      <Chart title={T.actionsChart} labels={ACTION_LABELS} data={actions} />
    </div>
  );
}
