import type { CardField } from '@tapcard/shared/contract';
import { phoneNumber, quickLinkContent, webLink } from '@tapcard/shared/rules';

/** What tapping a quick link does: open a link, or show its text in a modal (the address). */
export type QuickLinkAction = { kind: 'link'; href: string; external: boolean } | { kind: 'modal'; text: string };

function looksLikeUrl(content: string): boolean {
  const value = content.trim();
  return /^https?:\/\//i.test(value) || /^(www\.)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(value);
}

/** A phone number's tel: link in E.164 (a number stored before the rule, e.g. '0803…', too), or null. */
export function telHref(content: string): string | null {
  const phone = phoneNumber(content);
  return phone === null ? null : `tel:${phone}`;
}

export function quickLinkAction(field: Pick<CardField, 'type' | 'content'>): QuickLinkAction {
  const content = field.content.trim();
  switch (field.type) {
    case 'address':
      return { kind: 'modal', text: content };
    case 'text': {
      const link = looksLikeUrl(content) ? webLink(content) : null;
      return link === null ? { kind: 'modal', text: content } : { kind: 'link', href: link, external: true };
    }
    default: {
      // Every other type opens only when it passes its type's rule, from the normalised form; anything
      // else (a value stored before the rule, e.g. javascript:, data: or 'call me') is shown as plain text.
      const checked = quickLinkContent(field.type, content);
      if (!checked.ok) return { kind: 'modal', text: content };
      switch (field.type) {
        case 'tel':
          return { kind: 'link', href: `tel:${checked.content}`, external: false };
        case 'wa':
          return { kind: 'link', href: `https://wa.me/${checked.content.replace(/\D/g, '')}`, external: true };
        case 'email':
          return { kind: 'link', href: `mailto:${checked.content}`, external: false };
        default:
          return { kind: 'link', href: checked.content, external: true };
      }
    }
  }
}

/** The fields a visitor sees: shown ones (status not switched off), by position. */
export function visibleFields(fields: readonly CardField[]): CardField[] {
  return fields
    .filter((field) => field.content.trim() !== '' && !['0', 'inactive', 'false'].includes(field.status))
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (Number(a.field.position) || 0) - (Number(b.field.position) || 0) || a.index - b.index)
    .map(({ field }) => field);
}
