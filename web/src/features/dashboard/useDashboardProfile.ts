import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { calls } from '@tapcard/shared/contract';
import { apiOrThrow } from '../../lib/api.js';
import { queryKeys } from '../../lib/query-keys.js';
import { readDashboardData, writeDashboardData, type DashboardData } from '../../lib/session.js';

/** The dashboard's name, description and image: the cache at once, then the account's profile, which refreshes the cache. */
export function useDashboardProfile(): DashboardData | null {
  const [cached] = useState(readDashboardData);
  const { data } = useQuery({
    queryKey: queryKeys.userProfile(),
    queryFn: ({ signal }) => apiOrThrow(calls.userProfile, { signal }).then((answer) => answer.data),
  });
  useEffect(() => {
    if (data) writeDashboardData({ name: data.name, description: data.description, image: data.image });
  }, [data]);
  return data ? { name: data.name, description: data.description, image: data.image } : cached;
}
