import { useId, useState } from 'react';
import type { CardDay } from '@tapcard/shared/contract';
import { DAILY_COLUMNS, dailyFigures } from './analytics.js';
import styles from './CardAnalytics.module.css';
import { ANALYTICS_TEXTS as T } from './texts.js';

/**
 * Every day's figures as a table, the charts' accessible alternative: always in the page for screen
 * readers, shown on screen on demand.
 */
export function AnalyticsTable({ days, range }: { days: readonly CardDay[]; range: number }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  return (
    <div>
      <button type="button" className={styles.disclosure} aria-expanded={shown} aria-controls={id} onClick={() => setShown((value) => !value)}>
        {shown ? T.hideTable : T.showTable}
      </button>
      <div id={id} className={shown ? styles.tableWrap : 'visually-hidden'} {...(shown ? { role: 'region', 'aria-label': T.tableCaption(range), tabIndex: 0 } : {})}>
        <table className={styles.table}>
          <caption>{T.tableCaption(range)}</caption>
          <thead>
            <tr>
              {DAILY_COLUMNS.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{day.day}</time>
                </th>
                {dailyFigures(day).map((value, index) => (
                  <td key={DAILY_COLUMNS[index + 1]}>{value}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
