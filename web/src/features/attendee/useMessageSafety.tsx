import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ChatRoomKind } from '@tapcard/shared/rules';
import { ConfirmDialog } from '../../components/Dialog.js';
import { MessageMenu, type MessageMenuAction } from '../../components/MessageMenu.js';
import { isAdminId } from '../../lib/live/message-style.js';
import type { ThreadItem } from '../../lib/live/outbox.js';
import type { SafetyCalls } from './useSafetyCalls.js';
import { TEXTS } from './texts.js';

// The report form (and the form library) is fetched when a report is first opened.
const ReportDialog = lazy(() => import('./ReportDialog.js'));

interface Person {
  id: string;
  name: string;
}

/**
 * The menu of other attendees' messages in an arena chat (Report message; in the group chat also
 * Share my card with <name> and Block <name>) and the dialogs it opens: the report form, and the
 * confirmation before blocking. Own and organiser's messages have no menu.
 */
export function useMessageSafety(calls: SafetyCalls, me: string | null, room: ChatRoomKind, options: { block: boolean; onShare?: (person: Person) => void }) {
  const [reporting, setReporting] = useState<ThreadItem | null>(null);
  const [blocking, setBlocking] = useState<Person | null>(null);
  const [busy, setBusy] = useState(false);
  const withBlock = options.block;
  const onShare = options.onShare;

  const menuFor = useCallback(
    (item: ThreadItem): ReactNode => {
      if (item.attendee_id === me || isAdminId(item.attendee_id)) return null;
      const actions: MessageMenuAction[] = [{ label: TEXTS.reportMessage, onSelect: () => setReporting(item) }];
      if (onShare) actions.push({ label: TEXTS.shareWith(item.name), onSelect: () => onShare({ id: item.attendee_id, name: item.name }) });
      if (withBlock) actions.push({ label: TEXTS.block(item.name), onSelect: () => setBlocking({ id: item.attendee_id, name: item.name }), danger: true });
      return <MessageMenu label={TEXTS.messageActions(item.name)} actions={actions} />;
    },
    [me, withBlock, onShare],
  );

  const confirmBlock = async () => {
    if (!blocking) return;
    setBusy(true);
    const outcome = await calls.setBlocked(blocking, true);
    setBusy(false);
    if (outcome.ok) setBlocking(null);
  };

  const dialogs = (
    <>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            open
            onOpenChange={(open) => !open && setReporting(null)}
            onReport={async (values) => {
              const outcome = await calls.report(reporting.key, room, values);
              return outcome.ok ? { ok: true } : { ok: false, message: outcome.message, errors: outcome.errors };
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={blocking !== null}
        onOpenChange={(open) => !open && setBlocking(null)}
        title={TEXTS.blockTitle(blocking?.name ?? TEXTS.someone)}
        description={TEXTS.blockDescription}
        confirmLabel={TEXTS.blockConfirm}
        cancelLabel={TEXTS.cancel}
        onConfirm={() => void confirmBlock()}
        busy={busy}
      />
    </>
  );
  return { menuFor, dialogs };
}
