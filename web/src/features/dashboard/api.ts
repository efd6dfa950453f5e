import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { calls, ownerCardCalls } from '@tapcard/shared/contract';
import type { AnalyticsRange } from '@tapcard/shared/rules';
import { callQuery } from '../../lib/call-query.js';
import { readDashboardData, writeDashboardData, type DashboardData } from '../../lib/session.js';

/** The dashboard's reads: the account's profile and the card's analytics. */

/** The owner's card analytics over the last `days` days. */
export function useCardAnalytics(days: AnalyticsRange) {
  return useQuery(callQuery(ownerCardCalls, 'cardAnalytics', { query: { days } }, { pick: (answer) => answer.data }));
}

/** The dashboard's name, description and image: the cache at once, then the account's profile, which refreshes the cache. */
export function useDashboardProfile(): DashboardData | null {
  const [cached] = useState(readDashboardData);
  const { data } = useQuery(callQuery(calls, 'userProfile', {}, { pick: (answer) => answer.data }));
  useEffect(() => {
    if (data) writeDashboardData({ name: data.name, description: data.description, image: data.image });
  }, [data]);
  return data ? { name: data.name, description: data.description, image: data.image } : cached;
}
