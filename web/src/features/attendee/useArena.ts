import { useMemo } from 'react';
import type { ViewOf } from '@tapcard/shared/realtime';
import { useArenaLive } from '../../lib/live/useLiveEvent.js';
import { chatSelfOf } from '../../lib/live/usePost.js';
import { useEventPagesWorker } from '../../lib/pwa.js';

/**
 * The arena's live view plus the attendee as the chats post under; the arena's pages load offline once
 * visited. `seed`: the view a server-rendered page was drawn with.
 */
export function useArena(tid: string, seed?: ViewOf<'arena'>) {
  useEventPagesWorker();
  const live = useArenaLive(tid, seed);
  const attendee = live.view?.attendee ?? null;
  const self = useMemo(() => (attendee ? chatSelfOf(attendee) : null), [attendee]);
  return { live, self };
}
