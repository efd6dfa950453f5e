import type { CardField } from '@tapcard/shared/contract';
import { quickLinkContent, webLink } from '@tapcard/shared/rules';

/** What tapping a quick link does: open a link, or show its text in a modal (the address). */
export type QuickLinkAction = { kind: 'link'; href: string; external: boolean } | { kind: 'modal'; text: string };

function looksLikeUrl(content: string): boolean {
  const value = content.trim();
  return /^https?:\/\//i.test(value) || /^(www\.)?[\w-]+(\.[\w-]+)+(\/\S*)?$/i.test(value);
}

/** Phone numbers are stored as digits (234…): dial them with their plus. */
export function telHref(content: string): string {
  const value = content.replace(/[^\d+]/g, '');
  return `tel:${/^234\d{8,}$/.test(value) ? `+${value}` : value}`;
}

export function quickLinkAction(field: Pick<CardField, 'type' | 'content'>): QuickLinkAction {
  const content = field.content.trim();
  switch (field.type) {
    case 'tel':
      return { kind: 'link', href: telHref(content), external: false };
    case 'wa':
      return { kind: 'link', href: `https://wa.me/${content.replace(/\D/g, '')}`, external: true };
    case 'address':
      return { kind: 'modal', text: content };
    case 'text': {
      const link = looksLikeUrl(content) ? webLink(content) : null;
      return link === null ? { kind: 'modal', text: content } : { kind: 'link', href: link, external: true };
    }
    default: {
      // Email, web and social links open only when they pass their type's rule; anything else (a value
      // stored before the rule, e.g. javascript: or data:) is shown as plain text, never as a link.
      const checked = quickLinkContent(field.type, content);
      if (!checked.ok) return { kind: 'modal', text: content };
      return field.type === 'email'
        ? { kind: 'link', href: `mailto:${checked.content}`, external: false }
        : { kind: 'link', href: checked.content, external: true };
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
