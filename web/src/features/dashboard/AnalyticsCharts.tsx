import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartSpec } from './analytics.js';
import styles from './CardAnalytics.module.css';

// Only the drawing lives here (uPlot and its CSS): the numbers and words come in ready, so this lazy
// chunk shares no module with the rest of the app but the page's own styles.

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

/** One uPlot line chart sized to its box; drawn for sighted readers only (the table says the same). */
function Chart({ title, labels, data }: ChartSpec) {
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
        series: [{}, ...labels.map((label, index) => ({ label, stroke: LINES[index % LINES.length]!.stroke, dash: [...LINES[index % LINES.length]!.dash], width: 2, points: { show: points } }))],
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

/** The range's charts, each with its title, in a column. */
export default function AnalyticsCharts({ charts, note }: { charts: readonly ChartSpec[]; note: string }) {
  return (
    <div className={styles.charts}>
      <p className="visually-hidden">{note}</p>
      {charts.map((chart) => (
        <Chart key={chart.title} {...chart} />
      ))}
    </div>
  );
}
