/**
 * Copies text: through the Clipboard API where the page may use it, else by selecting it in a hidden
 * read-only field and the older copy command (in-app browsers often lack or refuse the API). Resolves
 * false when neither copied; the caller then shows the text for copying by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  if (typeof navigator.clipboard?.writeText === 'function') {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): the copy command may still work.
    }
  }
  return copyBySelection(text);
}

function copyBySelection(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.setAttribute('aria-hidden', 'true');
  field.tabIndex = -1;
  // Off screen, and 16 px so iOS does not zoom in on the selection.
  Object.assign(field.style, { position: 'fixed', top: '0', left: '-9999px', fontSize: '16px' });
  document.body.append(field);
  field.focus({ preventScroll: true });
  field.select();
  field.setSelectionRange(0, text.length);
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  field.remove();
  focused?.focus();
  return copied;
}
