import { ConfirmDialog } from '../../components/Dialog.js';
import { MODERATION_TEXTS as T } from './moderation-texts.js';

/** 'Remove this message?' about a message of `author`'s, open while there is one (the admin chat's menu, a report). */
export function RemoveMessageDialog({ author, busy, onClose, onConfirm }: { author: string | null; busy: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      open={author !== null}
      onOpenChange={(open) => !open && onClose()}
      title={T.removeQuestion}
      description={author !== null ? T.removeDescription(author) : undefined}
      confirmLabel={T.removeMessage}
      cancelLabel={T.cancel}
      busy={busy}
      onConfirm={onConfirm}
    />
  );
}
